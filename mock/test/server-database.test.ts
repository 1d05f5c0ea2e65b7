// The service on a Postgres server (DESIGN.md §8c), run by `npm run test:server` (PAYUI_TEST_DATABASE_URL
// names a server whose role may create databases): an empty database gets its schema once even when
// two processes start on it together, and two services on one database are one world — what one
// writes, the other reads. Skipped where no server is given (`npm run test:unit`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayuiMock } from '../app/start';
import { dropDatabase, onServer, openServerDatabase } from '../store/server-database';
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
