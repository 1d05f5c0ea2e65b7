import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { expectContractOrder } from './event-order';
import { requestToken } from './tokens';
import { world } from './world';

type Kind = 'rn' | 'webkit' | 'webkit-rn' | 'channel' | 'cordova';
interface NativeMessage { via: string; msg: { source: string; v: number; seq: number; type: string; data: any } }

/**
 * Fake native bridges, as the host apps install them; like Android's, they take strings only.
 * In every page the tab loads from now on, until the returned script is disposed of.
 */
function installBridges(page: Page, kinds: Kind[], delayMs = 0) {
  return page.addInitScript(({ kinds, delayMs }) => {
    if (window.top !== window) return;
    const w = window as any;
    w.nativeReceived = [];
    const handler = (via: string) => ({
      postMessage(message: unknown) {
        if (typeof message !== 'string') throw new TypeError('the bridge takes strings only');
        w.nativeReceived.push({ via, msg: JSON.parse(message) });
      },
    });
    const install = () => {
      if (kinds.includes('rn')) w.ReactNativeWebView = handler('rn');
      if (kinds.some((k: string) => k.startsWith('webkit') || k === 'cordova')) w.webkit = { messageHandlers: {} };
      if (kinds.includes('webkit')) w.webkit.messageHandlers.PayUIBridge = handler('webkit');
      if (kinds.includes('webkit-rn')) w.webkit.messageHandlers.ReactNativeWebView = handler('webkit-rn');
      if (kinds.includes('cordova')) w.webkit.messageHandlers.cordova_iab = handler('cordova');
      if (kinds.includes('channel')) w.PayUIBridge = handler('channel');
    };
    if (delayMs) setTimeout(install, delayMs);
    else install();
  }, { kinds, delayMs });
}

const received = (page: Page) => page.evaluate(() => (window as any).nativeReceived) as Promise<NativeMessage[]>;
const types = async (page: Page) => (await received(page)).map((m) => m.msg.type);
const paymentUi = (page: Page) => page.frameLocator('[data-payui-lightbox] iframe');

function launcher(fragment: Record<string, string>, via: 'hash' | 'query' = 'hash'): string {
  // The world runs on this run's ports: the launcher is told where its sandbox payment UI is.
  const params = new URLSearchParams({ sandbox_payment_ui_url: `${world.sandbox}/`, ...fragment });
  return `${world.demo}/dist/launcher/index.html${via === 'hash' ? `#${params}` : `?${params}`}`;
}

async function openLauncher(page: Page, extra: Record<string, string> = {}, via: 'hash' | 'query' = 'hash') {
  await page.goto(launcher({ access_token: await requestToken(), sandbox: '1', ...extra }, via));
  await expect(page.locator('[data-payui-lightbox] .root.ready')).toHaveCount(1);
}

test.describe('bridge detection', () => {
  const ORDER: Kind[] = ['rn', 'webkit', 'webkit-rn', 'channel', 'cordova'];
  /** The bridge that must win, and the handler it must use (webkit: the channel's, else React Native's). */
  const expected = (kinds: Kind[]) => {
    const first = ORDER.find((k) => kinds.includes(k))!;
    if (first === 'webkit' || first === 'webkit-rn') return { bridge: 'webkit', via: kinds.includes('webkit') ? 'webkit' : 'webkit-rn' };
    return { bridge: first, via: first };
  };

  test('every combination of installed bridges: the first in DESIGN.md order wins', async ({ page }) => {
    // 31 pages one after another, in one tab (a new tab each is a new renderer to start).
    test.setTimeout(90_000);
    // No token: the launcher reports that through whichever bridge it finds, without opening anything.
    for (let mask = 1; mask < 1 << ORDER.length; mask += 1) {
      const kinds = ORDER.filter((_, i) => mask & (1 << i));
      const bridges = await installBridges(page, kinds);
      // A page of its own each time (the same address again would only be a move to its fragment).
      await page.goto('about:blank');
      await page.goto(launcher({ sandbox: '1' }));
      await expect.poll(() => received(page)).toHaveLength(1);
      const [message] = await received(page);
      const bridge = await page.evaluate(() => window.PayUILauncher.bridge);
      expect({ kinds, bridge, via: message!.via }).toEqual({ kinds, ...expected(kinds) });
      await bridges.dispose();
    }
  });

  for (const [bridge, via] of [['rn', 'rn'], ['webkit', 'webkit'], ['channel', 'channel'], ['cordova', 'cordova']] as const) {
    test(`bridge=${bridge} picks it even when others come first`, async ({ page }) => {
      await installBridges(page, ['rn', 'webkit', 'channel', 'cordova']);
      await page.goto(launcher({ sandbox: '1', bridge }));
      await expect.poll(async () => (await received(page)).map((m) => m.via)).toEqual([via]);
    });
  }

  test('a custom channel name is honoured', async ({ page }) => {
    await page.addInitScript(() => {
      (window as any).nativeReceived = [];
      (window as any).GameBridge = { postMessage: (m: string) => (window as any).nativeReceived.push({ via: 'GameBridge', msg: JSON.parse(m) }) };
    });
    await page.goto(launcher({ sandbox: '1', channel: 'GameBridge' }));
    await expect.poll(async () => (await received(page)).map((m) => m.via)).toEqual(['GameBridge']);
  });

  test('bridge=none sends nothing', async ({ page }) => {
    await installBridges(page, ['rn']);
    await openLauncher(page, { bridge: 'none' });
    expect(await received(page)).toEqual([]);
  });
});

test.describe('messages to the native side', () => {
  test('a full purchase: one JSON string per event, seq increasing, close exactly once', async ({ page }) => {
    await installBridges(page, ['channel']);
    await openLauncher(page);
    await paymentUi(page).getByRole('button', { name: /^Pay/ }).click();
    await paymentUi(page).getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => types(page)).toContain('close');
    // A native close after the UI closed does not make a second close.
    await page.evaluate(() => window.PayUILauncher.receive('{"type":"close"}'));
    await page.waitForTimeout(200);
    const messages = await received(page);
    expectContractOrder(messages.map((m) => m.msg.type), [
      'init', 'open', 'open-lightbox', 'load', 'user-country', 'fcp',
      'status', 'status-invoice', 'status', 'status-delivering', 'status', 'status-done', 'close-lightbox', 'close',
    ]);
    expect(messages.map((m) => m.msg.seq)).toEqual(messages.map((_, i) => i + 1));
    for (const { msg } of messages) expect(Object.keys(msg)).toEqual(['source', 'v', 'seq', 'type', 'data']);
    expect(messages.every((m) => m.msg.source === 'payui' && m.msg.v === 1)).toBe(true);
    expect(messages.at(-1)!.msg.data).toEqual({ reason: 'ui', lastStatus: 'done' });
    expect(messages.find((m) => m.msg.type === 'status-done')!.msg.data.paymentInfo).toMatchObject({ status: 'done', userId: 'player-42' });
  });

  test('a bridge that appears late gets everything queued before it, in order', async ({ page }) => {
    await installBridges(page, ['rn'], 700);
    await openLauncher(page);
    await expect.poll(() => types(page)).toEqual(expect.arrayContaining(['init', 'open', 'open-lightbox', 'load']));
    const seqs = (await received(page)).map((m) => m.msg.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  });

  test('the lightbox is full screen with its close button; the fragment works from the query too', async ({ page }) => {
    await installBridges(page, ['rn']);
    await openLauncher(page, {}, 'query');
    const viewport = page.viewportSize()!;
    expect(await page.locator('[data-payui-lightbox] .dialog').boundingBox()).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(async () => (await received(page)).at(-1)?.msg).toMatchObject({ type: 'close', data: { reason: 'user', lastStatus: null } });
  });

  test('missing or bad parameters: a readable page and an error message', async ({ page }) => {
    await installBridges(page, ['rn']);
    await page.goto(launcher({ access_token: 'x', bridge: 'parent' }));
    await expect(page.getByRole('status')).toHaveText('This payment cannot start: bridge=parent needs target_origin.');
    await page.goto('about:blank');
    await page.goto(launcher({ access_token: 'x', target_origin: '*' }));
    await expect(page.getByRole('status')).toContainText("never '*'");
    await expect.poll(async () => (await received(page)).map((m) => m.msg.type)).toEqual(['error']);
    expect((await received(page))[0]!.msg.data).toMatchObject({ code: 'INVALID_OPTION' });
  });

  test('a bad token reaches the native side as the payment UI error', async ({ page }) => {
    await installBridges(page, ['rn']);
    await page.goto(launcher({ access_token: 'not-a-token', sandbox: '1' }));
    await expect.poll(async () => (await received(page)).find((m) => m.msg.type === 'error')?.msg.data).toMatchObject({ code: '0004-0001' });
  });
});

test.describe('commands from the native side', () => {
  for (const [how, send] of [
    ['PayUILauncher.receive', "window.PayUILauncher.receive('{\"type\":\"close\"}')"],
    ['a message event on window', "window.dispatchEvent(new MessageEvent('message', { data: '{\"type\":\"close\"}' }))"],
    ['a message event on document', "document.dispatchEvent(new MessageEvent('message', { data: '{\"type\":\"close\"}' }))"],
  ] as const) {
    test(`close through ${how}: reason api`, async ({ page }) => {
      await installBridges(page, ['rn']);
      await openLauncher(page);
      await page.evaluate(send);
      await expect(page.locator('[data-payui-lightbox]')).toHaveCount(0);
      await expect.poll(async () => (await received(page)).at(-1)?.msg).toMatchObject({ type: 'close', data: { reason: 'api' } });
    });
  }

  test('back: closes with reason user and answers back-handled', async ({ page }) => {
    await installBridges(page, ['channel']);
    await openLauncher(page);
    await page.evaluate(() => document.dispatchEvent(new MessageEvent('message', { data: '{"type":"back"}' })));
    await expect.poll(async () => (await types(page)).slice(-3)).toEqual(['close-lightbox', 'close', 'back-handled']);
    expect((await received(page)).find((m) => m.msg.type === 'close')!.msg.data).toEqual({ reason: 'user', lastStatus: null });
  });

  test('the payment UI frame cannot send native commands', async ({ page }) => {
    await installBridges(page, ['rn']);
    await openLauncher(page);
    const frame = page.frames().find((f) => f.url().startsWith(world.sandbox))!;
    await frame.evaluate(() => parent.postMessage('{"type":"close"}', '*'));
    await page.waitForTimeout(300);
    await expect(page.locator('[data-payui-lightbox]')).toHaveCount(1);
  });

  /**
   * A page that opened (or framed) the launcher posts from a frame of its own and removes that
   * frame at once: the launcher sees no `source`, but the page's origin. Not the native side.
   */
  for (const how of ['opened', 'framed'] as const) {
    test(`a ${how === 'opened' ? 'hostile opener' : 'hostile framing page'} posting from a frame it removes cannot close the payment`, async ({ context, page }) => {
      // A page of another origin, with no CSP of ours in its way.
      const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Free crystals</title>'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      page.once('close', () => server.close());
      const url = launcher({ access_token: await requestToken(), sandbox: '1' });
      const [launcherPage] = await Promise.all([
        how === 'opened' ? context.waitForEvent('page') : Promise.resolve(page),
        page.evaluate(({ url, how }) => {
          const w = window as any;
          if (how === 'opened') w.target = window.open(url, '_blank');
          else {
            const frame = Object.assign(document.createElement('iframe'), { src: url, width: 900, height: 700 });
            document.body.append(frame);
            w.target = frame.contentWindow;
          }
        }, { url, how }),
      ]);
      const shown = how === 'opened' ? launcherPage.locator('[data-payui-lightbox] .root.ready') : page.frameLocator('iframe').locator('[data-payui-lightbox] .root.ready');
      await expect(shown).toHaveCount(1);
      const sent = await page.evaluate(async () => {
        const w = window as any;
        let count = 0;
        for (const type of ['close', 'back']) {
          for (let i = 0; i < 5; i += 1) {
            const frame = document.createElement('iframe');
            document.body.append(frame);
            // A function of the frame's own realm: the frame is the message's source.
            (frame.contentWindow as any).Function('target', 'data', 'target.postMessage(data, "*")')(w.target, JSON.stringify({ type }));
            frame.remove();
            count += 1;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
        return count;
      });
      expect(sent).toBe(10);
      await expect(shown).toHaveCount(1);
    });
  }

  test('a native message event (no source, no origin) and one the page posts to itself still count', async ({ page }) => {
    await installBridges(page, ['rn']);
    await openLauncher(page);
    await page.evaluate(() => window.postMessage('{"type":"back"}', '*'));
    await expect(page.locator('[data-payui-lightbox]')).toHaveCount(0);
    await expect.poll(async () => (await types(page)).slice(-3)).toEqual(['close-lightbox', 'close', 'back-handled']);
  });
});

test.describe('terminal statuses', () => {
  test('return_url: after done, the page goes there with the status', async ({ page }) => {
    await installBridges(page, ['rn']);
    await openLauncher(page, { return_url: `${world.demo}/return.html?app=1` });
    await paymentUi(page).getByRole('button', { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/return\.html\?app=1&status=done&invoice_id=\d+$/);
  });

  test('close_on_done closes as soon as the payment is done', async ({ page }) => {
    await installBridges(page, ['rn']);
    await openLauncher(page, { close_on_done: '1' });
    await paymentUi(page).getByRole('button', { name: /^Pay/ }).click();
    await expect(page.locator('[data-payui-lightbox]')).toHaveCount(0);
    expect((await received(page)).at(-1)!.msg).toMatchObject({ type: 'close', data: { reason: 'api', lastStatus: 'done' } });
  });
});

test.describe('parent and opener bridges', () => {
  test('parent with target_origin: the stand-in native host page relays a full purchase', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1200 });
    await page.goto(`${world.demo}/native-host.html`);
    await page.getByRole('button', { name: 'Start a purchase' }).click();
    const ui = page.frameLocator('#webview').frameLocator('[data-payui-lightbox] iframe');
    await ui.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.locator('#relay li[data-type="status-done"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Native back button' }).click();
    await expect(page.locator('#relay li').last()).toHaveAttribute('data-type', 'back-handled');
    await expect(page.locator('#relay li[data-type="close"]')).toContainText('"reason":"user","lastStatus":"done"');
  });

  test('parent messages go only to target_origin', async ({ page }) => {
    await page.goto(`${world.demo}/`);
    const token = await requestToken();
    // The launcher says each message it sends (debug=1).
    const sent: string[] = [];
    page.on('console', (message) => {
      const json = /→ native (\{.*\})$/.exec(message.text())?.[1];
      if (json) sent.push(JSON.parse(json).type);
    });
    await page.evaluate(({ src }) => {
      (window as any).seen = [];
      addEventListener('message', (e) => typeof e.data === 'string' && e.data.includes('"payui"') && (window as any).seen.push(e.data));
      const frame = document.createElement('iframe');
      frame.src = src;
      document.body.append(frame);
    }, { src: launcher({ access_token: token, sandbox: '1', bridge: 'parent', target_origin: world.demo.replace('localhost', '127.0.0.1'), debug: '1' }) });
    // (No fcp: the frame is below the fold, where the payment UI's frames are not drawn.)
    await expect.poll(() => sent, { intervals: [50] }).toEqual(expect.arrayContaining(['init', 'open', 'open-lightbox', 'load', 'user-country']));
    // A message this page posts itself now comes after every one the launcher sent (one event loop,
    // posted messages in order): by then any of theirs the browser let through would be here.
    const got = await page.evaluate(() => new Promise<number>((resolve) => {
      addEventListener('message', (e) => e.data === 'after the launcher' && resolve((window as any).seen.length));
      postMessage('after the launcher', location.origin);
    }));
    expect(got).toBe(0);
  });

  test('opener with target_origin', async ({ page }) => {
    await page.goto(`${world.demo}/`);
    const token = await requestToken();
    const src = launcher({ access_token: token, sandbox: '1', target_origin: world.demo });
    await page.evaluate((url) => {
      (window as any).seen = [];
      addEventListener('message', (e) => typeof e.data === 'string' && (window as any).seen.push(JSON.parse(e.data).type));
      window.open(url, '_blank');
    }, src);
    await expect.poll(() => page.evaluate(() => (window as any).seen)).toEqual(expect.arrayContaining(['init', 'open', 'load']));
  });
});

test.describe('allow-lists: a link cannot point the launcher anywhere', () => {
  const evil = `${world.demo.replace('localhost', '127.0.0.1')}/return.html`;

  for (const name of ['payment_ui_url', 'sandbox_payment_ui_url', 'return_url']) {
    test(`${name} on another origin: the error page, an error event, nothing framed or opened`, async ({ page }) => {
      await installBridges(page, ['rn']);
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await page.goto(launcher({ access_token: 'any', sandbox: '1', [name]: evil }));
      await expect(page.locator('#status')).toContainText('not allowed');
      await expect.poll(() => received(page)).toHaveLength(1);
      expect((await received(page))[0]!.msg).toMatchObject({ type: 'error', data: { code: 'INVALID_OPTION', path: name } });
      await expect(page.locator('[data-payui-lightbox]')).toHaveCount(0);
      expect(requests.filter((url) => url.startsWith('http://127.0.0.1'))).toEqual([]);
      expect(page.url()).toContain('/dist/launcher/index.html');
    });
  }

  test('the listed origins are taken: a sandbox address with a path, and a return address on the page’s own origin', async ({ page }) => {
    await installBridges(page, ['rn']);
    await openLauncher(page, { sandbox_payment_ui_url: `${world.sandbox}/?from=launcher`, return_url: `${world.demo}/return.html` });
    await expect(page.locator('[data-payui-lightbox] iframe')).toHaveAttribute('src', new RegExp(`^${world.sandbox}/\\?from=launcher&access_token=`));
  });

  test('the list is edited in the page after the build, without rebuilding: 127.0.0.1 added, it is framed', async ({ page }) => {
    const twin = world.sandbox.replace('localhost', '127.0.0.1');
    await page.route('**/dist/launcher/index.html', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/(name="payui-payment-ui-origins" content=")/, `$1${twin} `);
      await route.fulfill({ response, body: html });
    });
    await installBridges(page, ['rn']);
    await openLauncher(page, { sandbox_payment_ui_url: `${twin}/` });
    await expect(page.locator('[data-payui-lightbox] iframe')).toHaveAttribute('src', new RegExp(`^${twin}/`));
  });
});
