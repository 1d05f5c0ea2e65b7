/**
 * What queries run on: the database itself or one transaction of it, embedded (PGlite) or a
 * Postgres server (mock/store/server-database.ts). Plain SQL and its rows, nothing else. Its own
 * module, below both mock/store/database.ts and the read cache it wraps (mock/store/read-cache.ts),
 * so that neither imports the other back.
 */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[]; rowCount?: number | null }>;
  exec(text: string): Promise<unknown>;
}
