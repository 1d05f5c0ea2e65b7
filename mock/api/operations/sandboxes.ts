/**
 * `/mock/sandboxes` and `/mock/reset` (DESIGN.md §8b): a merchant of its own per test, made from a
 * seed, put back to it, removed (mock/store/sandboxes.ts). The service's memory of a merchant — its
 * clock, its fault rules — follows each change (its webhook settings are read where they are kept).
 */
import { fieldError, ApiError } from '../app';
import { clockOf } from '../../store/clock';
import { createSandbox as create, deleteSandbox as remove, resetMerchant as reset, SandboxCapError, SandboxSeedError, sandboxCount } from '../../store/sandboxes';
import { readSnapshot, SnapshotError, type Snapshot } from '../../store/snapshot';
import { writeWebhookSettings } from '../../store/webhook-settings';
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

/**
 * What a reset or delete changed, told to the parts that keep a merchant's state apart: the fault
 * rules, the clocks, and the sender, which drops at once what the outbox no longer holds of the
 * merchant's projects of before (another process's sender drops it at its next look).
 */
async function changed(context: ServiceContext, merchantId: number, projectsBefore: readonly number[]): Promise<void> {
  context.sender.forget(projectsBefore);
  await context.faults.forget(merchantId);
  await clockOf(context.db).load();
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
  // A new merchant has no rules and a clock at real time: nothing to tell. A seed that passed the
  // export's check but breaks the tables' keys or references is the request's fault: 422 naming the row.
  try {
    const { sandbox } = await create(call.context.db, seed, count);
    return { status: 201, body: sandbox };
  } catch (error) {
    if (error instanceof SandboxCapError) throw full();
    if (error instanceof SandboxSeedError || error instanceof SnapshotError) throw fieldError('seed', error.message);
    throw error;
  }
};

export const deleteSandbox: Op = async (call) => {
  const change = await remove(call.context.db, call.merchantId);
  if (!change) throw new ApiError(409, `Conflict: merchant ${call.merchantId} is the service's own, not a sandbox; POST /mock/reset puts it back to its seed`);
  await changed(call.context, call.merchantId, change.before);
  return { status: 204 };
};

export const resetMerchant: Op = async (call) => {
  const { context, merchantId } = call;
  // The service's own merchants get the webhook settings they were started with again.
  const started = Object.entries(context.startWebhooks);
  const change = await reset(context.db, merchantId, await context.fixtures(), async (sql, projects) => {
    for (const [project, settings] of started) if (projects.includes(Number(project))) await writeWebhookSettings(sql, Number(project), settings);
  });
  if (!change) throw new ApiError(404, `Not Found: no merchant ${merchantId}`);
  await changed(context, merchantId, change.before);
  return { status: 204 };
};
