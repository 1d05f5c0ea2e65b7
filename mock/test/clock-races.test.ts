// The clock on a Postgres server shared by two services (DESIGN.md §8c), each with its own pool of
// connections, its own sender and payments, as two `payui-mock` processes behind one address: a move
// is `offset = offset + delta` on the clock's locked row, read in the move's transaction, so moves
// at once add up, a move through one is the clock of the next request through the other, and what
// falls due by the sum of two moves is charged. The moves "at once" are proven to be: the test's own
// transaction holds the merchant's clock-move lock while both are sent, until both wait for it in
// their transactions; a move that computed its target before its transaction (as before issue 49)
// loses one of them. Run by `npm run test:server`; skipped without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchantApi } from '../api/server';
import { createPayments } from '../domain/payments';
import { listenLoopback, type Listening } from '../http/listen';
import { demoFixtures } from '../store/memory';
import { dropDatabase, onServer, openServerDatabase } from '../store/server-database';
import { importState } from '../store/snapshot';
import type { Database } from '../store/database';
import { CLOCK_MOVE } from '../store/clock';
import { raceHolder, type RaceHolder } from './held-race';
import { createWebhookSender, type WebhookSender } from '../webhooks/sender';
import { callMerchantApi } from '../../test/fixtures/merchant-call';

const server = process.env.PAYUI_TEST_DATABASE_URL;
const name = `payui_clock_${process.pid}`;

interface Service {
  origin: string;
  db: Database;
  sender: WebhookSender;
  api: Listening;
}

/** A service of its own on the database at `url`. */
async function startService(url: string): Promise<Service> {
  const db = await openServerDatabase(url);
  const sender = createWebhookSender({ db });
  const api = await listenLoopback(await createMerchantApi({ db, sender, payments: createPayments(sender, db) }), 0);
  return { origin: `http://127.0.0.1:${api.port}`, db, sender, api };
}

describe.skipIf(!server)('the clock through two services on one database', () => {
  const services: Service[] = [];
  let one: Service;
  let two: Service;
  /** A new sandbox's merchant id and the calls made as it. */
  let merchant = 0;
  let project = 0;
  /** The test's own transaction on the services' database, which holds a merchant's clock-move lock (mock/test/held-race.ts). */
  let held: RaceHolder;

  beforeAll(async () => {
    await dropDatabase(server!, name);
    await onServer(server!, `CREATE DATABASE ${name}`);
    const url = new URL(server!);
    url.pathname = `/${name}`;
    const first = await openServerDatabase(url.toString());
    await importState(first, demoFixtures);
    await first.close();
    services.push(await startService(url.toString()), await startService(url.toString()));
    [one, two] = services as [Service, Service];
    // A move waiting for the merchant's clock-move lock (an advisory lock).
    held = await raceHolder(url.toString(), "wait_event = 'advisory' AND query LIKE '%pg_advisory_xact_lock%'");
  }, 120_000);
  afterAll(async () => {
    await held?.end();
    for (const s of services) {
      s.sender.close();
      await s.api.close();
      await s.db.close();
    }
    await dropDatabase(server!, name);
  });

  /** A fresh sandbox: its clock at real time. */
  async function sandbox(): Promise<{ call: (service: Service, method: string, path: string, body?: unknown) => ReturnType<typeof callMerchantApi> }> {
    const made = await callMerchantApi(one.origin, 'POST', '/mock/sandboxes', { seed: 'demo' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    merchant = made.body.merchant_id;
    project = made.body.project_ids[0];
    const key = made.body.api_key as string;
    return { call: (service, method, path, body) => callMerchantApi(service.origin, method, path, body, { merchantId: merchant, apiKey: key }) };
  }

  /** Two moves sent while the holder has the merchant's clock-move lock, let go once both wait for it in their transactions. */
  const heldMoves = <T,>(first: () => Promise<T>, second: () => Promise<T>) => held.round('SELECT pg_advisory_xact_lock($1, $2)', [CLOCK_MOVE, merchant], first, second);

  const clockOfAnswer = (answer: { body: { now: string } }) => Date.parse(answer.body.now);
  const DAY = 86_400_000;

  it('two P10D at once, through one and the other, both waiting for the clock in their transactions, move 20 days (repeated: no move is lost)', async () => {
    for (let round = 0; round < 8; round += 1) {
      const { call } = await sandbox();
      const before = Date.now();
      const answers = await heldMoves(() => call(one, 'POST', '/mock/clock', { advance: 'P10D' }), () => call(two, 'POST', '/mock/clock', { advance: 'P10D' }));
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const now = clockOfAnswer(await call(two, 'GET', '/mock/clock'));
      expect(now - before, `round ${round}`).toBeGreaterThanOrEqual(20 * DAY);
      expect(now - before, `round ${round}`).toBeLessThan(21 * DAY);
    }
  }, 120_000);

  it('two moves to one time at once, through one and the other, on a clock never moved, both waiting for it in their transactions, end at that time (repeated: none overshoots)', async () => {
    for (let round = 0; round < 8; round += 1) {
      const { call } = await sandbox();
      const to = new Date(Date.now() + 10 * DAY).toISOString();
      const answers = await heldMoves(() => call(one, 'POST', '/mock/clock', { to }), () => call(two, 'POST', '/mock/clock', { to }));
      // The one that finds the clock already past the time (moved there by the other) is refused, as
      // it would be after it: the clock never goes back.
      expect(answers.map((a) => a.status).sort(), `round ${round}`).toEqual(expect.arrayContaining([200]));
      for (const answer of answers) expect([200, 422]).toContain(answer.status);
      const now = clockOfAnswer(await call(two, 'GET', '/mock/clock'));
      expect(now - Date.parse(to), `round ${round}`).toBeGreaterThanOrEqual(0);
      expect(now - Date.parse(to), `round ${round}`).toBeLessThan(DAY);
    }
  }, 120_000);

  it('P20D through one then P20D through the other move 40 days, and the renewal due at +30 is charged', async () => {
    const { call } = await sandbox();
    const token = await call(one, 'POST', `/merchant/v2/merchants/${merchant}/token`, {
      user: { id: { value: 'clock-two' }, email: { value: 'clock-two@example.test' } }, settings: { project_id: project, mode: 'sandbox' },
      purchase: { subscription: { plan_id: 'captain-monthly' } },
    });
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    const paid = await fetch(`${one.origin}/mock/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: token.body.token }) });
    expect(paid.status, await paid.clone().text()).toBe(200);
    const before = Date.now();
    expect((await call(one, 'POST', '/mock/clock', { advance: 'P20D' })).status).toBe(200);
    const moved = await call(two, 'POST', '/mock/clock', { advance: 'P20D' });
    expect(clockOfAnswer(moved) - before).toBeGreaterThanOrEqual(40 * DAY);
    const charges = (await call(one, 'GET', `/merchant/v2/projects/${project}/subscriptions/payments?limit=100`)).body as { status: string }[];
    expect(charges.map((c) => c.status)).toEqual(['done', 'done']);
  }, 60_000);

  it('a token made through the other right after a move through one pays through the one', async () => {
    const { call } = await sandbox();
    for (let round = 0; round < 3; round += 1) {
      expect((await call(one, 'POST', '/mock/clock', { advance: 'P2D' })).status).toBe(200);
      // The other makes the token by the clock as it is now, and the one that moved it takes the payment.
      const token = await call(two, 'POST', `/merchant/v2/merchants/${merchant}/token`, {
        user: { id: { value: `clock-pay-${round}` }, email: { value: 'clock-pay@example.test' } }, settings: { project_id: project, mode: 'sandbox' },
        purchase: { virtual_currency: { quantity: 10 } },
      });
      expect(token.status, JSON.stringify(token.body)).toBe(200);
      const paid = await fetch(`${one.origin}/mock/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: token.body.token }) });
      expect(paid.status, await paid.clone().text()).toBe(200);
    }
  }, 60_000);
});
