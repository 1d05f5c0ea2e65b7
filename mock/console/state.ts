/** The merchant's projects and the one the catalog, users and webhook pages work on. */
import { signal } from '@preact/signals';
import { credentials, merchant, readAll, type Credentials } from './api';
import type { LocalizedMap, Project } from './records';

export type { Project };


export const projects = signal<Project[]>([]);
export const currentProject = signal<number | null>(null);

/** A localized map's English text, else any. */
export const textOf = (map: LocalizedMap | Record<string, string | null> | undefined | null) => (map ? map.en ?? Object.values(map).find((v) => typeof v === 'string') ?? '' : '');

/** Every project of the merchant (pages of 100), the current one kept when it is still there. */
export async function loadProjects(as: Credentials | null = credentials.value): Promise<void> {
  const all = await readAll<Project>((page) => merchant(`merchants/${as?.merchantId ?? ''}/projects${page}`), as);
  projects.value = all;
  if (!all.some((p) => p.id === currentProject.value)) currentProject.value = all[0]?.id ?? null;
}
