/**
 * The payment UI wire format (DESIGN.md §4): `postMessage` strings of
 * `JSON.stringify({ command, data })`. Every incoming message passes through `decodeMessage`
 * and then `toUiMessage`; the mock payment UI uses the same functions for the other direction.
 */
import type { Dimensions, PaymentInfo } from './events';

/** Larger messages are dropped unread: 64 KiB of UTF-8. */
export const MAX_MESSAGE_BYTES = 64 * 1024;

export const UI_COMMANDS = [
  'widget-detection',
  'dimensions',
  'status',
  'close',
  'widget-close',
  'user-country',
  'fcp',
  'error',
] as const;
export type UiCommand = (typeof UI_COMMANDS)[number];

export function isKnownCommand(command: string): command is UiCommand {
  return (UI_COMMANDS as readonly string[]).includes(command);
}

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

export type UiMessage = { [C in UiCommand]: { command: C; data: UiMessageMap[C] } }[UiCommand];

export interface DecodedMessage {
  command: string;
  data: Record<string, unknown>;
}

type Plain = Record<string, unknown>;

function isObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function utf8Length(text: string): number {
  // Only strings that could be over the limit are measured exactly.
  return text.length * 3 <= MAX_MESSAGE_BYTES ? text.length : new TextEncoder().encode(text).length;
}

/** `__proto__` keys are removed while parsing, so no consumer can ever merge them into a prototype. */
function dropProtoKeys(key: string, value: unknown): unknown {
  return key === '__proto__' ? undefined : value;
}

export function encodeMessage(command: string, data: object = {}): string {
  return JSON.stringify({ command, data });
}

/**
 * A `{ command, data }` envelope from a raw `event.data`, or null for anything else: not a
 * string, over 64 KiB, not JSON, no string command, or data that is not an object.
 */
export function decodeMessage(raw: unknown): DecodedMessage | null {
  if (typeof raw !== 'string' || utf8Length(raw) > MAX_MESSAGE_BYTES) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw, dropProtoKeys);
  } catch {
    return null;
  }
  if (!isObject(parsed) || typeof parsed.command !== 'string') return null;
  const data = parsed.data ?? {};
  if (!isObject(data)) return null;
  return { command: parsed.command, data };
}

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Checks a decoded message against the shape its command must have; null when it does not fit. */
export function toUiMessage(message: DecodedMessage): UiMessage | null {
  const { command, data } = message;
  switch (command) {
    case 'dimensions': {
      const d = data.dimensions;
      if (!isObject(d) || !isFiniteNumber(d.width) || !isFiniteNumber(d.height) || d.width < 0 || d.height < 0) return null;
      return { command, data: { dimensions: { width: d.width, height: d.height } } };
    }
    case 'status':
      return isObject(data.paymentInfo) ? { command, data: { paymentInfo: data.paymentInfo } } : null;
    case 'user-country':
      return typeof data.user_country === 'string' ? { command, data: { user_country: data.user_country } } : null;
    case 'error': {
      const code = data.code;
      if (typeof code !== 'string' && !isFiniteNumber(code)) return null;
      const text = typeof data.message === 'string' ? data.message : '';
      return { command, data: { ...data, code: String(code), message: text } };
    }
    case 'widget-detection':
    case 'close':
    case 'widget-close':
    case 'fcp':
      return { command, data };
    default:
      return null;
  }
}

/** `decodeMessage` then `toUiMessage`: a message from the payment UI, or null. */
export function parseUiMessage(raw: unknown): UiMessage | null {
  const decoded = decodeMessage(raw);
  return decoded ? toUiMessage(decoded) : null;
}
