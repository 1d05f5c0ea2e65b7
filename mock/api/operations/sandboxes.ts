/**
 * `/mock/sandboxes` and `/mock/reset` (DESIGN.md §8b): a merchant of its own per test, made from a
 * seed, put back to it, removed (mock/store/sandboxes.ts). The service's memory of a merchant — its
 * projects' webhook settings in the sender, its clock, its fault rules — follows each change.
 */
import { fieldError, ApiError } from '../app';
import { clockOf } from '../../store/clock';
import { createSandbox as create, deleteSandbox as remove, resetMerchant as reset, type MerchantChange } from '../../store/sandboxes';
import { readSnapshot, SnapshotError, type Snapshot } from '../../store/snapshot';
import { writeWebhookSettings } from '../../store/webhook-settings';
import type { WebhookSettings } from '../../store/webhook-settings';
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

/** Tells the sender the webhook settings of the merchant's projects as a change left them. */
function tellSender(context: ServiceContext, change: MerchantChange): void {
  for (const project of change.before) context.sender.configure(project, null);
  for (const row of change.after?.webhook_settings ?? []) {
    context.sender.configure(Number(row.project_id), { url: String(row.url), secret: String(row.secret), variant: row.variant as WebhookSettings['variant'] });
  }
}

/** What a reset or delete changed, told to the parts that keep a merchant's state apart: the sender, the fault rules, the clocks. */
async function changed(context: ServiceContext, merchantId: number, change: MerchantChange): Promise<void> {
  tellSender(context, change);
  await context.faults.forget(merchantId);
  await clockOf(context.db).load();
}

export const createSandbox: Op = async (call) => {
  const seed = await seedOf(call.context, (call.body as { seed?: unknown } | undefined)?.seed);
  const { sandbox, change } = await create(call.context.db, seed);
  // A new merchant has no rules and a clock at real time: only its seeded webhook settings are news.
  tellSender(call.context, change);
  return { status: 201, body: sandbox };
};

export const deleteSandbox: Op = async (call) => {
  const change = await remove(call.context.db, call.merchantId);
  if (!change) throw new ApiError(409, `Conflict: merchant ${call.merchantId} is the service's own, not a sandbox; POST /mock/reset puts it back to its seed`);
  await changed(call.context, call.merchantId, change);
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
  await changed(context, merchantId, change);
  for (const [project, settings] of started) if (change.after?.projects?.some((p) => Number(p.id) === Number(project))) context.sender.configure(Number(project), settings);
  return { status: 204 };
};
