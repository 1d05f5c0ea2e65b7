/**
 * The signed-in merchant's state the whole console shows: its projects and the one the catalog,
 * users and webhook pages work on, its clock; and switching the console to another merchant (a
 * sandbox) or reloading it all after a reset.
 */
import { signal } from '@preact/signals';
import { api, credentials, merchant, readAll, signIn, type Credentials } from './api';
import type { Clock, LocalizedMap, Project } from './records';

export type { Project };


export const projects = signal<Project[]>([]);
export const currentProject = signal<number | null>(null);
/** The signed-in merchant's clock, as the header shows it (null until read). */
export const clock = signal<Clock | null>(null);
/** Counts switches and resets: the page's view is made anew at each, so it reads the merchant's records again. */
export const generation = signal(0);

/** A localized map's English text, else any. */
export const textOf = (map: LocalizedMap | Record<string, string | null> | undefined | null) => (map ? map.en ?? Object.values(map).find((v) => typeof v === 'string') ?? '' : '');

/** Every project of the merchant (pages of 100), the current one kept when it is still there. */
export async function loadProjects(as: Credentials | null = credentials.value): Promise<void> {
  const all = await readAll<Project>((page) => merchant(`merchants/${as?.merchantId ?? ''}/projects${page}`), as);
  projects.value = all;
  if (!all.some((p) => p.id === currentProject.value)) currentProject.value = all[0]?.id ?? null;
}

/** The signed-in merchant's clock (`GET /mock/clock`), kept for the header; also the answer. */
export async function loadClock(): Promise<Clock> {
  const { body } = await api<Clock>('GET', '/mock/clock');
  clock.value = body;
  return body;
}

/** The merchant's projects and clock read again, and the page made anew (after a reset). */
export async function reloadMerchant(): Promise<void> {
  await loadProjects();
  await loadClock();
  generation.value += 1;
}

/** Signs the console in as `next` (its credentials checked by reading its projects first), its state read anew. */
export async function switchTo(next: Credentials): Promise<void> {
  await loadProjects(next);
  signIn(next);
  clock.value = null;
  generation.value += 1;
  await loadClock();
}
