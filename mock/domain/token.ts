/**
 * Access tokens of the mock service: `v1.<payload>.<signature>`, base64url, signed with
 * HMAC-SHA256 through WebCrypto so the same code runs in the merchant API (Node) and in the
 * mock payment UI (browser). The key is public on purpose: this is a mock for offline tests,
 * and nothing it signs is worth anything.
 */
import type { TokenMode } from '../spec/session';

export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
const KEY_TEXT = 'payui-mock-signing-key: offline use only, not a secret';
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

const encoder = new TextEncoder();
let keyPromise: Promise<CryptoKey> | undefined;

function key(): Promise<CryptoKey> {
  keyPromise ??= crypto.subtle.importKey('raw', encoder.encode(KEY_TEXT), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  return keyPromise;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

export async function signToken(payload: TokenPayload): Promise<string> {
  const body = `${PREFIX}.${toBase64Url(encoder.encode(JSON.stringify(payload)))}`;
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await key(), encoder.encode(body)));
  return `${body}.${toBase64Url(signature)}`;
}

/**
 * Checks form, signature and expiry; `now` is in milliseconds (tests pass a fake clock), or the
 * clock of the merchant the token names.
 */
export async function verifyToken(token: string, now: number | ((merchantId: number) => number) = Date.now()): Promise<VerifyResult> {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX) return { ok: false, reason: 'malformed' };
  const [, body = '', sig = ''] = parts;
  const signature = fromBase64Url(sig);
  const json = fromBase64Url(body);
  if (!signature || !json) return { ok: false, reason: 'malformed' };
  const valid = await crypto.subtle.verify('HMAC', await key(), signature, encoder.encode(`${PREFIX}.${body}`));
  if (!valid) return { ok: false, reason: 'signature' };
  let payload: TokenPayload;
  try {
    payload = JSON.parse(new TextDecoder().decode(json)) as TokenPayload;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  // Signed is not well-formed: the key is public, so `null`, `[]` or `7` can carry a good signature.
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return { ok: false, reason: 'malformed' };
  const at = typeof now === 'number' ? now : now(Number(payload.merchant_id));
  if (typeof payload.exp !== 'number' || at / 1000 >= payload.exp) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}
