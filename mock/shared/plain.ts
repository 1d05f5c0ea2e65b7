/** Small tests every part of the offline service shares (one copy of each). */

export type Plain = Record<string, unknown>;

/** A JSON object: not null, not an array. */
export const isObject = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A 2xx status (an answer that accepted); null (no answer) is not. */
export const is2xx = (status: number | null | undefined): boolean => typeof status === 'number' && status >= 200 && status < 300;
