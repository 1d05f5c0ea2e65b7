/**
 * The demo game's players who log in through the service's Login API (DESIGN.md §8a), written as
 * a merchant writes it with `payui-embed/server`: the game page comes back from a login with a JWT
 * in its address and sends it here; this server checks it with the Login project's secret key
 * (which never reaches the browser) and keeps the player in a session of its own, named by an
 * HttpOnly, SameSite=Strict cookie. The docs quote this code (docs/server-kit.md).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LoginTokenError, verifyLoginToken } from 'payui-embed/server';

/** A player as the game knows them: who the token requests name. */
export interface Player {
  /** The JWT's `sub`: the player's id at the Login API (a UUID). */
  id: string;
  name: string;
  email: string;
}

export interface LoginSettings {
  /** The Login project's id (`login_project_id`): a token of another project is refused. */
  projectId: string;
  /** The Login project's secret key: it signs the JWTs. */
  secret: string;
}

/** The session cookie of the game site (Star Miners); the second game's is `harbor_session`. */
export const SESSION_COOKIE = 'demo_session';

/** A session ends when its JWT expires (24 hours, or 30 days with `remember_me`). */
interface Session {
  player: Player;
  expires: number;
}

/** Why a token was refused, in the words the page shows. */
export class SignInRefused extends Error {
  override name = 'SignInRefused';
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

/** The value of one cookie of the request, or null. */
function cookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

export function createPlayerSessions({ projectId, secret }: LoginSettings, { cookieName = SESSION_COOKIE, now = Date.now }: { cookieName?: string; now?: () => number } = {}) {
  const sessions = new Map<string, Session>();

  /**
   * The player a Login JWT names, once it is checked: HS256 with our Login secret, not expired,
   * of our Login project. Anything else is refused with the kit's code.
   */
  function playerOf(token: string): { player: Player; expires: number } {
    // #region verify-login
    try {
      const claims = verifyLoginToken(token, secret, { projectId });
      return { player: { id: claims.sub, name: claims.username, email: claims.email }, expires: claims.exp * 1000 };
    } catch (error) {
      // The code says why (MALFORMED, BAD_SIGNATURE, EXPIRED, WRONG_PROJECT); never log the token.
      if (error instanceof LoginTokenError) throw new SignInRefused(error.code, 'the login token is not valid: log in again');
      throw error;
    }
    // #endregion verify-login
  }

  /**
   * A new session for the token's player, and its `Set-Cookie`: kept by the browser until the
   * token expires when the player asked to be remembered, else until the browser closes.
   */
  function signIn(token: string, rememberMe: boolean): { player: Player; setCookie: string } {
    const { player, expires } = playerOf(token);
    for (const [id, session] of sessions) if (session.expires <= now()) sessions.delete(id);
    const id = randomBytes(32).toString('base64url');
    sessions.set(id, { player, expires });
    const maxAge = rememberMe ? `; Max-Age=${Math.max(0, Math.floor((expires - now()) / 1000))}` : '';
    // #region session-cookie
    // HttpOnly: no script reads it; SameSite=Strict: no other site's page sends it. (Add Secure on HTTPS.)
    return { player, setCookie: `${cookieName}=${id}; Path=/; HttpOnly; SameSite=Strict${maxAge}` };
    // #endregion session-cookie
  }

  /** The signed-in player of a request, or null. */
  function current(req: IncomingMessage): Player | null {
    const id = cookie(req, cookieName);
    const session = id === null ? undefined : sessions.get(id);
    if (!session) return null;
    if (session.expires > now()) return session.player;
    sessions.delete(id!);
    return null;
  }

  /** Ends the request's session; the `Set-Cookie` that clears the cookie. */
  function signOut(req: IncomingMessage): string {
    const id = cookie(req, cookieName);
    if (id !== null) sessions.delete(id);
    return `${cookieName}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`;
  }

  return { signIn, current, signOut };
}

export type PlayerSessions = ReturnType<typeof createPlayerSessions>;

const basic = (merchantId: number, apiKey: string) => `Basic ${Buffer.from(`${merchantId}:${apiKey}`).toString('base64')}`;

export interface LoginProjectSetup {
  merchantApi: string;
  merchantId: number;
  apiKey: string;
  /** The game's project (its Login project belongs to it). */
  project: number;
  secret: string;
  /** The page players come back to after a login, at this run's address. */
  callback: string;
  /** The user store of the proxy variants, when the game keeps its players itself. */
  userStore?: { new_user: string; user_verification: string; password_reset: string };
}

/**
 * Points the project's Login settings at this run of the demo (`PUT /mock/projects/{id}/login`),
 * as `npm start` points the webhooks at it: the demo runs on any port (the tests pick a free one),
 * and the Login API sends players back only to a callback address it has. Keeps the callbacks that
 * are not the demo's page on loopback (another port of an earlier run), and sets the secret the
 * demo server checks the JWTs with.
 */
export async function pointLoginAtDemo({ merchantApi, merchantId, apiKey, project, secret, callback, userStore }: LoginProjectSetup): Promise<void> {
  const address = new URL(`mock/projects/${project}/login`, `${merchantApi.replace(/\/$/, '')}/`);
  const headers = { authorization: basic(merchantId, apiKey), 'content-type': 'application/json' };
  const read = await fetch(address, { headers });
  if (!read.ok) throw new Error(`the Login settings of project ${project} could not be read (HTTP ${read.status})`);
  const { callback_urls: callbacks } = (await read.json()) as { callback_urls: string[] };
  const page = new URL(callback).pathname;
  const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);
  const twin = new URL(callback);
  twin.hostname = twin.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  const others = callbacks.filter((url) => {
    const parsed = new URL(url);
    return !(loopback.has(parsed.hostname) && parsed.pathname === page);
  });
  const write = await fetch(address, { method: 'PUT', headers, body: JSON.stringify({ callback_urls: [callback, twin.href, ...others], secret_key: secret, ...(userStore ? { user_store: userStore } : {}) }) });
  if (!write.ok) throw new Error(`the Login settings of project ${project} could not be set (HTTP ${write.status})`);
}

/** The cookie naming the addresses a browser registered through the demo server (its mailbox). */
export const MAILBOX_COOKIE = 'demo_mailbox';
/** How many browsers' mailboxes the demo keeps; the oldest go first. */
const MAILBOXES = 1000;

/**
 * Whose mail a browser may read in the demo's mailbox: the addresses it registered through the
 * demo server, named by an HttpOnly, SameSite=Strict cookie. Knowing an address is not enough: the
 * mailbox holds the links that confirm it and reset its password.
 */
export function createMailboxes() {
  const mailboxes = new Map<string, Set<string>>();
  const addressOf = (email: string) => email.trim().toLowerCase();

  /** Lets this browser read `email`'s mail; the `Set-Cookie` when its cookie is new, else null. */
  function grant(req: IncomingMessage, email: string): string | null {
    const id = cookie(req, MAILBOX_COOKIE);
    const held = id === null ? undefined : mailboxes.get(id);
    if (held) {
      held.add(addressOf(email));
      return null;
    }
    const made = randomBytes(32).toString('base64url');
    mailboxes.set(made, new Set([addressOf(email)]));
    if (mailboxes.size > MAILBOXES) mailboxes.delete(mailboxes.keys().next().value!);
    return `${MAILBOX_COOKIE}=${made}; Path=/api/; HttpOnly; SameSite=Strict`;
  }

  /** Whether this browser registered `email` here. */
  const holds = (req: IncomingMessage, email: string): boolean => {
    const id = cookie(req, MAILBOX_COOKIE);
    return id !== null && (mailboxes.get(id)?.has(addressOf(email)) ?? false);
  };

  return { grant, holds };
}

/** A message of the mailbox (`GET /mock/mail`). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  links: string[];
  date: string;
}

/**
 * The offline service's mailbox, read with the merchant's credentials: what it "sent" to `to`,
 * newest first. The demo's stand-in for the player's inbox.
 */
export async function mailTo(merchantApi: string, merchantId: number, apiKey: string, to: string): Promise<MailMessage[]> {
  const response = await fetch(new URL('mock/mail', `${merchantApi.replace(/\/$/, '')}/`), { headers: { authorization: basic(merchantId, apiKey) } });
  if (!response.ok) throw new Error(`the mailbox could not be read (HTTP ${response.status})`);
  const wanted = to.trim().toLowerCase();
  return ((await response.json()) as MailMessage[])
    .filter((message) => message.to.toLowerCase() === wanted)
    .map(({ to: address, subject, text, links, date }) => ({ to: address, subject, text, links, date }));
}
