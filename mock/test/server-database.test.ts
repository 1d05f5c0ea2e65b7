// The service on a Postgres server (DESIGN.md §8c), run by `npm run test:server` (PAYUI_TEST_DATABASE_URL
// names a server whose role may create databases): an empty database gets its schema once even when
// two processes start on it together, and two services on one database are one world — what one
// writes, the other reads. Skipped where no server is given (`npm run test:unit`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayuiMock } from '../app/start';
import { dropDatabase, onServer, openServerDatabase } from '../store/server-database';
import { MigrationError } from '../store/database';
import { MIGRATIONS } from '../store/migrations';
import { createMerchantClient } from '../../src/server/index';
import type { PayuiMock } from 'payui-mock';

const server = process.env.PAYUI_TEST_DATABASE_URL;
const name = `payui_shared_${process.pid}`;
const admin = (statement: string) => onServer(server!, statement);
let url = '';

describe.skipIf(!server)('on a Postgres server', () => {
  beforeAll(async () => {
    await dropDatabase(server!, name);
    await admin(`CREATE DATABASE ${name}`);
    const at = new URL(server!);
    at.pathname = `/${name}`;
    url = at.toString();
  });
  afterAll(() => dropDatabase(server!, name));

  it('makes the schema of an empty database once, with two opening it at the same moment', async () => {
    const [a, b] = await Promise.all([openServerDatabase(url), openServerDatabase(url)]);
    try {
      const { rows } = await a.sql.query<{ version: number }>('SELECT version FROM schema_version');
      expect(rows).toEqual([{ version: MIGRATIONS.length }]);
      expect((await b.sql.query('SELECT count(*)::int AS n FROM schema_version')).rows).toEqual([{ n: 1 }]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('upgrades whole or not at all: a failed migration leaves the database at its version, opened by its release, and says which and why', async () => {
    const at = new URL(url);
    at.pathname = `/${name}_upgrade`;
    await dropDatabase(server!, `${name}_upgrade`);
    await admin(`CREATE DATABASE ${name}_upgrade`);
    try {
      const nine = MIGRATIONS.slice(0, 9);
      const old = await openServerDatabase(at.toString(), nine);
      await old.sql.query("INSERT INTO merchants (id, api_key) VALUES (100001, 'k')");
      await old.sql.query(`INSERT INTO projects (id, merchant_id, data) VALUES (200001, 100001, '{"key": "kept-key"}')`);
      await old.close();
      const broken = [...MIGRATIONS, 'ALTER TABLE nowhere ADD COLUMN never integer'];
      const error = await openServerDatabase(at.toString(), broken).then(() => null, (thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(MigrationError);
      expect((error as Error).message).toMatch(new RegExp(`from schema version 9 failed in migration ${broken.length} .*relation "nowhere" does not exist`));
      expect((error as Error).message).not.toContain(':payui@');
      const again = await openServerDatabase(at.toString(), nine);
      try {
        expect((await again.sql.query('SELECT version FROM schema_version')).rows).toEqual([{ version: 9 }]);
        expect((await again.sql.query("SELECT data->>'key' AS key FROM projects")).rows).toEqual([{ key: 'kept-key' }]);
      } finally {
        await again.close();
      }
      // Two of this release opening it at once: one upgrades, the other finds it done.
      const [a, b] = await Promise.all([openServerDatabase(at.toString()), openServerDatabase(at.toString())]);
      try {
        expect((await a.sql.query('SELECT version FROM schema_version')).rows).toEqual([{ version: MIGRATIONS.length }]);
        expect((await b.sql.query('SELECT secret, enabled FROM webhook_settings')).rows).toEqual([{ secret: 'kept-key', enabled: false }]);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    } finally {
      await dropDatabase(server!, `${name}_upgrade`);
    }
  });

  it('two services on one database are one world: a project written through one is read through the other', async () => {
    const services: PayuiMock[] = [];
    try {
      services.push(...await Promise.all([startPayuiMock({ databaseUrl: url }), startPayuiMock({ databaseUrl: url })]));
      const [one, two] = services.map((service) => createMerchantClient({ merchantId: 100001, apiKey: 'demo-api-key', baseUrl: service.merchantApiUrl }));
      const { id } = await one!.projects.create({ name: { en: 'Shared QA' } } as never);
      expect((await two!.projects.get(id)).name).toEqual({ en: 'Shared QA' });
      await two!.projects.update(id, { name: { en: 'Shared QA, renamed' } } as never);
      expect((await one!.projects.get(id)).name).toEqual({ en: 'Shared QA, renamed' });
    } finally {
      await Promise.all(services.map((service) => service.stop()));
    }
  });

  it('a sandbox made through one service is there through the other, its clock moved through one is moved in both', async () => {
    const services: PayuiMock[] = [];
    try {
      services.push(...await Promise.all([startPayuiMock({ databaseUrl: url }), startPayuiMock({ databaseUrl: url })]));
      const sandbox = await services[0]!.sandbox();
      const other = services[1]!.client.as({ merchantId: sandbox.merchantId, apiKey: sandbox.apiKey });
      expect((await other.getClock()).moved).toBe(false);
      const moved = await sandbox.client.moveClock({ body: { advance: 'P2D' } });
      // The other process reads the clocks again within a second of its last read.
      await expect.poll(async () => Math.abs(new Date((await other.getClock()).now).getTime() - new Date(moved.now).getTime()) < 60_000, { timeout: 5000, interval: 300 }).toBe(true);
      expect((await other.getClock()).moved).toBe(true);
      // The demo merchant's clock is its own in both.
      expect((await services[1]!.client.getClock()).moved).toBe(false);
    } finally {
      await Promise.all(services.map((service) => service.stop()));
    }
  });
});
