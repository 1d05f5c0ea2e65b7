/**
 * The five operations of a record that belongs to a project (packages, items, groups, user
 * attributes, games), as DESIGN §8 says where the spec shows no answer: create 201 `{id}`, read,
 * list (one page in id order with `X-Total-Count`), update (a field left out keeps its value; 204)
 * and delete (204). Another project's record is unknown (404); a duplicate of the record's unique
 * field in the project is 409 at that field; checks beyond the schema join the schema's 422. The
 * changes are domain/catalog.ts's.
 */
import type { ExtendedMessage } from '../spec/errors';
import { addProjectRecord, changeProjectRecord, removeProjectRecord } from '../domain/catalog';
import { isObject, projectRecord, type CatalogTable, type Data } from '../store/catalog';
import type { Sql } from '../store/database';
import type { PageCondition } from '../store/pages';
import { withReads } from '../store/read-cache';
import { DECIMAL_ID } from './auth';
import { ApiError, mergeFindings } from './app';
import { DEFAULT_LIMIT, created, idParam, listPage, noContent, notFound, paging, rememberedAnswer, unique, type Op, type OpCall } from './operations/common';

export interface RecordKind {
  table: CatalogTable;
  /** The path parameter of the record's id. */
  param: string;
  /** What a 404 calls the record (`item`). */
  what: string;
  /** The field kept unique in the project (also a column of the table), and its column's value. */
  unique: { field: string; column: (data: Data) => unknown };
  /** The record's `data` as kept, from what it was (or nothing) with the fields sent over it. */
  keep: (data: Data) => Data;
  /** The records as answered. */
  shape: (sql: Sql, rows: { id: number; data: Data }[]) => Promise<unknown[]> | unknown[];
  /** The records as the list answers them, when not as `shape`. */
  listShape?: RecordKind['shape'];
  /**
   * Findings beyond the schema, of the fields sent and of the record they make (`self`: its id on
   * update), reading with `sql` (an update's transaction, under the record's lock).
   */
  check?: (sql: Sql, call: OpCall, body: Data, data: Data, self?: number) => Promise<ExtendedMessage | null> | ExtendedMessage | null;
  /** A condition of the list beyond its project, if the call asks for one. */
  filter?: (call: OpCall) => PageCondition | undefined;
}

export interface RecordOps {
  create: Op;
  get: Op;
  list: Op;
  update: Op;
  remove: Op;
}

export function projectRecords(kind: RecordKind): RecordOps {
  const projectOf = (call: OpCall) => idParam(call, 'project_id');
  const idOf = (call: OpCall) => idParam(call, kind.param);
  const missing = (call: OpCall) => notFound(`no ${kind.what} ${call.params[kind.param]} in project ${call.params.project_id}`);
  const { field, column } = kind.unique;

  const stored = async (sql: Sql, call: OpCall) => {
    const data = await projectRecord(sql, kind.table, projectOf(call), idOf(call));
    if (!data) throw missing(call);
    return data;
  };

  const create: Op = async (call) => {
    const data = kind.keep(call.body as Data);
    const id = await unique(field, data[field], () => addProjectRecord(call.context.db, kind.table, projectOf(call), field, column(data), data));
    return created(id);
  };

  const get: Op = async (call) => {
    const { sql } = call.context.db;
    const [record] = await kind.shape(sql, [{ id: idOf(call), data: await stored(sql, call) }]);
    return { body: record };
  };

  const list: Op = async (call) => {
    // The page, when it is the one read with the credentials (`readsPage`): no statement of its own.
    const sql = withReads(call.context.db.sql, call.reads);
    const projectId = projectOf(call);
    const condition = kind.filter?.(call);
    const { offset, limit } = paging(call);
    // The answer as shaped and serialised, remembered with the page on the embedded database until
    // its next write: a list asked again is not shaped again (a tenth of a catalog read's CPU).
    return rememberedAnswer(call, `${kind.table} ${projectId} ${offset} ${limit} ${condition ?? ''}`, async () => {
      const page = await listPage(sql, kind.table, { project_id: projectId }, call, (row) => ({ id: row.id, data: row.data }), condition);
      return { ...page, body: await (kind.listShape ?? kind.shape)(sql, page.body as { id: number; data: Data }[]) };
    });
  };
  // A list asked with no query (its first page, no condition) is read with the credentials.
  list.readsPage = (params, query) => (Object.keys(query).length === 0 && DECIMAL_ID.test(params.project_id ?? '')
    ? { table: kind.table, filter: { project_id: Number(params.project_id) }, wanted: { offset: 0, limit: DEFAULT_LIMIT } }
    : undefined);

  /**
   * The fields sent over what the record holds under its lock, checked again there (what was checked
   * before the lock may have changed): a PUT at the same time, through this process or another,
   * waits, and no field either sends is lost.
   */
  const update: Op = async (call) => {
    const body = call.body as Data;
    let sent: unknown;
    const found = await unique(field, () => sent, () => changeProjectRecord(call.context.db, kind.table, projectOf(call), idOf(call), field, async (sql, stored) => {
      const data = kind.keep({ ...stored, ...body });
      const findings = await kind.check?.(sql, call, body, data, idOf(call));
      if (findings) throw new ApiError(422, 'Unprocessable Entity', mergeFindings(findings));
      sent = data[field];
      return { data, column: column(data) };
    }));
    if (!found) throw missing(call);
    return noContent;
  };

  const remove: Op = async (call) => {
    if (!(await removeProjectRecord(call.context.db, kind.table, projectOf(call), idOf(call)))) throw missing(call);
    return noContent;
  };

  const { check } = kind;
  if (check) {
    create.check = (call) => (isObject(call.body) ? check(call.context.db.sql, call, call.body, kind.keep(call.body)) : null);
    // Checked in the update's transaction, under the record's lock; before it only to join the schema's findings in one 422.
    update.checkedInside = true;
    update.check = async (call) => {
      if (!isObject(call.body)) return null;
      const { sql } = call.context.db;
      const data = await projectRecord(sql, kind.table, projectOf(call), idOf(call));
      return data ? check(sql, call, call.body, kind.keep({ ...data, ...call.body }), idOf(call)) : null;
    };
  }
  return { create, get, list, update, remove };
}

/** `shape` of a kind whose records are answered one by one. */
export const eachRecord = (shape: (id: number, data: Data) => unknown) => (_sql: Sql, rows: { id: number; data: Data }[]) =>
  rows.map((row) => shape(row.id, row.data));
