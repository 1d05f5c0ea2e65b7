// Tokens for browser tests: real ones from the mock merchant API, and hand-made bad ones.
import { TOKEN_LIFETIME_SECONDS, signToken, type TokenPayload } from '../../mock/domain/token';
import { callMerchantApi } from '../fixtures/merchant-call';
import { validTokenRequest } from '../fixtures/token-requests';
import { world } from './world';

/** The demo merchant's published API key: its tokens are signed with a key made from it. */
const DEMO_API_KEY = 'demo-api-key';

export async function requestToken(change: (body: Record<string, any>) => void = () => undefined): Promise<string> {
  const body = validTokenRequest();
  change(body);
  const json = (await callMerchantApi(world.merchantApi, 'POST', '/merchant/v2/merchants/100001/token', body)).body as { token?: string };
  if (!json.token) throw new Error(`no token: ${JSON.stringify(json)}`);
  return json.token;
}

/** A token for a user of project 200001 the merchant made and then disabled through the API. */
export async function disabledUserToken(): Promise<string> {
  const userId = `disabled-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const users = '/merchant/v2/projects/200001/users';
  for (const [path, method, body] of [[users, 'POST', { user_id: userId }], [`${users}/${userId}`, 'PUT', { user_id: userId, enabled: false }]] as const) {
    const { status } = await callMerchantApi(world.merchantApi, method, path, body);
    if (status < 200 || status > 299) throw new Error(`${method} ${path}: ${status}`);
  }
  return requestToken((body) => {
    body.user.id.value = userId;
  });
}

/** A correctly signed token issued more than 24 hours ago. */
export function expiredToken(): Promise<string> {
  const issued = Math.floor(Date.now() / 1000) - TOKEN_LIFETIME_SECONDS - 60;
  const payload: TokenPayload = {
    merchant_id: 100001, project_id: 200001, mode: 'sandbox', iat: issued, exp: issued + TOKEN_LIFETIME_SECONDS,
    user: validTokenRequest().user, settings: validTokenRequest().settings,
  };
  return signToken(payload, DEMO_API_KEY);
}

/** A signed, unexpired token for a project the service does not know. */
export function unknownProjectToken(): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signToken({
    merchant_id: 100001, project_id: 987654, mode: 'sandbox', iat: now, exp: now + 3600,
    user: validTokenRequest().user, settings: { project_id: 987654, mode: 'sandbox' },
  }, DEMO_API_KEY);
}

/** A sandbox token of the demo merchant that expires `seconds` from now, and when (ms since the epoch). */
/**
 * A token of a sandbox of its own (POST /mock/sandboxes), and a way to move that sandbox's clock:
 * the token runs out when the clock passes its expiry, whatever the page's load took, and no other
 * test's merchant sees the move.
 */
export async function sandboxToken(): Promise<{ token: string; moveClock(advance: string): Promise<void> }> {
  const made = await (await fetch(`${world.merchantApi}/mock/sandboxes`, { method: 'POST' })).json() as { merchant_id: number; api_key: string; project_ids: number[] };
  const as = { merchantId: made.merchant_id, apiKey: made.api_key };
  const body = validTokenRequest();
  body.settings.project_id = made.project_ids[0];
  const json = (await callMerchantApi(world.merchantApi, 'POST', `/merchant/v2/merchants/${made.merchant_id}/token`, body, as)).body as { token?: string };
  if (!json.token) throw new Error(`no token: ${JSON.stringify(json)}`);
  return {
    token: json.token,
    async moveClock(advance) {
      const { status } = await callMerchantApi(world.merchantApi, 'POST', '/mock/clock', { advance }, as);
      if (status !== 200) throw new Error(`POST /mock/clock: ${status}`);
    },
  };
}

/** A correctly signed token whose payload is `null`: the demo merchant's signing key is made from its published API key, so anyone can make one. */
export function nullPayloadToken(): Promise<string> {
  return signToken(null as unknown as TokenPayload, DEMO_API_KEY);
}

export function uiUrl(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

export function harness(src: string, extra = ''): string {
  return `${world.demo}/test/fixtures/harness/index.html?src=${encodeURIComponent(src)}${extra}`;
}
