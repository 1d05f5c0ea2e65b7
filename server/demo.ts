/**
 * The demo storefront's own server: its pages, the built library under `/dist/`, and the game's
 * backend (server/shop.ts, on `payui-embed/server`):
 * - `POST /api/token`: a token for a purchase, asked server-to-server (the API key never reaches
 *   the browser), tied to a new order of ours: `{ token, order }`;
 * - `POST /api/checkout-token`: the same for a `<payui-checkout token-url>` button, which POSTs its
 *   `data-*` (here `{"pack": "1200"}`) and reads `{ token }` (the page learns the order from the
 *   payment UI's `paymentInfo.foreignInvoice`, our order id);
 * - `POST /api/webhooks/{project_id}`: the project's webhook listener;
 * - `GET /api/orders`: what the signed-in player bought, newest first (what a reload of the game page shows);
 * - `GET /api/orders/{id}`: the order as the server knows it (delivered only after a verified `order_paid`);
 * - `POST /api/orders/{id}/refund`: asks the service for a refund of one of the player's orders, as JSON only (`order_canceled` takes the order back);
 * - `GET /api/pass`: the signed-in player's Captain's pass (a subscription), `{ pass }` (null when
 *   they never bought it), as the service's subscription webhooks told it;
 * - `POST /api/pass/cancel` `{refund}`: cancels it through the merchant API (`refund: true` also
 *   refunds the last month's payment); `cancel_subscription` then marks it canceled;
 * - `GET /api/catalogue`: the items the shop sells, `{ items: [{ sku, name, price }] }`, synced from
 *   the merchant API at start (the static catalogue while the service does not list items);
 * - `GET /api/player`: the signed-in player and their balance as the merchant API holds it
 *   (`balance` null when it cannot say);
 * - `POST /api/session` `{token, remember_me}`: a player who logged in through the Login API; the
 *   JWT is checked here (server/login.ts) and the player kept in a session (an HttpOnly,
 *   SameSite=Strict cookie): tokens, orders and the player are then theirs. `GET /api/session`
 *   says who is signed in (`{player: null}` for the demo's fixed player); `DELETE` signs out.
 *   `?project=200002` does the same for the second game (harbor.html);
 * - `POST /api/user-store/{new-user|verify|password-reset}`: the second game's user store, which
 *   the Login API's proxy variants ask (server/user-store.ts);
 * - `POST /api/register?project=&login_url=` `{username, email, password}`: a registration at the
 *   Login API (`POST /api/user`), made through this server so that this browser may then read the
 *   address's mail; the Login API's answer is relayed;
 * - `GET /api/mailbox?to=<email>`: what the offline service "mailed" to that address (its
 *   `GET /mock/mail`, read with the merchant's credentials): the demo's stand-in for an inbox, for
 *   an address this browser registered here or the signed-in player's own (403 for anyone else's).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { join, normalize, sep } from 'node:path';
import { MerchantApiError, TokenRequestError, type TokenRequest as ServiceTokenRequest } from 'payui-embed/server';
import { DEMO_LOGIN, DEMO_MERCHANT, DEMO_WEBHOOK_SECRETS, PROJECTS } from '../mock/fixtures/catalog';
import { serveStatic } from '../mock/http/static';
import { answerAlways, readJson } from './http';
import { codeError, refuseBody, sendAnswer } from '../src/server/http';
import { createMailboxes, createPlayerSessions, mailTo, SignInRefused, type Player, type PlayerSessions } from './login';
import { createShop, type ShopItem } from './shop';
import { createUserStore } from './user-store';

export interface DemoOptions {
  appRoot: string;
  distRoot: string;
  merchantApi: string;
  /** Payment UI origins the pages may frame. */
  paymentUiOrigins: string[];
  /**
   * Where the mock payment UI runs, live and sandbox: told to every page (they run on any ports in
   * tests, and the widget has no payment UI address of its own).
   */
  paymentUi: { live: string; sandbox: string };
  /**
   * The merchant the server acts as; default the demo merchant of the service's fixtures. Another
   * (a sandbox of the service, `POST /mock/sandboxes`) gives its credentials and its copies of the
   * demo's projects and of their Login projects, by the demo's ids, which the pages and this
   * server's own paths (`?project=200002`) keep naming. Its Login secrets are the demo's (a
   * sandbox's copy keeps them).
   */
  merchant?: DemoMerchant;
}

export interface DemoMerchant {
  merchantId: number;
  apiKey: string;
  /** The demo's project id → the merchant's copy of it. */
  projects: Record<number, number>;
  /** The demo's project id → the merchant's copy of its Login project. */
  loginProjects: Record<number, string>;
}

/**
 * The game's registered players: the demo's signed-in player, and the players of the test
 * fixtures. `user_validation` refuses anyone else with `INVALID_USER`.
 */
export const DEMO_PLAYERS: ReadonlySet<string> = new Set(['demo-player-1', 'player-42', 'p-7']);

/** The project whose items the shop pages sell. */
const SHOP_PROJECT = 200001;
/** The second game, whose players this server keeps itself (its user store, server/user-store.ts). */
const HARBOR_PROJECT = 200002;

/** The player who has not logged in: the demo's own, so the pages work without a login. */
const DEMO_PLAYER: Player & { country: string } = { id: 'demo-player-1', name: 'Nova Rider', email: 'nova@example.test', country: 'US' };

/** The token request's `user`: the session's player (the JWT's `sub`, username and email). */
function userOf(player: Player & { country?: string }): ServiceTokenRequest['user'] {
  return {
    id: { value: player.id },
    name: { value: player.name },
    email: { value: player.email },
    ...(player.country ? { country: { value: player.country } } : {}),
  };
}

interface TokenRequest {
  purchase?: unknown;
  sandbox?: unknown;
  theme?: unknown;
  language?: unknown;
  return_url?: unknown;
  project_id?: unknown;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** An error as the kit's webhook handler answers one: `{"error": {"code", "message"}}`. */
function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  sendAnswer(res, codeError(status, code, message));
}

const notFound = (res: ServerResponse) => sendError(res, 404, 'NOT_FOUND', 'Not found');

/** The token request body for what the page asked for (the shop adds our order id as `external_id`), its project the merchant's `projectOf` the demo's. */
function tokenBody(request: TokenRequest, player: Player, projectOf: (demoId: number) => number): ServiceTokenRequest {
  const theme = request.theme === 'default_dark' ? 'default_dark' : 'default';
  return {
    user: userOf(player),
    settings: {
      project_id: projectOf(typeof request.project_id === 'number' ? request.project_id : SHOP_PROJECT),
      currency: 'USD',
      language: typeof request.language === 'string' ? request.language : 'en',
      ...(request.sandbox === false ? {} : { mode: 'sandbox' as const }),
      ...(typeof request.return_url === 'string' ? { return_url: request.return_url } : {}),
      ui: { theme },
    },
    // What the page asks to buy; the merchant API checks it against the token table (422 otherwise).
    ...(request.purchase === undefined ? {} : { purchase: request.purchase as ServiceTokenRequest['purchase'] }),
  };
}

/** `'sha256-…'` sources for each inline <script> of a page, so its CSP needs no 'unsafe-inline'. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`,
  );
}

export function createDemoServer(options: DemoOptions): RequestListener {
  const frames = options.paymentUiOrigins.join(' ');
  const loginApi = new URL(options.merchantApi).origin;
  const merchant: DemoMerchant = options.merchant ?? { merchantId: DEMO_MERCHANT.id, apiKey: DEMO_MERCHANT.apiKey, projects: {}, loginProjects: {} };
  /** The merchant's copy of the demo's project `demoId` (the demo merchant's is itself). */
  const projectOf = (demoId: number) => merchant.projects[demoId] ?? demoId;
  /** The demo projects' Login projects as the merchant has them, by the demo's ids. */
  const logins: typeof DEMO_LOGIN = Object.fromEntries(
    Object.entries(DEMO_LOGIN).map(([project, login]) => [project, { ...login, projectId: merchant.loginProjects[Number(project)] ?? login.projectId }]),
  );
  const policy = (scripts: string[] = []) => [
    "default-src 'self'",
    ["script-src 'self'", ...scripts].join(' '),
    "style-src 'self'",
    "img-src 'self' data:",
    // The Login API: the game page logs players in there, straight from the browser.
    `connect-src 'self' ${loginApi}`,
    `frame-src ${frames}`,
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
  const headers = { 'content-security-policy': policy() };
  /** The game's players: the fixed ones, and everyone who has logged in (their JWT checked). */
  const players = new Set(DEMO_PLAYERS);
  const shop = createShop({ merchantId: merchant.merchantId, apiKey: merchant.apiKey, merchantApi: options.merchantApi, players });
  /**
   * Each game's players who logged in: Star Miners' (the game page, the Login API's own users) and
   * Puzzle Harbor's (harbor.html, players kept in this server's user store: the proxy variants).
   */
  const sessions: Record<number, PlayerSessions> = {
    [SHOP_PROJECT]: createPlayerSessions(logins[SHOP_PROJECT]!),
    [HARBOR_PROJECT]: createPlayerSessions(logins[HARBOR_PROJECT]!, { cookieName: 'harbor_session' }),
  };
  /** The addresses each browser registered here: whose mail it may read. */
  const mailboxes = createMailboxes();
  /** `?project=` of a session call: the game page's project when left out. */
  const sessionsOf = (req: IncomingMessage) => sessions[Number(new URL(req.url ?? '/', 'http://demo').searchParams.get('project') ?? SHOP_PROJECT)];
  /** Whom this request buys as in a project: its session's player, or the demo's when nobody logged in. */
  const playerOf = (req: IncomingMessage, project = SHOP_PROJECT): Player => sessions[project]?.current(req) ?? DEMO_PLAYER;
  const userStore = createUserStore({ secret: logins[HARBOR_PROJECT]!.secret, loginProjectId: logins[HARBOR_PROJECT]!.projectId });
  const listeners = new Map(Object.entries(DEMO_WEBHOOK_SECRETS).map(([project, secret]) => [project, shop.webhooks(secret, projectOf(Number(project)))]));
  /**
   * What the shop sells, synced from the merchant API at start; the static catalogue (what the
   * pages sold before the service listed items) when it cannot be read, said in one line.
   */
  const catalogue: Promise<ShopItem[]> = shop.syncCatalogue(projectOf(SHOP_PROJECT)).catch((error: unknown) => {
    const why = error instanceof MerchantApiError && error.code === 'NOT_IMPLEMENTED' ? 'does not list items yet' : `could not be read (${String(error instanceof Error ? error.message : error)})`;
    console.log(`demo shop: the merchant API ${why}; selling the static catalogue`);
    return PROJECTS[SHOP_PROJECT]!.items.map(({ sku, name, price }) => ({ sku, name, price }));
  });
  const { paymentUi } = options;
  /**
   * Tells a page where this world's payment UI runs (`<meta name="payui-demo-world">`, read by
   * demo/api.ts), and the launcher page which payment UI origins it may frame: `npm start` and
   * `npm test` run the world on different ports, from the same build.
   */
  const withWorld = (html: string) => {
    const world = JSON.stringify({ live: paymentUi.live, sandbox: paymentUi.sandbox, login: { api: loginApi, projectIds: Object.fromEntries(Object.entries(logins).map(([project, { projectId }]) => [project, projectId])) } }).replace(/"/g, '&quot;');
    const origins = [paymentUi.live, paymentUi.sandbox].map((url) => new URL(url).origin).join(' ');
    return html
      .replace(/(<meta name="payui-payment-ui-origins" content=")[^"]*(")/, `$1${origins}$2`)
      .replace('</head>', `<meta name="payui-demo-world" content="${world}">\n</head>`);
  };

  /**
   * A request's JSON body (at most `limit` bytes), or null once its refusal is sent (413, 400; with
   * `asked`, also 415 for a body that is not application/json — no other site's form sends one).
   */
  async function jsonBody(req: IncomingMessage, res: ServerResponse, limit: number, asked?: string): Promise<{ value: unknown } | null> {
    if (asked !== undefined && !/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      sendError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', asked);
      return null;
    }
    const body = await readJson(req, limit);
    if (body.ok) return { value: body.value };
    refuseBody(req, res, codeError(body.status, body.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INVALID_JSON', body.message));
    return null;
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await jsonBody(req, res, 64 * 1024);
    if (!body) return;
    const request = (typeof body.value === 'object' && body.value !== null ? body.value : {}) as TokenRequest;
    // Who buys: the player signed in to that game (or the demo's).
    const player = playerOf(req, request.project_id === HARBOR_PROJECT ? HARBOR_PROJECT : SHOP_PROJECT);
    // #region token-errors
    try {
      json(res, 200, await shop.startOrder(tokenBody(request, player, projectOf)));
    } catch (error) {
      // The refusal's message names its first failing path (TokenRequestError).
      if (error instanceof TokenRequestError) return sendError(res, 502, 'TOKEN_REFUSED', `the merchant API: ${error.message}`);
      if (error instanceof MerchantApiError) return sendError(res, 502, 'MERCHANT_API', `the merchant API: ${error.message}`);
      sendError(res, 502, 'MERCHANT_API', 'the merchant API is not reachable');
    }
    // #endregion token-errors
  }

  /** Crystal packs the game sells through `<payui-checkout data-pack>`. */
  const PACKS = new Set(['100', '550', '1200']);

  /**
   * `<payui-checkout token-url>`: the element's `data-*` as JSON; the pack is checked here, on
   * the server, since anyone can edit an attribute. Answers `{"token": "…"}`.
   */
  async function checkoutToken(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await jsonBody(req, res, 4 * 1024);
    if (!body) return;
    const pack = (body.value as { pack?: unknown } | null)?.pack;
    if (typeof pack !== 'string' || !PACKS.has(pack)) return sendError(res, 422, 'UNKNOWN_PACK', 'data-pack is not a pack of the game');
    try {
      const { token } = await shop.startOrder(tokenBody({ purchase: { virtual_currency: { quantity: Number(pack) } } }, playerOf(req), projectOf));
      json(res, 200, { token });
    } catch {
      sendError(res, 502, 'MERCHANT_API', 'the merchant API did not give a token');
    }
  }

  /** `/api/orders/{id}` and `/api/orders/{id}/refund`. */
  async function orders(pathname: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const [, id = '', action] = /^\/api\/orders\/([\w-]{1,80})(\/refund)?$/.exec(pathname) ?? [];
    if (!id) return sendError(res, 404, 'NOT_FOUND', 'no such order');
    if (!action) {
      if (req.method !== 'GET') return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'GET');
      const order = shop.order(id);
      return order ? json(res, 200, order) : sendError(res, 404, 'NOT_FOUND', 'no such order');
    }
    if (req.method !== 'POST') return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'POST');
    // A JSON request only (no other site's form can send one), for an order of the player asking.
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return sendError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'ask for a refund as application/json');
    const mine = shop.order(id);
    if (!mine || ![playerOf(req).id, playerOf(req, HARBOR_PROJECT).id].includes(mine.player)) return sendError(res, 404, 'NOT_FOUND', 'no such order of yours');
    const order = await shop.refund(id).catch(() => undefined);
    if (order === undefined) return sendError(res, 502, 'MERCHANT_API', 'the merchant API did not refund');
    return order ? json(res, 202, order) : sendError(res, 409, 'NOT_DELIVERED', 'only a delivered order can be refunded');
  }

  /**
   * `POST /api/session` `{token, remember_me}`: the page came back from the Login API with a JWT;
   * a JSON body only (no other site's form can post one), checked before anyone is signed in.
   */
  async function signIn(req: IncomingMessage, res: ServerResponse, sessions: PlayerSessions): Promise<void> {
    const body = await jsonBody(req, res, 8 * 1024, 'send the token as application/json');
    if (!body) return;
    const { token, remember_me: rememberMe } = (body.value ?? {}) as { token?: unknown; remember_me?: unknown };
    if (typeof token !== 'string' || !token) return sendError(res, 422, 'NO_TOKEN', 'token: the Login JWT is required');
    // #region session
    try {
      const { player, setCookie } = sessions.signIn(token, rememberMe === true);
      players.add(player.id); // user_validation accepts them from now on
      res.setHeader('set-cookie', setCookie);
      json(res, 200, { player });
    } catch (error) {
      if (error instanceof SignInRefused) return sendError(res, 401, error.code, error.message);
      throw error;
    }
    // #endregion session
  }

  /**
   * `POST /api/register`: the registration at the Login API, through us; once it is taken (204) this
   * browser may read the address's mail. Any other answer is the Login API's, relayed as it came.
   */
  async function register(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await jsonBody(req, res, 4 * 1024, 'send the registration as application/json');
    if (!body) return;
    const search = new URL(req.url ?? '/', 'http://demo').searchParams;
    const login = logins[Number(search.get('project') ?? SHOP_PROJECT)];
    if (!login) return sendError(res, 404, 'NOT_FOUND', 'project: a demo project with a Login (200001 or 200002)');
    const address = new URL('api/user', `${loginApi}/`);
    address.searchParams.set('projectId', login.projectId);
    const back = search.get('login_url');
    if (back !== null) address.searchParams.set('login_url', back);
    const answer = await fetch(address, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body.value) }).catch(() => null);
    if (!answer) return sendError(res, 502, 'LOGIN_API', 'the Login API did not answer');
    const email = (body.value as { email?: unknown } | null)?.email;
    const setCookie = answer.status === 204 && typeof email === 'string' ? mailboxes.grant(req, email) : null;
    if (setCookie) res.setHeader('set-cookie', setCookie);
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json', 'cache-control': 'no-store' });
    res.end(answer.status === 204 ? undefined : await answer.text());
  }

  /**
   * `GET /api/mailbox?to=`: the service's mailbox, read with the merchant's credentials, for one
   * address: one this browser registered here, or the signed-in player's. Anyone else's is 403:
   * the mailbox holds the links that confirm an address and reset its password.
   */
  async function mailbox(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const to = new URL(req.url ?? '/', 'http://demo').searchParams.get('to') ?? '';
    if (!/^[^\s@]+@[^\s@]+$/.test(to)) return sendError(res, 422, 'BAD_ADDRESS', 'to: an email address');
    const signedIn = Object.values(sessions).some((game) => game.current(req)?.email.toLowerCase() === to.toLowerCase());
    if (!signedIn && !mailboxes.holds(req, to)) {
      return sendError(res, 403, 'NOT_YOUR_MAILBOX', 'to: only the mail of an address this browser registered here, or of the signed-in player');
    }
    try {
      json(res, 200, { messages: await mailTo(options.merchantApi, merchant.merchantId, merchant.apiKey, to) });
    } catch {
      sendError(res, 502, 'MERCHANT_API', 'the mailbox could not be read');
    }
  }

  /**
   * `POST /api/pass/cancel` `{"refund": boolean}`: the player's pass, canceled through the merchant
   * API (202 with the pass, `cancel_requested` until the webhook says it is canceled); 409 when the
   * player has no running pass.
   */
  async function cancelPass(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await jsonBody(req, res, 1024, 'send {"refund": boolean} as application/json');
    if (!body) return;
    const refund = (body.value as { refund?: unknown } | null)?.refund ?? false;
    if (typeof refund !== 'boolean') return sendError(res, 422, 'INVALID_REFUND', 'refund: true or false');
    const pass = await shop.cancelPass(playerOf(req).id, projectOf(SHOP_PROJECT), refund).catch(() => undefined);
    if (pass === undefined) return sendError(res, 502, 'MERCHANT_API', 'the merchant API did not cancel the pass');
    return pass ? json(res, 202, { pass }) : sendError(res, 409, 'NO_PASS', 'no running Captain\'s pass to cancel');
  }

  /** An HTML page: from demo/ or anywhere in the build, with hashes for its inline scripts. */
  async function page(pathname: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const inDist = pathname.startsWith('/dist/');
    const bases = inDist ? [options.distRoot] : [join(options.appRoot, 'demo'), options.appRoot];
    const path = inDist ? pathname.slice('/dist'.length) : pathname;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return sendError(res, 400, 'BAD_PATH', 'The address is not valid percent-encoding');
    }
    for (const base of bases) {
      const file = join(base, normalize(decoded));
      if (!file.startsWith(base + sep)) break;
      let html = await readFile(file, 'utf8').catch(() => null);
      if (html === null) continue;
      // `?trusted-types=1` also enforces Trusted Types, for the hardening tests.
      const trusted = new URL(req.url ?? '/', 'http://demo').searchParams.get('trusted-types') === '1';
      html = withWorld(html);
      const csp = policy(inlineScriptHashes(html)) + (trusted ? "; require-trusted-types-for 'script'; trusted-types 'none'" : '');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'content-security-policy': csp });
      res.end(req.method === 'HEAD' ? undefined : html);
      return;
    }
    notFound(res);
  }

  return answerAlways(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://demo');
    if (pathname === '/api/token' && req.method === 'POST') {
      return token(req, res);
    }
    if (pathname === '/api/checkout-token' && req.method === 'POST') return checkoutToken(req, res);
    if (pathname.startsWith('/api/webhooks/')) {
      const listener = listeners.get(pathname.slice('/api/webhooks/'.length));
      return listener ? listener(req, res) : sendError(res, 404, 'NOT_FOUND', 'no webhook listener here');
    }
    if (pathname === '/api/session') {
      const sessions = sessionsOf(req);
      if (!sessions) return sendError(res, 404, 'NOT_FOUND', 'project: a demo project with a Login (200001 or 200002)');
      if (req.method === 'POST') return signIn(req, res, sessions);
      if (req.method === 'GET') return json(res, 200, { player: sessions.current(req) });
      if (req.method !== 'DELETE') return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'GET, POST or DELETE');
      res.setHeader('set-cookie', sessions.signOut(req));
      res.writeHead(204, { 'cache-control': 'no-store' });
      return res.end();
    }
    if (pathname.startsWith('/api/user-store/')) return userStore(pathname.slice('/api/user-store/'.length), req, res);
    if (pathname === '/api/mailbox') return req.method === 'GET' ? mailbox(req, res) : sendError(res, 405, 'METHOD_NOT_ALLOWED', 'GET');
    if (pathname === '/api/register') return req.method === 'POST' ? register(req, res) : sendError(res, 405, 'METHOD_NOT_ALLOWED', 'POST');
    // The signed-in player's purchases: the player is the session's (or the demo's), never one the address names.
    if (pathname === '/api/orders') {
      return req.method === 'GET' ? json(res, 200, shop.purchasesOf(playerOf(req).id)) : sendError(res, 405, 'METHOD_NOT_ALLOWED', 'GET');
    }
    if (pathname.startsWith('/api/orders/')) return orders(pathname, req, res);
    if (pathname === '/api/pass') return req.method === 'GET' ? json(res, 200, { pass: shop.passOf(playerOf(req).id) }) : sendError(res, 405, 'METHOD_NOT_ALLOWED', 'GET');
    if (pathname === '/api/pass/cancel') return req.method === 'POST' ? cancelPass(req, res) : sendError(res, 405, 'METHOD_NOT_ALLOWED', 'POST');
    if (pathname === '/api/catalogue' || pathname === '/api/player') {
      if (req.method !== 'GET') return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'GET');
      if (pathname === '/api/catalogue') return json(res, 200, { items: await catalogue });
      const player = playerOf(req);
      const balance = await shop.balanceOf(projectOf(SHOP_PROJECT), player.id).catch(() => null);
      return json(res, 200, { id: player.id, name: player.name, balance });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'GET or HEAD');
    if (pathname === '/' || pathname.endsWith('.html') || pathname.endsWith('/')) {
      return page(pathname.endsWith('/') ? `${pathname}index.html` : pathname, req, res);
    }
    const root = pathname.startsWith('/dist/') ? options.distRoot : options.appRoot;
    const path = pathname.startsWith('/dist/') ? pathname.slice('/dist'.length) : pathname;
    req.url = path;
    // Demo pages live under demo/ in the build; everything else (assets, fixtures) at its path.
    if (root === options.appRoot && (await serveStatic(join(root, 'demo'), req, res, { headers }))) return;
    if (await serveStatic(root, req, res, { headers })) return;
    notFound(res);
  }, codeError);
}
