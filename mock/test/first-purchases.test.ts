// A new player's first purchases made at the same moment (two tabs, a retrying client) both go
// through: the first purchase makes the user, and two that race to make it make one. On a Postgres
// server (npm run test:server) the two transactions really run side by side.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxWorld, type SandboxWorld } from './sandbox-world';

let world: SandboxWorld;
beforeAll(async () => {
  world = await sandboxWorld();
});
afterAll(() => world.close());

async function token(user: string, quantity: number): Promise<string> {
  const answer = await world.merchant('POST', `/merchant/v2/merchants/${world.merchantId}/token`, {
    user: { id: { value: user }, email: { value: `${user}@example.test` } }, settings: { project_id: world.project(200001), mode: 'sandbox' }, purchase: { virtual_currency: { quantity } },
  });
  expect(answer.status).toBe(200);
  return answer.body.token;
}

describe('a new player\'s first purchases at once', () => {
  it('all go through and make one user, credited with all of them', async () => {
    for (let round = 0; round < 5; round += 1) {
      const user = `first-timer-${round}`;
      const tokens = await Promise.all([token(user, 10), token(user, 20), token(user, 30)]);
      const answers = await Promise.all(tokens.map((accessToken) => fetch(`${world.origin}/mock/payments`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: accessToken }),
      }).then((response) => response.status)));
      expect(answers, user).toEqual([200, 200, 200]);
      const users = await world.merchant('GET', `/merchant/v2/projects/${world.project(200001)}/users/${user}`);
      expect(users.status).toBe(200);
      expect(users.body.balance ?? users.body.wallet_amount).toBe(60);
    }
  });
});
