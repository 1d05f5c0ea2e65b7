/**
 * The tokens that paid (the `spent_tokens` table, its only writer). A token serves one rendering
 * (service-spec.md "Payment token"): the payment it makes writes its row in the payment's own
 * transaction, by a conditional insert, so a second payment with it, even one sent at the same
 * time, writes nothing and pays nothing. The row keeps what the token paid: the payment UI opened
 * on it again shows that, not a new checkout. Rows are keyed by the SHA-256 of the token's signature
 * (mock/domain/token.ts `tokenId`), one per token however its text is spelt; `tokenHash` is the
 * Login links' key (a text's SHA-256).
 */
import { createHash } from 'node:crypto';
import type { Paid, Session } from '../spec/session';
import type { Sql } from './database';

/** What a token paid: the session it was paid in, and the payment's result. */
export interface SpentToken {
  session: Session;
  paid: Paid;
}

/** The SHA-256 of a text, in hex: the key a Login link is kept by. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Marks the token spent on `spent`; false when it already was (nothing is written then). */
export async function spendToken(sql: Sql, hash: string, projectId: number, spent: SpentToken, at: string): Promise<boolean> {
  const { rows } = await sql.query(
    'INSERT INTO spent_tokens (token_hash, project_id, data, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (token_hash) DO NOTHING RETURNING token_hash',
    [hash, projectId, JSON.stringify(spent), at],
  );
  return rows.length === 1;
}

/** Adds to what a spent token paid what its payment handed out last (a game's key). */
export async function updatePaid(sql: Sql, hash: string, paid: Paid): Promise<void> {
  await sql.query("UPDATE spent_tokens SET data = jsonb_set(data, '{paid}', $2::jsonb) WHERE token_hash = $1", [hash, JSON.stringify(paid)]);
}

/** What the token paid, or undefined when it has not paid. */
export async function spentToken(sql: Sql, hash: string): Promise<SpentToken | undefined> {
  const { rows } = await sql.query<{ data: SpentToken }>('SELECT data FROM spent_tokens WHERE token_hash = $1', [hash]);
  return rows[0]?.data;
}
