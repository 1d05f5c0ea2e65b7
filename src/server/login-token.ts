/// <reference types="node" preserve="true" />
/**
 * `verifyLoginToken` (DESIGN.md §13): the Login API hands the game a JWT in the redirect address
 * after a player logs in; the game's server checks it here before it trusts who the player is.
 * Only HS256 with the Login project's secret key; nothing in the token chooses how it is checked.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { PayUIError } from '../core/errors';

/** What a Login JWT says of the player (DESIGN.md §8a). */
export interface LoginTokenClaims {
  /** The Login API's origin. */
  iss: string;
  /** The player's id (a UUID). */
  sub: string;
  username: string;
  email: string;
  /** The Login project the player logged in to. */
  login_project_id: string;
  /** Issued at, seconds since the epoch. */
  iat: number;
  /** Expires at, seconds since the epoch (24 h after `iat`, or 30 days with `remember_me`). */
  exp: number;
  [claim: string]: unknown;
}

export interface VerifyLoginTokenOptions {
  /** The Login project's id: a token of another project is refused (`WRONG_PROJECT`). */
  projectId: string;
  /** Seconds of clock difference allowed around `exp` and `iat`. Default 30. */
  clockToleranceSec?: number;
  /** The time to check against, ms since the epoch (tests). Default now. */
  now?: number;
}

/**
 * - `MALFORMED`: not three strict base64url parts of JSON, not HS256, a claim missing or of the
 *   wrong type, or issued in the future;
 * - `BAD_SIGNATURE`: not signed with this secret (or changed since);
 * - `EXPIRED`: past `exp`;
 * - `WRONG_PROJECT`: signed for another Login project.
 */
export type LoginTokenErrorCode = 'MALFORMED' | 'BAD_SIGNATURE' | 'EXPIRED' | 'WRONG_PROJECT';

/** A Login JWT that must not be trusted. The message says why; it never contains the token. */
export class LoginTokenError extends Error {
  override name = 'LoginTokenError';
  readonly code: LoginTokenErrorCode;

  constructor(code: LoginTokenErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

const SEGMENT = /^[A-Za-z0-9_-]+$/;

/** A segment's bytes, only when it is canonical unpadded base64url (one token, one spelling). */
function decode(segment: string): Buffer | null {
  if (!SEGMENT.test(segment) || segment.length % 4 === 1) return null;
  const bytes = Buffer.from(segment, 'base64url');
  return bytes.toString('base64url') === segment ? bytes : null;
}

function json(bytes: Buffer | null): Record<string, unknown> | null {
  try {
    const value: unknown = bytes && JSON.parse(bytes.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const malformed = (why: string) => new LoginTokenError('MALFORMED', `the login token is malformed: ${why}`);

/**
 * The claims of `jwt` when it is an HS256 JWT signed with `secret` (the Login project's secret
 * key), not expired, and of the project `projectId`; else a `LoginTokenError` with a code. The
 * signature is checked before any claim is read, in constant time.
 */
export function verifyLoginToken(jwt: string, secret: string, options: VerifyLoginTokenOptions): LoginTokenClaims {
  const { projectId, clockToleranceSec = 30, now = Date.now() } = options ?? ({} as VerifyLoginTokenOptions);
  if (typeof secret !== 'string' || secret === '') throw new PayUIError('INVALID_OPTION', "must be the Login project's secret key (a non-empty string)", 'secret');
  if (typeof projectId !== 'string' || projectId === '') throw new PayUIError('INVALID_OPTION', "must be the Login project's id", 'projectId');
  if (!Number.isFinite(clockToleranceSec) || clockToleranceSec < 0) throw new PayUIError('INVALID_OPTION', 'must be a number of seconds, 0 or more', 'clockToleranceSec');

  const parts = typeof jwt === 'string' ? jwt.split('.') : [];
  if (parts.length !== 3) throw malformed('not three parts');
  const [head, body, signature] = parts as [string, string, string];
  const header = json(decode(head));
  if (!header) throw malformed('the header is not base64url JSON');
  if (header.alg !== 'HS256') throw malformed(`alg ${JSON.stringify(String(header.alg)).slice(0, 20)} is not HS256`);
  if (header.crit !== undefined) throw malformed('crit is not supported');

  const given = decode(signature);
  if (!given) throw malformed('the signature is not base64url');
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new LoginTokenError('BAD_SIGNATURE', 'the login token is not signed with this secret key');
  }

  const claims = json(decode(body));
  if (!claims) throw malformed('the payload is not base64url JSON');
  for (const name of ['iss', 'sub', 'username', 'email', 'login_project_id'] as const) {
    if (typeof claims[name] !== 'string') throw malformed(`claim ${name} is not a string`);
  }
  for (const name of ['iat', 'exp'] as const) {
    if (!Number.isFinite(claims[name])) throw malformed(`claim ${name} is not a number`);
  }
  const seconds = now / 1000;
  if ((claims.exp as number) + clockToleranceSec <= seconds) throw new LoginTokenError('EXPIRED', 'the login token has expired');
  if ((claims.iat as number) - clockToleranceSec > seconds) throw malformed('issued in the future');
  if (claims.login_project_id !== projectId) throw new LoginTokenError('WRONG_PROJECT', 'the login token is for another Login project');
  return claims as LoginTokenClaims;
}
