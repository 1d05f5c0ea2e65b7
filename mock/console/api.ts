/**
 * The console's one way to the service: the merchant API of this origin (`/merchant/v2/…`) and the
 * offline service's additions (`/mock/…`), with the signed-in merchant's Basic credentials. The
 * credentials live in sessionStorage (gone with the tab); a 401 signs out with a message.
 */
import { signal } from '@preact/signals';

export interface Credentials {
  merchantId: string;
  apiKey: string;
}

/** The service's error body (DESIGN.md §8). */
interface ErrorBody {
  message?: string;
  extended_message?: { global_errors?: string[]; property_errors?: Record<string, string[]> } | null;
  request_id?: string;
}

const STORE = 'payui-console';

function stored(): Credentials | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORE) ?? 'null') as Partial<Credentials> | null;
    return typeof value?.merchantId === 'string' && typeof value.apiKey === 'string' ? { merchantId: value.merchantId, apiKey: value.apiKey } : null;
  } catch {
    return null;
  }
}

/** The signed-in merchant, or null. */
export const credentials = signal<Credentials | null>(stored());
/** Why the console signed out on its own (a 401), shown on the sign-in page. */
export const signedOutBecause = signal<string | null>(null);
/** What the console did as it signed out (a sandbox deleted), shown on the sign-in page as news, not as an error. */
export const signedOutNote = signal<string | null>(null);

export function signIn(next: Credentials): void {
  sessionStorage.setItem(STORE, JSON.stringify(next));
  signedOutBecause.value = null;
  signedOutNote.value = null;
  credentials.value = next;
}

export function signOut(reason: string | null = null, note: string | null = null): void {
  sessionStorage.removeItem(STORE);
  signedOutBecause.value = reason;
  signedOutNote.value = note;
  credentials.value = null;
}

/** A refusal of the service, with what it said. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string[]> = {},
    readonly global: string[] = [],
    readonly requestId = '',
  ) {
    super(message);
  }

  /** The operation is described but this version of the offline service does not answer it. */
  get notAvailable(): boolean {
    return this.status === 501;
  }
}

/** `merchant_id:api_key` as Basic credentials (UTF-8, as the service reads them). */
function basic({ merchantId, apiKey }: Credentials): string {
  const bytes = new TextEncoder().encode(`${merchantId}:${apiKey}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

export interface Answer<T> {
  status: number;
  body: T;
  /** `X-Total-Count` of a list, or null. */
  total: number | null;
}

/** `fetch`, or the ApiFailure of a service that does not answer. */
async function reach(path: string, init: RequestInit): Promise<Response> {
  try {
    // `omit`: our own Authorization header only, and a 401's Basic challenge opens no browser prompt.
    return await fetch(path, { ...init, cache: 'no-store', credentials: 'omit' });
  } catch {
    throw new ApiFailure(0, 'The offline service does not answer: is it running?');
  }
}

/** The ApiFailure of an answer that is not 2xx (its body parsed, or not JSON); a 401 for the signed-in merchant signs out, saying why. */
function failureOf(status: number, parsed: unknown, as: Credentials | null): ApiFailure {
  const error = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as ErrorBody;
  if (status === 401 && as && as === credentials.value) signOut('The service refused the merchant id and API key (401). Sign in again.');
  return new ApiFailure(status, error.message ?? `HTTP ${status}`, error.extended_message?.property_errors ?? {}, error.extended_message?.global_errors ?? [], error.request_id ?? '');
}

/** One call with the given credentials (the signed-in merchant's by default). Throws ApiFailure. */
export async function api<T = unknown>(method: string, path: string, body?: unknown, as: Credentials | null = credentials.value): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (as) headers.authorization = basic(as);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await reach(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  if (!response.ok) throw failureOf(response.status, parsed, as);
  const total = response.headers.get('x-total-count');
  return { status: response.status, body: parsed as T, total: total === null ? null : Number(total) };
}

/** Every record of a list, read through in pages of 100 (`path` makes a page's address from its `?offset=…&limit=100`). */
export async function readAll<T>(path: (page: string) => string, as: Credentials | null = credentials.value): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += 100) {
    const { body, total } = await api<T[]>('GET', path(query({ offset, limit: 100 })), undefined, as);
    all.push(...body);
    if (body.length < 100 || (total !== null && all.length >= total)) return all;
  }
}

/** A merchant API path of this version (`/merchant/v2/…`). */
export const merchant = (path: string) => `/merchant/v2/${path}`;

/** A path of a project's resources. */
export const projectPath = (projectId: number, rest = '') => merchant(`projects/${projectId}${rest}`);

/** `?offset=…&limit=…` and other query parameters, left-out values skipped. */
export function query(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A file of the service (a report's CSV or spreadsheet) with the signed-in merchant's credentials,
 * saved under `name`: a plain link cannot carry them, so it is fetched, then handed to the browser
 * as a Blob's object URL through a temporary `<a download>`. Throws ApiFailure as `api` does.
 */
export async function downloadFile(path: string, name: string): Promise<void> {
  const as = credentials.value;
  const response = await reach(path, { headers: as ? { authorization: basic(as) } : {} });
  if (!response.ok) throw failureOf(response.status, await response.json().catch(() => null), as);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL is freed after that.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
