/**
 * A user store of the demo's second game (Puzzle Harbor, project 200002), which keeps its players
 * itself: the Login API's proxy variants (`/api/proxy/registration`, `/api/proxy/login`,
 * `/api/proxy/password/reset`) ask it, and answer the player's client from what it says (DESIGN.md
 * §8a). Three addresses, set in the project's Login settings at start; each request is a JSON POST
 * signed with the Login secret key, checked before anything is read. Players live in memory
 * (gone when the demo stops), their passwords as scrypt hashes.
 */
import { randomUUID, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import {
  verifyWebhookSignature,
  type UserStoreNewUserRequest, type UserStorePasswordResetAnswer, type UserStorePasswordResetRequest, type UserStoreRefusal,
  type UserStoreVerificationAnswer, type UserStoreVerificationRequest,
} from 'payui-embed/server';
import { readBody } from '../src/server/http';

const hash = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

/** The three addresses, under the demo server's `/api/user-store/`. */
export const USER_STORE_PATHS = { new_user: 'new-user', user_verification: 'verify', password_reset: 'password-reset' } as const;

interface StoredPlayer {
  id: string;
  username: string;
  email: string;
  salt: Buffer;
  hash: Buffer;
}

function answer(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** A 4xx the Login API shows its client as a 422 (at `field` when it names one). */
const refuse = (res: ServerResponse, status: number, refusal: UserStoreRefusal) => answer(res, status, refusal);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function createUserStore({ secret, loginProjectId }: { secret: string; loginProjectId: string }) {
  /** Lowercased username → player. */
  const players = new Map<string, StoredPlayer>();
  const byEmail = (email: string) => [...players.values()].find((p) => p.email.toLowerCase() === email.toLowerCase());

  async function setPassword(player: Pick<StoredPlayer, 'salt' | 'hash'>, password: string): Promise<void> {
    player.salt = randomBytes(16);
    player.hash = await hash(password, player.salt, 32);
  }

  async function passwordMatches(player: StoredPlayer | undefined, password: string): Promise<boolean> {
    // A missing player costs the same hash as a wrong password: the time says nothing of who exists.
    const salt = player?.salt ?? randomBytes(16);
    const tried = await hash(password, salt, 32);
    return player !== undefined && timingSafeEqual(tried, player.hash);
  }

  const handlers: Record<string, (body: Record<string, unknown>, res: ServerResponse) => Promise<void>> = {
    async [USER_STORE_PATHS.new_user](body, res) {
      const { username, email, password } = body as Partial<UserStoreNewUserRequest>;
      if (!text(username).trim()) return refuse(res, 400, { message: 'a username is required', field: 'username' });
      if (players.has(text(username).toLowerCase())) return refuse(res, 409, { message: 'is already taken', field: 'username' });
      if (byEmail(text(email))) return refuse(res, 409, { message: 'is already taken', field: 'email' });
      const player: StoredPlayer = { id: randomUUID(), username: text(username), email: text(email), salt: Buffer.alloc(0), hash: Buffer.alloc(0) };
      await setPassword(player, text(password));
      players.set(player.username.toLowerCase(), player);
      answer(res, 201, { id: player.id });
    },
    // #region user-store-verify
    async [USER_STORE_PATHS.user_verification](body, res) {
      const { username, password } = body as Partial<UserStoreVerificationRequest>;
      const player = players.get(text(username).toLowerCase());
      if (!(await passwordMatches(player, text(password))) || !player) return refuse(res, 401, { message: 'wrong username or password' });
      answer(res, 200, { id: player.id, email: player.email, username: player.username } satisfies UserStoreVerificationAnswer);
    },
    // #endregion user-store-verify
    async [USER_STORE_PATHS.password_reset](body, res) {
      const { username, password } = body as Partial<UserStorePasswordResetRequest>;
      const player = players.get(text(username).toLowerCase());
      if (!player) return refuse(res, 404, { message: 'no player of that name', field: 'username' });
      if (password === undefined) return answer(res, 200, { email: player.email } satisfies UserStorePasswordResetAnswer);
      await setPassword(player, text(password));
      answer(res, 200, {});
    },
  };

  /** `POST /api/user-store/{new-user|verify|password-reset}`. */
  return async function userStore(which: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const handler = Object.hasOwn(handlers, which) ? handlers[which] : undefined;
    if (!handler) return refuse(res, 404, { message: 'no such user-store address' });
    if (req.method !== 'POST') return refuse(res, 405, { message: 'POST' });
    const raw = await readBody(req, 16 * 1024).catch(() => undefined);
    if (!raw) return refuse(res, raw === null ? 413 : 400, { message: 'the request body could not be read' });
    // Only the Login API, which signs with our Login secret key, may ask.
    if (!verifyWebhookSignature(raw, req.headers.authorization, secret)) return refuse(res, 401, { message: 'the signature is not valid' });
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return refuse(res, 400, { message: 'the request body is not JSON' });
    }
    if (typeof body !== 'object' || body === null || (body as { login_project_id?: unknown }).login_project_id !== loginProjectId) {
      return refuse(res, 400, { message: 'not a request of our Login project' });
    }
    await handler(body as Record<string, unknown>, res);
  };
}
