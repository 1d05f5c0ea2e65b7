/**
 * The Login API's JWT (DESIGN.md §8a): HS256, signed with the Login project's secret key, claims
 * `iss`, `sub`, `username`, `email`, `login_project_id`, `iat`, `exp`. Signed by `jose`, a
 * dependency-free, widely used and maintained JOSE implementation: the service's tokens are made
 * by a library the merchant's own verifier (the kit's `verifyLoginToken`, or any JWT library) did
 * not share code with.
 */

/** 24 hours; 30 days when the player asked to be remembered. */
export const TOKEN_LIFETIME_SEC = 24 * 3600;
export const REMEMBERED_LIFETIME_SEC = 30 * 24 * 3600;

export interface LoginIdentity {
  /** The user's id, a UUID. */
  sub: string;
  username: string;
  email: string;
}

export interface SignOptions {
  /** The Login API's origin. */
  issuer: string;
  loginProjectId: string;
  secret: string;
  rememberMe: boolean;
  /** Milliseconds since the epoch: real time, on which the merchant's server checks the token. */
  now: number;
}

export async function signLoginToken(user: LoginIdentity, options: SignOptions): Promise<string> {
  // Loaded at the first login, not at every start.
  const { SignJWT } = await import('jose');
  const iat = Math.floor(options.now / 1000);
  return new SignJWT({ username: user.username, email: user.email, login_project_id: options.loginProjectId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(options.issuer)
    .setSubject(user.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (options.rememberMe ? REMEMBERED_LIFETIME_SEC : TOKEN_LIFETIME_SEC))
    .sign(new TextEncoder().encode(options.secret));
}

/** The callback address with `token` and `remember_me` added (its own query kept). */
export function loginRedirect(callback: string, token: string, rememberMe: boolean): string {
  const url = new URL(callback);
  url.searchParams.set('token', token);
  url.searchParams.set('remember_me', String(rememberMe));
  return url.href;
}
