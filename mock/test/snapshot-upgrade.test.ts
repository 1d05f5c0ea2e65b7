/**
 * An older export is brought to this version in memory (mock/store/snapshot-upgrade.ts, issue 44):
 * each migration's step on the document must do what the migration's SQL does to a database. Here the
 * same state of every earlier schema version — the demo seed and a merchant's own writes: catalogue,
 * a player with inventory, a payment, a subscription, Login players, failed logins, mail, webhook
 * settings and the projects' webhook copies of before, a moved clock, a sandbox with its seed, an
 * outbox row — is upgraded both ways and every table compared.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type Database } from '../store/database';
import { memoryDatabase } from '../store/memory';
import { MIGRATIONS, NOT_EXPORTED, TABLES } from '../store/migrations';
import { exportState, importState, insertRows, type Snapshot, type Table } from '../store/snapshot';
import { tablesOfVersion, UPGRADE_STEPS } from '../store/snapshot-upgrade';
import { hashPassword } from '../lib/password';
import demo from '../fixtures/demo.json' with { type: 'json' };

type Row = Record<string, unknown>;
const STAR_LOGIN = '7c1e2a90-4b3d-4f5e-8a6b-000000200001';
let passwordHash = '';

/** The state as a payui-mock of schema `version` exported it. */
function stateOfVersion(version: number): Snapshot {
  const at = (from: number, rows: Row[]) => (version >= from ? rows : undefined);
  const t = structuredClone(demo.tables) as Record<string, Row[]>;
  const projects = t.projects!;
  // Before 10, a project's webhook settings were copied in its fields: a lone key (the demo seed's),
  // all three (with a row of the table too, which wins), an address switched on without a key.
  if (version < 10) {
    Object.assign(projects[0]!.data as Row, { key: 'star-miners-webhook-secret' });
    Object.assign(projects[1]!.data as Row, { payment_url: 'https://listener.example/hook', key: 'harbor-key', ipn_enabled: true });
  }
  const sandboxProject = { id: 200003, merchant_id: 4242424, data: { name: { en: 'Sandboxed' }, ...(version < 10 ? { payment_url: 'https://sandbox.example/hook', ipn_enabled: true } : {}) } };
  projects.push(sandboxProject);
  const settings = (row: Row) => ({ ...row, ...(version >= 10 ? { enabled: true } : {}) });
  const merchant = (row: Row) => ({ ...row, ...(version >= 7 ? { sandbox: row.id !== 100001, seed: null } : {}) });
  const tables: Record<string, Row[] | undefined> = {
    ...t,
    merchants: [merchant(t.merchants![0]!), {
      ...merchant({ id: 4242424, api_key: 'sandbox-key' }),
      ...(version >= 7 ? { seed: { projects: [structuredClone(sandboxProject)], webhook_settings: [settings({ project_id: 200003, url: 'https://seed.example/hook', secret: 'seed-secret', variant: 'combined' })] } } : {}),
    }],
    login_projects: at(2, t.login_projects!),
    subscription_plans: at(3, t.subscription_plans!),
    subscription_products: at(3, t.subscription_products!),
    users: [{ project_id: 200001, user_id: 'pilot', data: { email: 'pilot@example.test' } }],
    inventory: [{ project_id: 200001, user_id: 'pilot', item_id: 1, sku: 'starter-pack', quantity: 2 }],
    payments: [{ id: 17, merchant_id: 100001, project_id: 200001, status: 'done', data: { transaction: { id: 17 } }, created_at: '2026-01-02T03:04:05+00:00' }],
    webhook_settings: [settings({ project_id: 200002, url: 'https://kept.example/hook', secret: 'kept-secret', variant: 'combined' })],
    webhook_log: version >= 11 ? [{ id: 1, project_id: 200001, notification_type: 'order_paid', state: 'accepted', reason: null, attempts: 1, next_attempt: null, body: '{}', tries: [] }] : [],
    login_users: at(2, [{ id: '0b6d2c1e-1111-4222-8333-444455556666', login_project_id: STAR_LOGIN, username: 'ann', email: 'ann@example.test', password_hash: passwordHash, confirmed: true, created_at: '2026-01-01T00:00:00+00:00' }]),
    login_failures: at(2, version < 5
      ? ['2026-01-01T12:00:05+00:00', '2026-01-01T12:00:01+00:00', '2026-01-01T12:00:09+00:00'].map((when) => ({ login_project_id: STAR_LOGIN, username: 'ann', at: when }))
      : [{ login_project_id: STAR_LOGIN, username: 'ann', first_at: '2026-01-01T12:00:01+00:00', count: 3 }]),
    mail: at(2, [{ id: 3, login_project_id: STAR_LOGIN, recipient: 'ann@example.test', subject: 'Confirm', body: 'Hello', links: ['http://localhost:5174/x'], sent_at: '2026-01-01T00:00:00+00:00' }]),
    subscriptions: at(3, [{ id: 5, merchant_id: 100001, project_id: 200001, plan_id: 1, user_id: 'pilot', status: 'active', due_at: '2026-02-01T00:00:00+00:00', data: { id: 5 } }]),
    subscription_payments: at(3, [{ id: 1, subscription_id: 5, project_id: 200001, payment_id: 17, status: 'done', date_payment: '2026-01-01T00:00:00+00:00' }]),
    service_clock: version >= 3 && version < 7 ? [{ id: 1, offset_ms: 86_400_000 }] : undefined,
    merchant_clocks: at(7, [{ merchant_id: 100001, offset_ms: 86_400_000 }, { merchant_id: 4242424, offset_ms: 86_400_000 }]),
    webhook_outbox: at(4, [{ id: 2, project_id: 200001, notification_type: 'order_paid', body: '{"a":1}', ...(version >= 8 ? { sent_by: null } : {}), ...(version >= 12 ? { attempts: 0, next_attempt: null, delivery: null } : {}) }]),
    spent_tokens: at(6, [{ token_hash: 'a'.repeat(64), project_id: 200001, data: { paid: true }, created_at: '2026-01-01T00:00:00+00:00' }]),
  };
  const known = tablesOfVersion(version);
  return { format: 'payui-mock', version, tables: Object.fromEntries(Object.entries(tables).filter(([name, rows]) => rows && known.has(name))) as Snapshot['tables'] };
}

/** Every table's rows in one order (an export orders by the first column only). */
const sorted = (snapshot: Snapshot) => Object.fromEntries(Object.entries(snapshot.tables).map(([name, rows]) => [name, rows!.map((row) => JSON.stringify(row)).sort()]));

let scratch: PGlite;
let db: Database;
beforeAll(async () => {
  passwordHash = await hashPassword('secret-1');
  [scratch, db] = await Promise.all([PGlite.create(), memoryDatabase()]);
});
afterAll(async () => {
  await Promise.all([scratch?.close(), db?.close()]);
});

/** The migrations' SQL on the state: a database of `snapshot.version` holding its rows, upgraded, exported. */
async function upgradedBySql(snapshot: Snapshot): Promise<Snapshot> {
  await scratch.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await migrate(scratch, 'the reference', snapshot.version);
  await scratch.transaction(async (sql) => {
    for (const table of [...TABLES, 'service_clock']) await insertRows(sql, table as Table, snapshot.tables[table as Table]);
  });
  await migrate(scratch, 'the reference');
  return exportState({ sql: scratch });
}

describe('an export of each earlier schema version, brought up in memory', () => {
  it('has a step for every migration (a migration adds its step to mock/store/snapshot-upgrade.ts)', () => {
    expect(UPGRADE_STEPS).toBe(MIGRATIONS.length);
  });

  it('has the tables a database of its version has (the ones an export holds)', async () => {
    await scratch.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    for (let version = 1; version <= MIGRATIONS.length; version += 1) {
      await migrate(scratch, 'the reference', version);
      const { rows } = await scratch.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'schema_version' AND NOT (table_name = ANY($1)) ORDER BY 1",
        [[...NOT_EXPORTED]],
      );
      expect([...tablesOfVersion(version)].sort(), `version ${version}`).toEqual(rows.map((r) => r.name));
    }
  });

  it.each(Array.from({ length: MIGRATIONS.length - 1 }, (_, i) => i + 1))('of version %i holds, table by table, what the migrations make of it in a database', async (version) => {
    const old = stateOfVersion(version);
    const expected = await upgradedBySql(structuredClone(old));
    const started = performance.now();
    await importState(db, old);
    const took = performance.now() - started;
    const imported = await exportState(db);
    expect(sorted(imported)).toEqual(sorted(expected));
    // Nothing lost: the merchant's own writes are there.
    expect(imported.tables.payments).toHaveLength(1);
    // The clock moved before version 7 (`service_clock`, refused as an unknown table before) is each merchant's.
    if (version >= 3) expect(imported.tables.merchant_clocks!.map((c) => Number(c.offset_ms))).toEqual([86_400_000, 86_400_000]);
    expect(imported.tables.webhook_settings!.length).toBeGreaterThanOrEqual(version < 10 ? 3 : 1);
    console.log(`version ${version}: imported in ${took.toFixed(0)} ms`);
  });
});
