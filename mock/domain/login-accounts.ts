/**
 * The Login API's changes of its accounts (DESIGN.md §8a): a failed login counted against the rate
 * limit, a registration, a one-time link mailed, an email address confirmed, a password set by a
 * link, and a project's Login settings. The handlers and the service's pages (api/) check what is
 * sent and answer; the rules of each change are here.
 */
import type { Database, Sql } from '../store/database';
import {
  clearFailures, confirmUser, countLoginAttempt, endResetLinks, insertUser, loginProjectOf, makeLink, newSecretKey, sendMail, setPassword, spendLink,
  uncountLoginAttempt, updateLoginProject, type LoginLink, type LoginProject, type LoginProjectChanges, type LoginUser,
} from '../store/login';

/** Failed logins of one user allowed within a minute; the next is refused until the minute has passed. */
export const FAILED_LOGINS_PER_MINUTE = 10;
export const RATE_WINDOW_MS = 60_000;
/** A confirmation link works for a week, a password reset link for an hour. */
const LINK_LIFETIME_MS = { confirm: 7 * 24 * 3600_000, reset: 3600_000 } as const;

/**
 * Counts a login attempt before its password is checked (one conditional write, so logins sent at
 * once cannot all pass): refused, with the failures counted and the seconds to wait, once the user
 * has `FAILED_LOGINS_PER_MINUTE` attempts in the minute that began with the first of them.
 */
export async function countAttempt(sql: Sql, project: LoginProject, username: string, now: Date): Promise<{ counted: true } | { counted: false; count: number; waitSeconds: number }> {
  const attempt = await countLoginAttempt(sql, project.id, username, now, RATE_WINDOW_MS, FAILED_LOGINS_PER_MINUTE);
  if (attempt.counted) return { counted: true };
  return { counted: false, count: attempt.count, waitSeconds: Math.max(1, Math.ceil((attempt.until.getTime() - now.getTime()) / 1000)) };
}

/** A login that succeeded forgets the user's failed attempts (it was counted as failed until then). */
export const loginSucceeded = (sql: Sql, project: LoginProject, username: string) => clearFailures(sql, project.id, username);
/** A login that got no verdict (the user store did not answer) is not held against the user. */
export const loginUnjudged = (sql: Sql, project: LoginProject, username: string) => uncountLoginAttempt(sql, project.id, username);

/** A new Login user (in the registration's transaction `sql`; a name or address taken meanwhile is Postgres' unique violation). */
export const registerUser = (sql: Sql, user: LoginUser & { loginProjectId: string; createdAt: Date }) => insertUser(sql, user);

/**
 * Mails `to` a one-time link of the service's own pages (at `origin`), made at `now` (the merchant's
 * clock) and working for a week (a confirmation) or an hour (a password reset).
 */
export async function mailLink(sql: Sql, link: LoginLink, to: string, now: number, origin: string): Promise<void> {
  const token = await makeLink(sql, link, new Date(now + LINK_LIFETIME_MS[link.kind]));
  const page = new URL(link.kind === 'confirm' ? '/mock/login/confirm' : '/mock/login/password', origin);
  page.searchParams.set('token', token);
  const [subject, text] = link.kind === 'confirm'
    ? ['Confirm your email address', `Hello ${link.username},\n\nconfirm your email address to log in: ${page.href}\n\nThe link works for 7 days.`]
    : ['Reset your password', `Hello ${link.username},\n\nset a new password here: ${page.href}\n\nThe link works for 1 hour. If you did not ask for it, ignore this message.`];
  await sendMail(sql, link.login_project_id, { to, subject, text, links: [page.href] }, new Date(now));
}

/** The confirmation link `token` spent and its user confirmed, in one transaction; false when it was spent already. */
export const confirmEmail = (db: Database, token: string, userId: string): Promise<boolean> =>
  db.transaction(async (sql) => (await spendLink(sql, token)) && (await confirmUser(sql, userId), true));

/** The reset link `token` spent and the user's password set, in one transaction: of two links used at once, one changes it. */
export const resetPassword = (db: Database, token: string, userId: string, passwordHash: string): Promise<boolean> =>
  db.transaction(async (sql) => (await spendLink(sql, token)) && (await setPassword(sql, userId, passwordHash), true));

/** A user store changed the password: the link `token` is spent, and the other reset links mailed for that user end with it. */
export const passwordResetByStore = (db: Database, token: string, link: LoginLink): Promise<boolean> =>
  db.transaction(async (sql) => (await spendLink(sql, token)) && (await endResetLinks(sql, link), true));

/** The Login settings of a merchant project, made (random id and secret, confirmation on) the first time they are asked for. */
export const loginSettingsOf = (db: Database, projectId: number): Promise<LoginProject> => loginProjectOf(db, projectId);

/** A change of a project's Login settings as sent: a `secret_key` of null asks for a new one. */
export type LoginSettingsWrite = Omit<LoginProjectChanges, 'secret_key'> & { secret_key?: string | null };

/** Writes `write` over the project's Login settings (a new random secret when it asks for one), under their lock. */
export function changeLoginSettings(db: Database, projectId: number, write: LoginSettingsWrite): Promise<LoginProject> {
  const { secret_key: secret, ...rest } = write;
  return updateLoginProject(db, projectId, { ...rest, ...(secret === undefined ? {} : { secret_key: secret ?? newSecretKey() }) });
}
