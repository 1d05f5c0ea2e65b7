// A player of the game site logs in through the service's Login API (issue 29 item 6): register,
// confirm through the mailbox, log in, buy as that player, log out.
import { expect, test, type Page } from '@playwright/test';
import { callMerchantApi } from '../fixtures/merchant-call';
import { world } from './world';

/** A new player's name: the world lives as long as the run, and every registration needs its own. */
const newPlayer = (tag: string) => `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function register(page: Page, username: string, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Register' }).click();
}

async function logIn(page: Page, username: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** The claims of a JWT, read without checking it (the test only needs to know whom it names). */
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string; username: string };

test('a player registers, confirms through the mailbox, logs in, buys as themself and logs out', async ({ page }) => {
  const username = newPlayer('ann');
  const email = `${username}@example.test`;
  // The demo player has bought something (a paid order of the page's server, without a login).
  const { token: demoToken } = (await (await fetch(`${world.demo}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"purchase":{"virtual_currency":{"quantity":100}}}' })).json()) as { token: string };
  const paidByDemo = await fetch(`${world.sandbox}/api/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: world.sandbox },
    body: JSON.stringify({ search: `?access_token=${encodeURIComponent(demoToken)}`, outcome: 'success' }),
  });
  expect(paidByDemo.status).toBe(200);
  await expect.poll(async () => ((await (await fetch(`${world.demo}/api/orders`)).json()) as unknown[]).length).toBeGreaterThan(0);
  await page.goto(`${world.demo}/game.html`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
  await expect(page.getByRole('list', { name: 'Your purchases' }).getByRole('listitem')).not.toHaveCount(0);
  const status = page.locator('#player-status');
  await expect(status).toHaveText('Playing as the demo player, Nova Rider. Log in to buy as yourself.');

  await register(page, username, email, 'secret-1');
  const message = page.locator('#player-message');
  await expect(message).toHaveText(`Registered. Check your mailbox: the service sent a confirmation link to ${email}.`);
  // The project asks for a confirmed address: the service says so until the link is followed.
  await logIn(page, username, 'secret-1');
  await expect(message).toHaveText('Not logged in: email not confirmed');

  await page.getByRole('button', { name: 'Check the mailbox' }).click();
  await page.getByRole('link', { name: 'Confirm your email address' }).click();
  await expect(page.getByRole('heading', { name: 'Email address confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to log in' }).click();
  await expect(page).toHaveURL(`${world.demo}/game.html`);

  await logIn(page, username, 'wrong-password');
  await expect(message).toHaveText('Not logged in: wrong username or password');

  // The Login API sends the page back to its callback with the JWT in the address.
  const back = page.waitForRequest((request) => request.url().startsWith(`${world.demo}/game.html?token=`));
  await logIn(page, username, 'secret-1');
  const { sub } = claimsOf(new URL((await back).url()).searchParams.get('token')!);
  await expect(status).toHaveText(`Signed in as ${username} (${email}): you buy as yourself.`);
  // Their purchases: none yet, whatever the demo player bought.
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
  await expect(page.getByRole('list', { name: 'Your purchases' }).getByRole('listitem')).toHaveCount(0);
  // The JWT left the address at once; the session is a cookie no script can read.
  await expect(page).toHaveURL(`${world.demo}/game.html`);
  const cookie = (await page.context().cookies(world.demo)).find((c) => c.name === 'demo_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('demo_session');

  // (The game page prepares the payment UI of the button pointed at, preload: 'ui': its token may
  // have been asked for before the click, so the order is read from the list.)
  await page.getByRole('button', { name: 'Buy 100 Crystals' }).click();
  const ui = page.frameLocator('[data-payui-lightbox] iframe');
  await ui.getByRole('button', { name: /^Pay/ }).click();
  await ui.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.locator('#balance')).toContainText('100 Crystals delivered');
  const purchases = page.getByRole('list', { name: 'Your purchases' });
  await expect(purchases.getByRole('listitem')).toHaveCount(1);
  await expect(purchases.getByRole('listitem')).toHaveText(/^100 Crystals: delivered/);
  const order = (await purchases.getByRole('listitem').getAttribute('data-order'))!;

  // The order, and the service's signed webhook, name the player the JWT named.
  expect(((await (await page.request.get(`${world.demo}/api/orders/${order}`)).json()) as { player: string }).player).toBe(sub);
  const log = (await callMerchantApi(world.merchantApi, 'GET', '/mock/webhooks')).body as { deliveries: { notification_type: string; body: string }[] };
  const paid = log.deliveries.map((d) => ({ type: d.notification_type, body: JSON.parse(d.body) as { billing?: { transaction: { external_id?: string } }; user?: { external_id: string } } }))
    .find((d) => d.type === 'order_paid' && d.body.billing?.transaction.external_id === order);
  expect(paid?.body.user?.external_id).toBe(sub);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(status).toHaveText('Playing as the demo player, Nova Rider. Log in to buy as yourself.');
  await expect(purchases.locator(`li[data-order="${order}"]`)).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
  // Signed out for the server too: its next token is the demo player's again.
  expect(((await (await page.request.get(`${world.demo}/api/player`)).json()) as { id: string }).id).toBe('demo-player-1');
});

test('a token the game server did not get from the Login API is refused: no session, still the demo player', async ({ page }) => {
  await page.goto(`${world.demo}/game.html?token=${['eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', 'eyJzdWIiOiJ4In0', 'c2lnbmF0dXJl'].join('.')}&remember_me=false`);
  await expect(page.locator('#player-message')).toHaveText('You are not signed in: the login token is not valid: log in again');
  await expect(page.locator('#player-status')).toHaveText('Playing as the demo player, Nova Rider. Log in to buy as yourself.');
  await expect(page).toHaveURL(`${world.demo}/game.html`);
  expect((await page.context().cookies(world.demo)).some((c) => c.name === 'demo_session')).toBe(false);
});

test('a player of the second game registers and logs in through the proxy variants (our server\'s user store), and buys as themself', async ({ page }) => {
  const username = newPlayer('kai');
  const email = `${username}@example.test`;
  await page.goto(`${world.demo}/harbor.html`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
  const message = page.locator('#player-message');
  await register(page, username, email, 'harbor-1');
  await expect(message).toHaveText('Registered. You can log in now.');
  // The store's own words come back through the service.
  await register(page, username, `other-${email}`, 'harbor-1');
  await expect(message).toHaveText('Not registered: username: is already taken');
  await logIn(page, username, 'wrong-password');
  await expect(message).toHaveText('Not logged in: wrong username or password');

  const back = page.waitForRequest((request) => request.url().startsWith(`${world.demo}/harbor.html?token=`));
  await logIn(page, username, 'harbor-1');
  const { sub, username: named } = claimsOf(new URL((await back).url()).searchParams.get('token')!);
  expect(named).toBe(username);
  await expect(page.locator('#player-status')).toHaveText(`Signed in as ${username} (${email}): you buy as yourself.`);
  await expect(page).toHaveURL(`${world.demo}/harbor.html`);

  const token = page.waitForResponse(`${world.demo}/api/token`);
  await page.getByRole('button', { name: 'Buy 50 Pearls' }).click();
  const { order } = (await (await token).json()) as { order: string };
  const ui = page.frameLocator('[data-payui-lightbox] iframe');
  await ui.getByRole('button', { name: /^Pay/ }).click();
  await ui.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.locator('#delivery')).toHaveText('50 Pearls delivered: our server got the payment\'s signed webhook.');
  expect(((await (await page.request.get(`${world.demo}/api/orders/${order}`)).json()) as { player: string }).player).toBe(sub);

  // The game site's session is another game's: there, still the demo player.
  expect(((await (await page.request.get(`${world.demo}/api/session`)).json()) as { player: unknown }).player).toBeNull();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.locator('#player-status')).toHaveText('Not logged in: you buy as the demo player, Nova Rider. Register or log in to buy as yourself.');
});
