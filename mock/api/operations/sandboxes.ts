/**
 * `/mock/sandboxes` and `/mock/reset` (DESIGN.md §8b): a merchant of its own per test, made from a
 * seed, put back to it, removed (the use cases of mock/domain/merchants.ts, which tell the service's
 * memory of a merchant — its clock, its fault rules, the sender — of each change).
 */
import { fieldError, ApiError } from '../app';
import { makeSandbox, removeSandbox, resetToSeed } from '../../domain/merchants';
import { sandboxCount } from '../../store/sandboxes';
import { readSnapshot, SnapshotError, type Snapshot } from '../../store/snapshot';
import type { Op, ServiceContext } from './common';

/** The seed a request names: the service's fixtures (`demo`, the default), none (`empty`), or an export. */
async function seedOf(context: ServiceContext, seed: unknown): Promise<Snapshot | null> {
  if (seed === undefined || seed === 'demo') return context.fixtures();
  if (seed === 'empty') return null;
  try {
    return await readSnapshot(seed);
  } catch (error) {
    if (error instanceof SnapshotError) throw fieldError('seed', error.message);
    throw error;
  }
}

export const createSandbox: Op = async (call) => {
  const { count, seedBytes } = call.context.sandboxLimits;
  const asked = (call.body as { seed?: unknown } | undefined)?.seed;
  // A seed document is kept whole with the sandbox (its reset's seed) and copied into its tables: capped.
  const size = typeof asked === 'object' && asked !== null ? Buffer.byteLength(JSON.stringify(asked)) : 0;
  if (size > seedBytes) {
    throw new ApiError(413, `Payload Too Large: the seed is ${size} bytes of JSON; a sandbox takes a seed of at most ${seedBytes} bytes (PAYUI_MOCK_MAX_SEED_BYTES)`);
  }
  const full = () => new ApiError(429, `Too Many Requests: there are ${count} sandboxes, as many as the service keeps at once (PAYUI_MOCK_MAX_SANDBOXES); DELETE /mock/sandboxes/{merchant_id} the ones your tests are done with`);
  // Looked at first, so that a full service reads no seed; counted again where the sandbox is made.
  if ((await sandboxCount(call.context.db.sql)) >= count) throw full();
  const seed = await seedOf(call.context, asked);
  const made = await makeSandbox(call.context.db, seed, count);
  if (made.ok) return { status: 201, body: made.sandbox };
  if (made.problem === 'full') throw full();
  throw fieldError('seed', made.message);
};

export const deleteSandbox: Op = async (call) => {
  if (!(await removeSandbox(call.context, call.merchantId))) {
    throw new ApiError(409, `Conflict: merchant ${call.merchantId} is the service's own, not a sandbox; POST /mock/reset puts it back to its seed`);
  }
  return { status: 204 };
};

/** The service's own merchants get the webhook settings they were started with again. */
export const resetMerchant: Op = async (call) => {
  const { context, merchantId } = call;
  if (!(await resetToSeed(context, merchantId, await context.fixtures(), context.startWebhooks))) throw new ApiError(404, `Not Found: no merchant ${merchantId}`);
  return { status: 204 };
};
