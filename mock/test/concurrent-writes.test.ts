// Writes at once through two `payui-mock` processes on one Postgres server database (DESIGN.md §8c,
// issue 49 items 6 and the sandbox cap's review finding): a PUT through one is never lost to a
// concurrent PUT through the other (each is one conditional write, made under the record's lock),
// and sandboxes made at once at the cap never pass it. Run by `npm run test:server`
// (PAYUI_TEST_DATABASE_URL); skipped without one.
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callMerchantApi } from '../../test/fixtures/merchant-call';
import { twoOnOneDatabase, type ServiceProcess, type TwoProcesses } from './service-processes';

const server = process.env.PAYUI_TEST_DATABASE_URL;
/** The sandbox cap the processes run with. */
const CAP = 4;
let processes: TwoProcesses;

/** A field's value in round `round`. */
type Fields = Record<string, (round: number) => unknown>;

/**
 * Ten fields of an item, each with the value round `round` writes to it: every PUT of a round
 * writes one field of its own, so after the round every field holds that round's value, whichever
 * order the PUTs ran in. A PUT that read the item before another's write and wrote it back after
 * puts the other's field back to what it was: lost.
 */
const ITEM: Fields = {
  sku: (round) => `concurrent-${round}`,
  name: (round) => ({ en: `name ${round}` }),
  description: (round) => ({ en: `description ${round}` }),
  long_description: (round) => ({ en: `long description ${round}` }),
  keywords: (round) => ({ en: [`keyword ${round}`] }),
  item_code: (round) => `code-${round}`,
  item_type: (round) => `type-${round}`,
  image_url: (round) => `https://images.example.test/${round}.png`,
  expiration: (round) => 1000 + round,
  user_attribute_conditions: (round) => [{ attribute: 'level', operator: 'ge', value: round }],
};

/** The same of the other PUTs that change a record's or a setting's fields (a dotted name is a field inside one). */
const CURRENCY: Fields = {
  vc_name: (round) => ({ en: `Gems ${round}` }),
  image_url: (round) => `https://images.example.test/gems-${round}.png`,
  type: (round) => `type-${round}`,
  allow_user_sum: (round) => round % 2 === 1,
  min: (round) => round,
  max: (round) => 100 + round,
  base: (round) => ({ USD: round + 0.5 }),
};
const PLAN: Fields = {
  description: (round) => ({ en: `plan ${round}` }),
  group_id: (round) => `group-${round}`,
  tags: (round) => [`tag-${round}`],
  external_id: (round) => `concurrent-plan-${round}`,
};
const PLAN_REQUIRED = { name: { en: 'Concurrent plan' }, charge: { amount: 1.5, currency: 'USD', period: { value: 7, type: 'day' } } };
const LOGIN: Fields = {
  callback_urls: (round) => [`https://shop.example.test/back/${round}`],
  email_confirmation: (round) => round % 2 === 0,
  'user_store.new_user': (round) => `https://store.example.test/new/${round}`,
  'user_store.user_verification': (round) => `https://store.example.test/verify/${round}`,
  'user_store.password_reset': (round) => `https://store.example.test/reset/${round}`,
};
const PROJECT: Fields = {
  name: (round) => ({ en: `Project ${round}` }),
  descriptor: (round) => `desc ${round}`,
  url: (round) => `https://game.example.test/${round}`,
  keywords: (round) => `game,round ${round}`,
  return_url: (round) => `https://game.example.test/back/${round}`,
  payment_url: (round) => `https://game.example.test/webhooks/${round}`,
};

/** `{a: {b: value}}` of `a.b`. */
const nested = (name: string, value: unknown): Record<string, unknown> =>
  name.split('.').reduceRight<Record<string, unknown>>((inner, part, i, parts) => (i === parts.length - 1 ? { [part]: value } : { [part]: inner }), {});
const at = (body: any, name: string) => name.split('.').reduce((value, part) => value?.[part], body);

describe.skipIf(!server)('writes at once through two processes on one database', () => {
  beforeAll(async () => {
    processes = await twoOnOneDatabase(server!, `payui_concurrent_${process.pid}`);
  }, 180_000);
  afterEach(() => processes.end());
  afterAll(() => processes?.remove());

  const startTwo = () => processes.start({}, { PAYUI_MOCK_MAX_SANDBOXES: String(CAP) });

  /**
   * Rounds of PUTs at once of `path`, each of one field of `fields` (with `required`), alternating
   * between the processes: what of each round a read of `read` (through the second) does not hold.
   */
  async function lostFields([one, two]: ServiceProcess[], method: string, path: string, fields: Fields, rounds: number[], required = {}, read = path) {
    const lost: string[] = [];
    for (const round of rounds) {
      const answers = await Promise.all(Object.entries(fields).map(([field, value], i) =>
        callMerchantApi((i % 2 ? two! : one!).merchantApiUrl, method, path, { ...required, ...nested(field, value(round)) })));
      for (const answer of answers) expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
      const { body } = await callMerchantApi(two!.merchantApiUrl, 'GET', read);
      for (const [field, value] of Object.entries(fields)) if (!isDeepStrictEqual(at(body, field), value(round))) lost.push(`${path}, round ${round}: ${field} is ${JSON.stringify(at(body, field))}`);
    }
    return lost;
  }

  it('20 PUTs of one item at once, through both: every field the PUTs wrote is there, none put back', async () => {
    const processes = await startTwo();
    const items = '/merchant/v2/projects/200001/virtual_items/items';
    const made = await callMerchantApi(processes[0].merchantApiUrl, 'POST', items, { sku: 'concurrent', name: { en: 'Concurrent' }, prices: { USD: 1 } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await lostFields(processes, 'PUT', `${items}/${made.body.id}`, ITEM, [1, 2])).toEqual([]);
  }, 120_000);

  it("PUTs at once of a project, its virtual currency, a plan and its Login settings: none loses another's field", async () => {
    const processes = await startTwo();
    const plans = '/merchant/v2/projects/200001/subscriptions/plans';
    const plan = await callMerchantApi(processes[0].merchantApiUrl, 'POST', plans, { ...PLAN_REQUIRED, external_id: 'concurrent-plan' });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const lost = await Promise.all([
      lostFields(processes, 'PUT', '/merchant/v2/projects/200002', PROJECT, [1, 2]),
      lostFields(processes, 'PUT', '/merchant/v2/projects/200001/virtual_currency', CURRENCY, [1, 2]),
      lostFields(processes, 'PUT', `${plans}/${plan.body.plan_id}`, PLAN, [1, 2], PLAN_REQUIRED),
      lostFields(processes, 'PUT', '/mock/projects/200001/login', LOGIN, [1, 2]),
    ]);
    expect(lost.flat()).toEqual([]);
  }, 120_000);

  it("a project's PUT and its webhook settings' PUT at once: neither puts back the other's (the variant set stays set)", async () => {
    const [one, two] = await startTwo();
    const lost: string[] = [];
    for (let round = 1; round <= 12; round += 1) {
      const variant = round % 2 ? 'separate' : 'combined';
      const answers = await Promise.all([
        callMerchantApi(one.merchantApiUrl, 'PUT', '/merchant/v2/projects/200002', { payment_url: `https://game.example.test/webhooks/${round}` }),
        callMerchantApi(two.merchantApiUrl, 'PUT', '/mock/projects/200002/webhooks', { url: 'http://127.0.0.1:9/hooks', secret: `secret-${round}`, variant }),
      ]);
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
      const { body } = await callMerchantApi(one.merchantApiUrl, 'GET', '/mock/projects/200002/webhooks');
      if (body.variant !== variant) lost.push(`round ${round}: variant ${JSON.stringify(body.variant)}, not ${variant}`);
    }
    expect(lost).toEqual([]);
  }, 120_000);

  // Half of them seeded with the demo's catalogue, written side by side (the cap is counted once a seed is written).
  it(`${CAP * 3} sandboxes asked for at once through both, with a cap of ${CAP}: ${CAP} made, the rest 429, and nothing kept of those`, async () => {
    const [one, two] = await startTwo();
    const answers = await Promise.all(Array.from({ length: CAP * 3 }, async (_, i) => {
      const answer = await fetch(`${(i % 2 ? two : one).merchantApiUrl}/mock/sandboxes`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seed: i % 4 < 2 ? 'demo' : 'empty' }),
      });
      return { status: answer.status, body: (await answer.json()) as { project_ids?: number[] } };
    }));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array<number>(CAP).fill(201), ...Array<number>(CAP * 2).fill(429)]);
    const c = new pg.Client({ connectionString: processes.url });
    await c.connect();
    try {
      expect((await c.query<{ n: number }>('SELECT count(*)::int AS n FROM merchants WHERE sandbox')).rows[0]!.n).toBe(CAP);
      // The sandboxes' projects are those of the 201s: a refused sandbox's seed was not kept.
      const made = answers.flatMap((answer) => (answer.status === 201 ? answer.body.project_ids ?? [] : [])).sort((a, b) => a - b);
      const { rows } = await c.query<{ id: string }>('SELECT p.id FROM projects p JOIN merchants m ON m.id = p.merchant_id WHERE m.sandbox ORDER BY p.id');
      expect(rows.map((row) => Number(row.id))).toEqual(made);
    } finally {
      await c.end();
    }
  }, 120_000);
});
