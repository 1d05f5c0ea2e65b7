/** Small tests every part of the offline service shares (one copy of each). */

export type Plain = Record<string, unknown>;

/** A JSON object: not null, not an array. */
export const isObject = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A 2xx status (an answer that accepted); null (no answer) is not. */
export const is2xx = (status: number | null | undefined): boolean => typeof status === 'number' && status >= 200 && status < 300;

/** Text made safe to write into HTML, in an element or a quoted attribute. */
export const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * `value` when it is an absolute http(s) address, else null: what a link or a redirect made of a
 * token's data may go to (never `javascript:`, `data:` or another scheme, in any spelling).
 */
export function httpAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}
