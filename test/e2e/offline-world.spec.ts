import { execFile, spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { createConnection } from 'node:net';
import { expect, test } from '@playwright/test';
import { world } from './world';

test('the redirect shop completes a mock purchase and gets the player back', async ({ page }) => {
  await page.goto(`${world.demo}/redirect.html`);
  await page.getByRole('button', { name: /^Buy Plasma drill/ }).click();
  await expect(page).toHaveURL(new RegExp(`^${world.sandbox}/\\?access_token=`));
  await expect(page.getByText('Plasma drill')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $2.49' }).click();
  await page.getByRole('link', { name: 'Return to game' }).click();
  await expect(page).toHaveURL(new RegExp(`^${world.demo}/return\\.html\\?`));
  // Said by the demo server, which has the payment's signed webhook (the address's status proves nothing).
  await expect(page.getByRole('heading', { name: 'Thank you! Your order is delivered' })).toBeVisible();
  await expect(page.locator('[data-param="user_id"]')).toHaveText('demo-player-1');
  await expect(page.locator('[data-param="foreigninvoice"]')).toHaveText(/^demo-order-/);
});

test('the pages carry a strict CSP and the merchant API refuses browsers', async ({ request }) => {
  const page = await request.get(`${world.demo}/`);
  expect(page.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(page.headers()['content-security-policy']).toContain(`frame-src ${world.live}`);
  const ui = await request.get(`${world.sandbox}/`);
  expect(ui.headers()['content-security-policy']).toContain("default-src 'self'");
  expect(await ui.text()).toContain('content="sandbox"');
  expect(await (await request.get(`${world.live}/`)).text()).toContain('content="live"');
  const api = await request.post(`${world.merchantApi}/merchant/v2/merchants/100001/token`, { data: {} });
  expect(api.status()).toBe(401);
});

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

test('npm start prints its addresses, takes ports from the environment and stops cleanly on Ctrl-C', async () => {
  test.slow(); // the service's database starts in each process
  const ports = { PAYUI_DEMO_PORT: '25173', PAYUI_MERCHANT_API_PORT: '25174', PAYUI_MOCK_LIVE_PORT: '25175', PAYUI_MOCK_SANDBOX_PORT: '25176' };
  const child = spawn(process.execPath, ['build/server/start.js', '--in-memory'], { env: { ...process.env, ...ports }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect.poll(() => output, { timeout: 60_000 }).toContain('Press Ctrl-C to stop.');
  expect(output).toContain('demo storefront     http://localhost:25173/');
  expect(output).toContain('payment UI sandbox  http://localhost:25176/');
  for (const port of Object.values(ports)) expect(await portOpen(Number(port))).toBe(true);

  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGINT');
  expect(await exited).toBe(0);
  for (const port of Object.values(ports)) expect(await portOpen(Number(port))).toBe(false);
});

test('the built mock/dist/server.js is a program: it has its run bit and answers --help', async () => {
  // Run as the shell would (no `node` in front): without the run bit this is EACCES, "Permission denied".
  expect(statSync('mock/dist/server.js').mode & 0o111).toBe(0o111);
  const help = await new Promise<{ code: number; out: string }>((resolve) => {
    execFile('mock/dist/server.js', ['--help'], (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, out: stdout + stderr }));
  });
  expect(help).toMatchObject({ code: 0, out: expect.stringContaining('payui-mock trigger <type>') });
});

test('the payui-mock command that npm install links runs the mock service on its own', async () => {
  test.slow(); // the service's database starts in each process
  const ports = { PAYUI_MERCHANT_API_PORT: '25184', PAYUI_MOCK_LIVE_PORT: '25185', PAYUI_MOCK_SANDBOX_PORT: '25186' };
  const child = spawn('node_modules/.bin/payui-mock', ['--in-memory'], { env: { ...process.env, ...ports }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await expect.poll(() => output, { timeout: 60_000 }).toContain('Press Ctrl-C to stop.');
    const html = await (await fetch('http://localhost:25186/')).text();
    expect(html).toContain('content="sandbox"');
    expect((await fetch('http://localhost:25184/health')).status).toBe(200);
  } finally {
    child.kill('SIGTERM');
  }
});

test('with the default ports taken (a running npm start, say), the test world starts on free ports', async () => {
  test.slow(); // the service's database starts in each process
  const { createServer } = await import('node:net');
  // Hold 5173–5176 unless something holds them already.
  const held = await Promise.all([5173, 5174, 5175, 5176].map((port) => new Promise<import('node:net').Server | null>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen({ host: '127.0.0.1', port }, () => resolve(server));
  })));
  try {
    for (const port of [5173, 5174, 5175, 5176]) expect(await portOpen(port)).toBe(true);
    const { chooseWorldPorts } = await import('./ports');
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH };
    const saved = { ...process.env };
    for (const name of ['PAYUI_DEMO_PORT', 'PAYUI_MERCHANT_API_PORT', 'PAYUI_MOCK_LIVE_PORT', 'PAYUI_MOCK_SANDBOX_PORT']) delete process.env[name];
    chooseWorldPorts();
    for (const name of ['PAYUI_DEMO_PORT', 'PAYUI_MERCHANT_API_PORT', 'PAYUI_MOCK_LIVE_PORT', 'PAYUI_MOCK_SANDBOX_PORT']) env[name] = process.env[name];
    Object.assign(process.env, saved);
    const child = spawn(process.execPath, ['build/server/start.js', '--in-memory'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect.poll(() => output, { timeout: 60_000 }).toContain('Press Ctrl-C to stop.');
      expect(output).toContain(`demo storefront     http://localhost:${env.PAYUI_DEMO_PORT}/`);
      const page = await (await fetch(`http://localhost:${env.PAYUI_DEMO_PORT}/game.html`)).text();
      // The pages are told where this world's payment UI is.
      expect(page).toContain(`http://localhost:${env.PAYUI_MOCK_SANDBOX_PORT}/`);
    } finally {
      child.kill('SIGINT');
    }
  } finally {
    held.forEach((server) => server?.close());
  }
});
