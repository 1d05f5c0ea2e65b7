/** The widget's events (DESIGN.md §3): names, and the data each one carries. */

export const EventTypes = {
  INIT: 'init',
  OPEN: 'open',
  OPEN_LIGHTBOX: 'open-lightbox',
  OPEN_WINDOW: 'open-window',
  LOAD: 'load',
  CLOSE: 'close',
  CLOSE_LIGHTBOX: 'close-lightbox',
  CLOSE_WINDOW: 'close-window',
  STATUS: 'status',
  STATUS_INVOICE: 'status-invoice',
  STATUS_DELIVERING: 'status-delivering',
  STATUS_DONE: 'status-done',
  STATUS_TROUBLED: 'status-troubled',
  USER_COUNTRY: 'user-country',
  FCP: 'fcp',
  ERROR: 'error',
} as const;

export type EventType = (typeof EventTypes)[keyof typeof EventTypes];

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
  [key: string]: unknown;
}
export interface OpenEventData {
  mode: 'lightbox' | 'window';
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
  load: LoadEventData;
  close: CloseEventData;
  'close-lightbox': CloseEventData;
  'close-window': CloseEventData;
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
export const EVENT_NAMES: ReadonlySet<string> = new Set(Object.values(EventTypes));

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(value);
}
