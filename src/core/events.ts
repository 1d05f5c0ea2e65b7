/** The widget's events (DESIGN.md §3): names, and the data each one carries. */

const NAMES = [
  'init', 'open', 'open-lightbox', 'open-window', 'open-inline', 'load', 'close', 'close-lightbox', 'close-window', 'close-inline',
  'status', 'status-invoice', 'status-delivering', 'status-done', 'status-troubled', 'user-country', 'fcp', 'error',
] as const;
export type EventType = (typeof NAMES)[number];

/** `'status-done'` → `'STATUS_DONE'`. */
type ConstantName<S extends string> = Uppercase<S extends `${infer A}-${infer B}` ? `${A}_${ConstantName<B>}` : S>;

/** `EventTypes.STATUS_DONE === 'status-done'`, and so on for every event. */
export const EventTypes = Object.freeze(
  Object.fromEntries(NAMES.map((name) => [name.toUpperCase().replace(/-/g, '_'), name])),
) as { readonly [N in EventType as ConstantName<N>]: N };

export const PAYMENT_STATUSES = ['invoice', 'delivering', 'done', 'troubled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How a payment UI session ended. */
export type CloseReason = 'user' | 'ui' | 'api' | 'error';

/** Payment details exactly as the payment UI sent them; the fields below are the usual ones. */
export interface PaymentInfo {
  status?: string;
  invoice?: number | string;
  userId?: string;
  email?: string;
  virtualCurrencyAmount?: number;
  [key: string]: unknown;
}

export interface Dimensions {
  width: number;
  height: number;
}

export interface StatusEventData {
  paymentInfo: PaymentInfo;
}
export interface CloseEventData {
  reason: CloseReason;
  /** The last `paymentInfo.status` seen before closing, or null. */
  lastStatus: string | null;
}
export interface ErrorEventData {
  /** A widget code (`LOAD_TIMEOUT`, …) or a payment UI code (`0004-0001`, …). */
  code: string;
  message: string;
  /** The option at fault, for `INVALID_OPTION` (`access_token`, `lightbox.zIndex`, …). */
  path?: string;
  [key: string]: unknown;
}
export interface OpenEventData {
  /** `inline`: in the merchant's page, with mount() (DESIGN.md §11). */
  mode: 'lightbox' | 'window' | 'inline';
}
export interface LoadEventData {
  dimensions?: Dimensions;
}
export interface UserCountryEventData {
  user_country: string;
}
export type EmptyEventData = Record<string, never>;

export interface EventMap {
  init: EmptyEventData;
  open: OpenEventData;
  'open-lightbox': EmptyEventData;
  'open-window': EmptyEventData;
  'open-inline': EmptyEventData;
  load: LoadEventData;
  close: CloseEventData;
  'close-lightbox': CloseEventData;
  'close-window': CloseEventData;
  'close-inline': CloseEventData;
  status: StatusEventData;
  'status-invoice': StatusEventData;
  'status-delivering': StatusEventData;
  'status-done': StatusEventData;
  'status-troubled': StatusEventData;
  'user-country': UserCountryEventData;
  fcp: Record<string, unknown>;
  error: ErrorEventData;
}

/** Every event name, for the emitter's check of `on('…')`. */
export const EVENT_NAMES: ReadonlySet<string> = new Set(NAMES);

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(value);
}
