/**
 * The payment UI wire format (DESIGN.md §4): `postMessage` strings of
 * `JSON.stringify({ command, data })`. Every incoming message passes through `decodeMessage`
 * and then `toUiMessage`; the mock payment UI uses the same functions for the other direction.
 */
import type { Dimensions, PaymentInfo } from './events';

/** Larger messages are dropped unread: 64 KiB of UTF-8. */
export const MAX_MESSAGE_BYTES = 64 * 1024;

/** What the widget sends in reply to `widget-detection`. */
export const WIDGET_DETECTED = 'widget-detected';

export interface UiMessageMap {
  'widget-detection': Record<string, unknown>;
  dimensions: { dimensions: Dimensions };
  status: { paymentInfo: PaymentInfo };
  close: Record<string, unknown>;
  'widget-close': Record<string, unknown>;
  'user-country': { user_country: string };
  fcp: Record<string, unknown>;
  error: { code: string; message: string; [key: string]: unknown };
}
export type UiCommand = keyof UiMessageMap;
export type UiMessage = { [C in UiCommand]: { command: C; data: UiMessageMap[C] } }[UiCommand];

export interface DecodedMessage {
  command: string;
  data: Record<string, unknown>;
}

type Plain = Record<string, unknown>;

const isObject = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A size in CSS pixels: a finite number, not negative. */
const isSize = (value: unknown): value is number => typeof value === 'number' && value >= 0 && value < Infinity;

/**
 * The shape each command's data must have: the data to deliver (possibly tidied), or null to
 * drop the message. Commands not listed here are not part of the protocol.
 */
const SHAPES: Record<UiCommand, (data: Plain) => Plain | null> = {
  'widget-detection': (data) => data,
  dimensions: ({ dimensions: d }) => (isObject(d) && isSize(d.width) && isSize(d.height) ? { dimensions: { width: d.width, height: d.height } } : null),
  status: (data) => (isObject(data.paymentInfo) ? data : null),
  close: (data) => data,
  'widget-close': (data) => data,
  'user-country': (data) => (typeof data.user_country === 'string' ? data : null),
  fcp: (data) => data,
  error: (data) =>
    typeof data.code === 'string' || Number.isFinite(data.code)
      ? { ...data, code: String(data.code), message: typeof data.message === 'string' ? data.message : '' }
      : null,
};

export function isKnownCommand(command: string): command is UiCommand {
  return Object.prototype.hasOwnProperty.call(SHAPES, command);
}

export function encodeMessage(command: string, data: object = {}): string {
  return JSON.stringify({ command, data });
}

/**
 * A `{ command, data }` envelope from a raw `event.data`, or null for anything else: not a
 * string, over 64 KiB, not JSON, no string command, or data that is not an object.
 * `__proto__` keys are removed while parsing, so no consumer can ever merge them into a prototype.
 */
export function decodeMessage(raw: unknown): DecodedMessage | null {
  // Only strings that could be over the limit are measured exactly.
  if (typeof raw !== 'string' || (raw.length * 3 > MAX_MESSAGE_BYTES && new TextEncoder().encode(raw).length > MAX_MESSAGE_BYTES)) return null;
  try {
    const parsed: unknown = JSON.parse(raw, (key, value: unknown) => (key === '__proto__' ? undefined : value));
    const data = isObject(parsed) ? (parsed.data ?? {}) : null;
    return isObject(parsed) && typeof parsed.command === 'string' && isObject(data) ? { command: parsed.command, data } : null;
  } catch {
    return null;
  }
}

/** Checks a decoded message against the shape its command must have; null when it does not fit. */
export function toUiMessage({ command, data }: DecodedMessage): UiMessage | null {
  const shaped = isKnownCommand(command) ? SHAPES[command](data) : null;
  return shaped && ({ command, data: shaped } as UiMessage);
}
