/**
 * The Login API's records (migration 2): each project's Login project (its settings), the users
 * who registered, the one-time links mailed to them, failed logins (the rate limit) and the
 * mailbox. Link tokens are kept as SHA-256 digests: the database never holds a usable link
 * except in the message that carried it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database, Sql } from './database';
import { tokenHash } from './spent-tokens';

export interface LoginProject {
  id: string;
  project_id: number;
  secret_key: string;
  callback_urls: string[];
  email_confirmation: boolean;
  new_user: string | null;
  user_verification: string | null;
  password_reset: string | null;
}

/** The addresses of the merchant's user store the proxy variants forward to. */
export type UserStoreAddress = 'new_user' | 'user_verification' | 'password_reset';

const shapeProject = (row: LoginProject): LoginProject => ({ ...row, project_id: Number(row.project_id) });

/** A new random Login secret key (256 bits, base64url). */
export const newSecretKey = () => randomBytes(32).toString('base64url');

export async function loginProjectById(sql: Sql, id: string): Promise<LoginProject | undefined> {
  const { rows } = await sql.query<LoginProject>('SELECT * FROM login_projects WHERE id = $1', [id]);
  return rows[0] && shapeProject(rows[0]);
}

/**
 * The Login project of a merchant project; one is made (random id and secret, no callback address,
 * confirmation on) the first time a project's settings are asked for.
 */
export const loginProjectOf = (db: Database, projectId: number): Promise<LoginProject> => madeLoginProject(db.sql, projectId, false);

/** The Login project of a merchant project, made first if need be, read in `sql` (`lock`: and its row locked). */
async function madeLoginProject(sql: Sql, projectId: number, lock: boolean): Promise<LoginProject> {
  await sql.query(
    `INSERT INTO login_projects (id, project_id, secret_key, callback_urls, email_confirmation)
     VALUES ($1, $2, $3, '[]', true) ON CONFLICT (project_id) DO NOTHING`,
    [randomUUID(), projectId, newSecretKey()],
  );
  const { rows } = await sql.query<LoginProject>(`SELECT * FROM login_projects WHERE project_id = $1${lock ? ' FOR UPDATE' : ''}`, [projectId]);
  return shapeProject(rows[0]!);
}

export interface LoginProjectChanges {
  secret_key?: string;
  callback_urls?: string[];
  email_confirmation?: boolean;
  user_store?: Partial<Record<UserStoreAddress, string | null>>;
}

/**
 * Writes `changes` over the project's Login settings (made first if need be), from what they hold
 * under the row's lock: a change at the same time waits, and no field either sends is lost.
 */
export async function updateLoginProject(db: Database, projectId: number, changes: LoginProjectChanges): Promise<LoginProject> {
  return db.transaction(async (sql) => {
    const current = await madeLoginProject(sql, projectId, true);
    const next: LoginProject = {
      ...current,
      ...(changes.secret_key !== undefined ? { secret_key: changes.secret_key } : {}),
      ...(changes.callback_urls !== undefined ? { callback_urls: changes.callback_urls } : {}),
      ...(changes.email_confirmation !== undefined ? { email_confirmation: changes.email_confirmation } : {}),
      ...changes.user_store,
    };
    await sql.query(
      `UPDATE login_projects SET secret_key = $2, callback_urls = $3, email_confirmation = $4, new_user = $5, user_verification = $6, password_reset = $7
       WHERE id = $1`,
      [next.id, next.secret_key, JSON.stringify(next.callback_urls), next.email_confirmation, next.new_user, next.user_verification, next.password_reset],
    );
    return next;
  });
}

export interface LoginUser {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  confirmed: boolean;
}

export async function findUser(sql: Sql, loginProjectId: string, username: string): Promise<LoginUser | undefined> {
  const { rows } = await sql.query<LoginUser>(
    'SELECT id, username, email, password_hash, confirmed FROM login_users WHERE login_project_id = $1 AND lower(username) = lower($2)',
    [loginProjectId, username],
  );
  return rows[0];
}

/** Which of `username` and `email` another user of the project has (case does not make a new one). */
export async function takenFields(sql: Sql, loginProjectId: string, username: string, email: string): Promise<('username' | 'email')[]> {
  const { rows } = await sql.query<{ username: boolean; email: boolean }>(
    `SELECT bool_or(lower(username) = lower($2)) AS username, bool_or(lower(email) = lower($3)) AS email
       FROM login_users WHERE login_project_id = $1 AND (lower(username) = lower($2) OR lower(email) = lower($3))`,
    [loginProjectId, username, email],
  );
  return (['username', 'email'] as const).filter((field) => rows[0]?.[field]);
}

export async function insertUser(sql: Sql, user: LoginUser & { loginProjectId: string; createdAt: Date }): Promise<void> {
  await sql.query(
    `INSERT INTO login_users (id, login_project_id, username, email, password_hash, confirmed, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [user.id, user.loginProjectId, user.username, user.email, user.password_hash, user.confirmed, user.createdAt.toISOString()],
  );
}

/** A user's new password: every reset link mailed to them before it stops working. */
export async function setPassword(sql: Sql, userId: string, passwordHash: string): Promise<void> {
  await sql.query('UPDATE login_users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
  await endResetLinks(sql, { user_id: userId, login_project_id: null, username: null });
}

/**
 * A password changed: the reset links of its user stop working, those of the service's user
 * (`user_id`) or, for a user of the merchant's store, those of the Login project and username.
 */
export async function endResetLinks(sql: Sql, user: { user_id: string | null; login_project_id: string | null; username: string | null }): Promise<void> {
  if (user.user_id) await sql.query("DELETE FROM login_links WHERE kind = 'reset' AND user_id = $1", [user.user_id]);
  else await sql.query("DELETE FROM login_links WHERE kind = 'reset' AND user_id IS NULL AND login_project_id = $1 AND username = $2", [user.login_project_id, user.username]);
}

export async function confirmUser(sql: Sql, userId: string): Promise<void> {
  await sql.query('UPDATE login_users SET confirmed = true WHERE id = $1', [userId]);
}

/** What a mailed link lets its holder do once. */
export interface LoginLink {
  kind: 'confirm' | 'reset';
  login_project_id: string;
  /** The service's user; null for a user of the merchant's store (proxy variants). */
  user_id: string | null;
  username: string;
  /** Where the player goes back to afterwards. */
  login_url: string | null;
}


/** A new one-time link token valid until `expires`. */
export async function makeLink(sql: Sql, link: LoginLink, expires: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sql.query(
    'INSERT INTO login_links (token_hash, kind, login_project_id, user_id, username, login_url, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [tokenHash(token), link.kind, link.login_project_id, link.user_id, link.username, link.login_url, expires.toISOString()],
  );
  return token;
}

/**
 * The link of `token` when it is of this kind and not expired by the clock of the merchant whose
 * Login project mailed it (`now` of a merchant id); `spendLink` spends it.
 */
export async function findLink(sql: Sql, token: string, kind: LoginLink['kind'], now: (merchantId: number, sql: Sql) => Promise<number>): Promise<LoginLink | undefined> {
  const { rows } = await sql.query<LoginLink & { expires_at: Date | string; merchant_id: string }>(
    `SELECT l.kind, l.login_project_id, l.user_id, l.username, l.login_url, l.expires_at, p.merchant_id
     FROM login_links l JOIN login_projects lp ON lp.id = l.login_project_id JOIN projects p ON p.id = lp.project_id
     WHERE l.token_hash = $1 AND l.kind = $2`,
    [tokenHash(token), kind],
  );
  const row = rows[0];
  if (!row || new Date(row.expires_at).getTime() <= (await now(Number(row.merchant_id), sql))) return undefined;
  const { expires_at: _expires, merchant_id: _merchant, ...link } = row;
  return link;
}

export async function spendLink(sql: Sql, token: string): Promise<boolean> {
  const { rows } = await sql.query('DELETE FROM login_links WHERE token_hash = $1 RETURNING token_hash', [tokenHash(token)]);
  return rows.length === 1;
}

/** Whether a user's login attempts were counted, or what holds them back: the count and when its minute ends. */
export type AttemptCount = { counted: true } | { counted: false; count: number; until: Date };

/**
 * Counts one login attempt of a user (any case of the name) before its password is checked, in one
 * conditional write: the window that began with the first attempt counts one more while it has
 * fewer than `limit`, a window that is over (or lies ahead of a clock moved back) starts again at
 * one. Logins sent at once each take a place or find none; the count never passes `limit`.
 */
export async function countLoginAttempt(sql: Sql, loginProjectId: string, username: string, now: Date, windowMs: number, limit: number): Promise<AttemptCount> {
  const open = 'f.first_at > $4 AND f.first_at <= $3';
  const { rows } = await sql.query(
    `INSERT INTO login_failures AS f (login_project_id, username, first_at, count) VALUES ($1, lower($2), $3, 1)
     ON CONFLICT (login_project_id, username) DO UPDATE
       SET first_at = CASE WHEN ${open} THEN f.first_at ELSE excluded.first_at END,
           count = CASE WHEN ${open} THEN f.count + 1 ELSE 1 END
       WHERE NOT (${open}) OR f.count < $5
     RETURNING count`,
    [loginProjectId, username, now.toISOString(), new Date(now.getTime() - windowMs).toISOString(), limit],
  );
  if (rows.length) return { counted: true };
  const held = await sql.query<{ count: number; first_at: string | Date }>(
    'SELECT count, first_at FROM login_failures WHERE login_project_id = $1 AND username = lower($2)', [loginProjectId, username],
  );
  const row = held.rows[0];
  return { counted: false, count: row?.count ?? limit, until: new Date((row ? new Date(row.first_at).getTime() : now.getTime()) + windowMs) };
}

/** Takes back an attempt that got no verdict (the merchant's user store did not answer). */
export async function uncountLoginAttempt(sql: Sql, loginProjectId: string, username: string): Promise<void> {
  await sql.query('UPDATE login_failures SET count = count - 1 WHERE login_project_id = $1 AND username = lower($2) AND count > 0', [loginProjectId, username]);
}

/** A login that succeeded forgets the user's failed ones. */
export async function clearFailures(sql: Sql, loginProjectId: string, username: string): Promise<void> {
  await sql.query('DELETE FROM login_failures WHERE login_project_id = $1 AND username = lower($2)', [loginProjectId, username]);
}

export interface MailMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: string[];
  date: string;
}

export async function sendMail(sql: Sql, loginProjectId: string, message: Omit<MailMessage, 'id' | 'date'>, now: Date): Promise<void> {
  await sql.query(
    'INSERT INTO mail (login_project_id, recipient, subject, body, links, sent_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [loginProjectId, message.to, message.subject, message.text, JSON.stringify(message.links), now.toISOString()],
  );
}

/** `2026-01-31T12:00:00+00:00`, the service's form of a timestamp (openapi.json `Timestamp`). */
const rfc3339 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** How many of the newest messages the mailbox shows. */
export const MAILBOX_SIZE = 100;

/** The mail of a merchant's Login projects, newest first. */
export async function mailOf(sql: Sql, merchantId: number): Promise<MailMessage[]> {
  const { rows } = await sql.query<{ id: string; recipient: string; subject: string; body: string; links: string[]; sent_at: Date | string }>(
    `SELECT m.id, m.recipient, m.subject, m.body, m.links, m.sent_at FROM mail m
       JOIN login_projects l ON l.id = m.login_project_id JOIN projects p ON p.id = l.project_id
      WHERE p.merchant_id = $1 ORDER BY m.sent_at DESC, m.id DESC LIMIT ${MAILBOX_SIZE}`,
    [merchantId],
  );
  return rows.map((r) => ({ id: Number(r.id), to: r.recipient, subject: r.subject, text: r.body, links: r.links, date: rfc3339(new Date(r.sent_at)) }));
}
