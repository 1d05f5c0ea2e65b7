/**
 * What every operation of the merchant API shares: the context it runs in, lists of one page with
 * their total, and the errors of a missing or duplicate record.
 */
import type { FastifyRequest } from 'fastify';
import type { Database, Sql } from '../../store/database';
import { readPage, type ListedTable, type PageCondition, type PageRow } from '../../store/pages';
import type { PaymentCallResult, Payments } from '../../domain/payments';
import type { WebhookSender } from '../../webhooks/sender';
import type { WebhookSettings } from '../../store/webhook-settings';
import type { Snapshot } from '../../store/snapshot';
import type { Faults } from '../../store/fault-rules';
import { ApiError, fieldError, type Answer, type Call, type Operation } from '../app';

export interface ServiceContext {
  db: Database;
  sender: WebhookSender;
  payments: Payments;
  /**
   * Milliseconds since the epoch: the merchant's clock, read in the transaction of `sql` when one is
   * open (by default a statement of its own: never inside an open transaction, where the embedded
   * database, one query at a time, would wait for that transaction forever). Outside a
   * transaction, the clock read with `request`'s credentials when they were that merchant's.
   */
  now: (merchantId: number, sql?: Sql, request?: FastifyRequest) => Promise<number>;
  /** The merchant API's (and Login API's) origin: the JWT's `iss` and the links in mailed messages. */
  origin: () => string;
  /** Milliseconds the Login API waits for a merchant's user store (proxy variants). */
  userStoreTimeoutMs: number;
  /** The merchants' fault rules (`/mock/faults`). */
  faults: Faults;
  /** The service's fixtures, checked: the demo merchant's seed, and a sandbox's by default. */
  fixtures: () => Promise<Snapshot>;
  /** The webhook settings the service was started with (project id → settings): part of its own merchants' seed. */
  startWebhooks: Record<number, WebhookSettings>;
  /** How many sandboxes may be at once, and how big a sandbox's seed may be (JSON bytes). */
  sandboxLimits: SandboxLimits;
}

/** The caps of `POST /mock/sandboxes`. */
export interface SandboxLimits {
  /** Sandboxes at once (`PAYUI_MOCK_MAX_SANDBOXES`): the next is 429 until one is deleted. */
  count: number;
  /** A seed document's size in bytes of JSON (`PAYUI_MOCK_MAX_SEED_BYTES`): a bigger one is 413. */
  seedBytes: number;
}

/** The caps by default: room for every test file of a big suite at once, and seeds of a real catalogue. */
export const SANDBOX_LIMITS: SandboxLimits = { count: 500, seedBytes: 256 * 1024 };

export type Op = Operation<ServiceContext>;
export type OpCall = Call<ServiceContext>;

export const notFound = (what: string) => new ApiError(404, `Not Found: ${what}`);

/** The answer to a payment call the domain refused: 404 for a record the merchant does not have, 409 for one whose state does not allow it. */
export const refused = ({ problem, message }: Extract<PaymentCallResult, { ok: false }>) => new ApiError(problem === 'unknown' ? 404 : 409, message);

/** A record's row: its id, and the fields the merchant wrote. */
export interface Row<T = Record<string, unknown>> {
  id: number;
  data: T;
}

/**
 * Postgres' "unique violation": a duplicate sku, code or external_id is a 409 at that field.
 * `value`: the value sent, or a function that tells it once `work` has found it.
 */
export async function unique<T>(path: string, value: unknown, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const sent = typeof value === 'function' ? (value as () => unknown)() : value;
    if ((error as { code?: string }).code === '23505') throw fieldError(path, `${JSON.stringify(sent)} is already used in this project`, 409);
    throw error;
  }
}

/** The `offset`/`limit` of a list call (validated and defaulted by the document). */
export function paging(call: OpCall): { offset: number; limit: number } {
  return { offset: (call.query.offset as number | undefined) ?? 0, limit: (call.query.limit as number | undefined) ?? 20 };
}

/**
 * One page of `table`'s rows that match `filter` (and `condition`), in id order, and the total of
 * all pages: answered as the array `shape` makes of each row, with `X-Total-Count`.
 */
export async function listPage<T>(
  sql: Sql,
  table: ListedTable,
  filter: Record<string, unknown>,
  call: OpCall,
  shape: (row: PageRow) => T,
  condition?: PageCondition,
): Promise<Answer> {
  const { rows, total } = await readPage(sql, table, filter, paging(call), condition);
  return { body: rows.map(shape), headers: { 'x-total-count': total } };
}

export const created = (id: number): Answer => ({ status: 201, body: { id } });
export const noContent: Answer = { status: 204 };

/** The integer path parameter `name`. */
export const idParam = (call: OpCall, name: string) => Number(call.params[name]);

export type { Answer, Op as Operation };
