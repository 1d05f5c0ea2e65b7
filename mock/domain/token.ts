/**
 * Access tokens of the mock service: `v1.<payload>.<signature>`, base64url, signed with
 * HMAC-SHA256 through WebCrypto. Each merchant's tokens are signed with a key of its own, made from
 * its API key (what only the merchant and the service know): a sandbox's tokens cannot be made by
 * anyone without its credentials. The demo merchant's API key is published, so its tokens can be
 * made by hand (the browser tests do); nothing they sign is worth anything.
 *
 * One token has one spelling: base64url without padding whose last character's unused bits are 0;
 * another spelling of the same bytes is malformed (else four texts of one token would each pay).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { TokenMode } from '../spec/session';

export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
const PREFIX = 'v1';

export interface TokenPayload {
  merchant_id: number;
  project_id: number;
  mode: TokenMode;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
  /** A random id of this token: two tokens asked for the same body are two renderings, each paying once. */
  jti?: string;
  user: Record<string, unknown>;
  settings: Record<string, unknown>;
  purchase?: Record<string, unknown>;
  custom_parameters?: Record<string, unknown>;
}

export type VerifyResult = { ok: true; payload: TokenPayload } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** The API key of a merchant (the key its tokens are signed with is made from it), or undefined when there is none. */
export type MerchantKeys = (merchantId: number) => Promise<string | undefined>;

/**
 * The HMAC-SHA256 of `text` with the key of merchant `merchantId`'s tokens, made from its API key.
 * node:crypto's, in the calling thread: WebCrypto's sign and verify queue a job per call, and at
 * load the job's round trip was 13 % of a token request's time (issue 48 item 2: CPU profile).
 */
function mac(merchantId: unknown, apiKey: string, text: string): Buffer {
  return createHmac('sha256', `payui-mock token key\n${String(merchantId)}\n${apiKey}`).update(text).digest();
}

/**
 * The bytes of `text`, or null when it is not the one canonical base64url spelling of them (no
 * padding, unused bits 0): Buffer's decoder skips what is not base64url, so only a text that its
 * bytes spell again is theirs (native, where atob and a string built byte by byte were 15 % of our
 * own frames in a payment's profile, issue 48 item 2).
 */
function fromBase64Url(text: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}

/** The payload's text (a leading byte order mark dropped, as TextDecoder does). */
const utf8 = new TextDecoder();

/** Signs `payload` with the key of its merchant, whose API key is `apiKey`. */
export async function signToken(payload: TokenPayload, apiKey: string): Promise<string> {
  const body = `${PREFIX}.${Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url')}`;
  return `${body}.${mac(payload?.merchant_id, apiKey, body).toString('base64url')}`;
}

/** The payload of a well-formed token, unchecked (its signature and expiry not looked at): null when it has none. */
export function readToken(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX) return null;
  const json = fromBase64Url(parts[1]!);
  if (!json || !fromBase64Url(parts[2]!)) return null;
  try {
    const payload: unknown = JSON.parse(utf8.decode(json));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * What a spent token is kept by: the SHA-256 of its signature's bytes (one per token, however its
 * text is spelt), in hex. Only for a token `verifyToken` accepted.
 */
export async function tokenId(token: string): Promise<string> {
  const signature = fromBase64Url(token.split('.')[2] ?? '') ?? new Uint8Array();
  return createHash('sha256').update(signature).digest('hex');
}

/**
 * Checks form, signature (with the key of the merchant the token names: `apiKeys` gives its API
 * key) and expiry; `now` is in milliseconds (tests pass a fake clock), or the clock of the merchant
 * the token names.
 */
export async function verifyToken(token: string, apiKeys: MerchantKeys, now: number | ((merchantId: number) => number | Promise<number>) = Date.now()): Promise<VerifyResult> {
  const payload = readToken(token) as TokenPayload | null;
  // Signed is not well-formed: `null`, `[]` or `7` is no token's payload.
  if (!payload) return { ok: false, reason: 'malformed' };
  const [, body = '', sig = ''] = token.split('.');
  const merchantId = payload.merchant_id;
  const apiKey = Number.isSafeInteger(merchantId) ? await apiKeys(merchantId) : undefined;
  // No such merchant: no key the token could have been signed with.
  if (!apiKey) return { ok: false, reason: 'signature' };
  const expected = mac(merchantId, apiKey, `${PREFIX}.${body}`);
  const given = fromBase64Url(sig)!;
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  const at = typeof now === 'number' ? now : await now(Number(payload.merchant_id));
  if (typeof payload.exp !== 'number' || at / 1000 >= payload.exp) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}
