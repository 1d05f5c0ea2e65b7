/**
 * The sandboxes this browser tab made (DESIGN.md §8b), kept in sessionStorage with their API keys so
 * the console switches between them in one click, and what the console says of a merchant: the
 * demo merchant or a sandbox, its clock moved or at real time. The list is the tab's only: closing
 * the tab forgets it, as it forgets the signed-in merchant.
 */
import { signal } from '@preact/signals';
import type { Credentials } from './api';

/** The service's demo merchant (mock/fixtures/demo.json), whom the console names to go back to. */
export const DEMO_MERCHANT = '100001';

export type Seed = 'demo' | 'empty';

/** A sandbox this tab made. */
export interface KeptSandbox extends Credentials {
  seed: Seed;
  /** When it was made, ISO 8601. */
  createdAt: string;
}

const STORE = 'payui-console-sandboxes';

const isKept = (value: unknown): value is KeptSandbox => {
  const entry = value as Partial<KeptSandbox> | null;
  return typeof entry === 'object' && entry !== null && typeof entry.merchantId === 'string' && typeof entry.apiKey === 'string'
    && (entry.seed === 'demo' || entry.seed === 'empty') && typeof entry.createdAt === 'string';
};

/** The kept list from its stored text; anything unreadable is left out. */
export function readKept(text: string | null): KeptSandbox[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter(isKept).map(({ merchantId, apiKey, seed, createdAt }) => ({ merchantId, apiKey, seed, createdAt })) : [];
  } catch {
    return [];
  }
}

/** The list with `entry` first (a merchant id once). */
export const withKept = (list: KeptSandbox[], entry: KeptSandbox): KeptSandbox[] => [entry, ...list.filter((s) => s.merchantId !== entry.merchantId)];

/** The list without the merchant `merchantId`. */
export const withoutKept = (list: KeptSandbox[], merchantId: string): KeptSandbox[] => list.filter((s) => s.merchantId !== merchantId);

/** "sandbox" or "the service's own", as the header says it, from the clock's answer (`GET /mock/clock` says whose it is). */
export const merchantKind = (clock: { sandbox: boolean }) => (clock.sandbox ? 'sandbox' : "the service's own");

/** The clock's state in a few words: at real time, or moved ahead and where it is now. */
export function clockState(clock: { now: string; moved: boolean }, locale?: string): string {
  if (!clock.moved) return 'clock at real time';
  return `clock moved ahead: ${new Date(clock.now).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })}`;
}

function stored(): KeptSandbox[] {
  try {
    return readKept(sessionStorage.getItem(STORE));
  } catch {
    return [];
  }
}

/** The sandboxes of this tab, newest first. */
export const keptSandboxes = signal<KeptSandbox[]>(stored());

function store(list: KeptSandbox[]): void {
  keptSandboxes.value = list;
  if (list.length) sessionStorage.setItem(STORE, JSON.stringify(list));
  else sessionStorage.removeItem(STORE);
}

export const keepSandbox = (entry: KeptSandbox) => store(withKept(keptSandboxes.value, entry));
export const forgetSandbox = (merchantId: string) => store(withoutKept(keptSandboxes.value, merchantId));
