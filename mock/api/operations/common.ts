/**
 * What every operation of the merchant API shares: the context it runs in, lists of one page with
 * their total, and the errors of a missing or duplicate record.
 */
import type { Sql } from '../../store/database';
import type { ServiceContext } from '../../domain/service-context';
import { readPage, type ListedTable, type PageCondition, type PageRow } from '../../store/pages';
import { remembered } from '../../store/read-cache';
import type { PaymentCallResult } from '../../domain/payments';
import { ApiError, fieldError, type Answer, type Call, type Operation } from '../app';

export type { SandboxLimits, ServiceContext } from '../../domain/service-context';

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

/** A list's page when its call names no `limit` (the document's default). */
export const DEFAULT_LIMIT = 20;

/** The `offset`/`limit` of a list call (validated and defaulted by the document). */
export function paging(call: OpCall): { offset: number; limit: number } {
  return { offset: (call.query.offset as number | undefined) ?? 0, limit: (call.query.limit as number | undefined) ?? DEFAULT_LIMIT };
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

/**
 * The answer `build` makes, remembered under `key` (which must name everything it depends on: the
 * list, its project or merchant, its filter, its page, the version) on the embedded database until
 * its next write (store/read-cache.ts), with its body as JSON text: a list asked again is neither
 * read nor shaped nor serialised again. Built afresh on a Postgres server and in a transaction.
 */
export function rememberedAnswer(call: OpCall, key: string, build: () => Promise<Answer>): Promise<Answer> {
  return remembered(call.context.db.sql, `answer ${key}`, async () => {
    const { body, ...answer } = await build();
    return body === undefined ? answer : { ...answer, json: JSON.stringify(body) };
  });
}

export const created = (id: number): Answer => ({ status: 201, body: { id } });
export const noContent: Answer = { status: 204 };

/** The integer path parameter `name`. */
export const idParam = (call: OpCall, name: string) => Number(call.params[name]);

export type { Answer, Op as Operation };
