import { PayUIError } from './errors';

export type SpinnerKind = 'xsolla' | 'round' | 'none' | 'custom';
export type ChildWindowTarget = '_blank' | '_self' | '_parent';
export type PreloadMode = 'connect' | 'none';

export interface LightboxOptions {
  /** px number or CSS length; null (default) = the width the payment UI reports. */
  width?: number | string | null;
  /** px number or CSS length; default `'100%'`; null = the height the payment UI reports. */
  height?: number | string | null;
  zIndex?: number;
  overlayOpacity?: number;
  overlayBackground?: string;
  modal?: boolean;
  closeByClick?: boolean;
  closeByKeyboard?: boolean;
  closeButton?: boolean;
  contentBackground?: string;
  contentMargin?: number | string;
  spinner?: SpinnerKind;
  spinnerColor?: string;
  spinnerUrl?: string;
  spinnerRotationPeriod?: number;
  allow?: string;
}

export interface ChildWindowOptions {
  target?: ChildWindowTarget;
}

export interface PayUIOptions {
  access_token?: string;
  access_data?: Record<string, unknown>;
  payment_url?: string;
  sandbox?: boolean;
  paymentUiUrl?: string;
  sandboxPaymentUiUrl?: string;
  queryParams?: Record<string, string>;
  iframeOnly?: boolean;
  lightbox?: LightboxOptions;
  childWindow?: ChildWindowOptions;
  loadTimeout?: number;
  preload?: PreloadMode;
  language?: string;
}

/** Where the payment UI comes from: exactly one of these. */
export type PaymentAccess =
  | { readonly kind: 'token'; readonly token: string }
  | { readonly kind: 'data'; readonly json: string }
  | { readonly kind: 'url'; readonly url: string };

export interface NormalizedLightbox {
  readonly width: string | null;
  readonly height: string | null;
  readonly zIndex: number;
  readonly overlayOpacity: number;
  readonly overlayBackground: string;
  readonly modal: boolean;
  readonly closeByClick: boolean;
  readonly closeByKeyboard: boolean;
  readonly closeButton: boolean;
  readonly contentBackground: string;
  readonly contentMargin: string;
  readonly spinner: SpinnerKind;
  readonly spinnerColor: string;
  readonly spinnerUrl: string | null;
  readonly spinnerRotationPeriod: number;
  readonly allow: string;
}

export interface NormalizedOptions {
  readonly access: PaymentAccess;
  readonly sandbox: boolean;
  readonly paymentUiUrl: string;
  readonly sandboxPaymentUiUrl: string;
  readonly queryParams: Readonly<Record<string, string>>;
  readonly iframeOnly: boolean;
  readonly lightbox: NormalizedLightbox;
  readonly childWindow: { readonly target: ChildWindowTarget };
  readonly loadTimeout: number;
  readonly preload: PreloadMode;
  /** Lowercase 2-letter code, or null to follow the page's language. */
  readonly language: string | null;
}

export const DEFAULT_PAYMENT_UI_URL = __PAYUI_LIVE_URL__;
export const DEFAULT_SANDBOX_PAYMENT_UI_URL = __PAYUI_SANDBOX_URL__;

export const LIGHTBOX_DEFAULTS: NormalizedLightbox = Object.freeze({
  width: null,
  height: '100%',
  zIndex: 1000,
  overlayOpacity: 0.6,
  overlayBackground: '#000000',
  modal: false,
  closeByClick: true,
  closeByKeyboard: true,
  closeButton: true,
  contentBackground: '#ffffff',
  contentMargin: '10px',
  spinner: 'xsolla',
  spinnerColor: '#7a7a85',
  spinnerUrl: null,
  spinnerRotationPeriod: 0,
  allow: 'payment',
});

/** Query parameters the widget sets itself; `queryParams` may not override them. */
export const RESERVED_QUERY_PARAMS: readonly string[] = ['access_token', 'access_data'];

export const LOAD_TIMEOUT_RANGE = { min: 1000, max: 600_000, default: 30_000 } as const;
const Z_INDEX_MAX = 2_147_483_647;
const MAX_STRING = 2048;

const TOP_LEVEL_KEYS = [
  'access_token', 'access_data', 'payment_url', 'sandbox', 'paymentUiUrl', 'sandboxPaymentUiUrl',
  'queryParams', 'iframeOnly', 'lightbox', 'childWindow', 'loadTimeout', 'preload', 'language',
] as const;
const LIGHTBOX_KEYS = Object.keys(LIGHTBOX_DEFAULTS);
const CHILD_WINDOW_KEYS = ['target'];

// A CSS length: a number with a unit, or a bare 0. Several (1–4) are allowed where CSS allows.
const LENGTH = String.raw`(?:0|\d+(?:\.\d+)?|\.\d+)(?:px|%|em|rem|vh|vw|vmin|vmax|dvh|dvw|svh|svw|lvh|lvw|ch|ex|pt|cm|mm|in)`;
const LENGTH_RE = new RegExp(`^${LENGTH}$`);
const LENGTHS_RE = new RegExp(`^${LENGTH}(?: ${LENGTH}){0,3}$`);
const BARE_ZERO_RE = /^0(?: 0){0,3}$/;
// Colours: hex, a functional notation with harmless characters only, or a keyword.
const COLOR_RE = /^(?:#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([-+0-9a-z.,%\s/]*\)|[a-z]+)$/i;
// Permissions-policy features for `allow`: `payment; fullscreen 'self' https://x.test` and similar.
const ALLOW_RE = /^[a-z0-9\-\s;'*:/.]*$/i;

type Plain = Record<string, unknown>;

function isPlainObject(value: unknown): value is Plain {
  // By tag, not prototype, so an object made in another frame is accepted too.
  return typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === '[object Object]';
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `a ${typeof value}`;
}

function invalid(path: string, expected: string, value: unknown): PayUIError {
  return new PayUIError('INVALID_OPTION', `expected ${expected}, got ${describe(value)}`, path);
}

/** Reads own properties only, so prototype keys and inherited getters never count as options. */
function own(object: Plain, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

function rejectUnknownKeys(object: Plain, allowed: readonly string[], prefix: string): void {
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) {
      throw new PayUIError('INVALID_OPTION', `unknown option; known options: ${allowed.join(', ')}`, prefix + key);
    }
  }
}

function boolean(value: unknown, path: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw invalid(path, 'true or false', value);
  return value;
}

function oneOf<T extends string>(value: unknown, path: string, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw invalid(path, `one of ${allowed.map((a) => `'${a}'`).join(', ')}`, value);
  }
  return value as T;
}

function numberIn(value: unknown, path: string, min: number, max: number, fallback: number, integer = false): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(path, 'a finite number', value);
  if (integer && !Number.isInteger(value)) throw invalid(path, 'an integer', value);
  if (value < min || value > max) throw invalid(path, `a number from ${min} to ${max}`, value);
  return value;
}

function nonEmptyString(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(path, 'a non-empty string', value);
  if (value.length > MAX_STRING * 8) throw invalid(path, `at most ${MAX_STRING * 8} characters`, value);
  return value;
}

/** An absolute http(s) address; relative ones resolve against the page when there is one. */
export function httpUrl(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(path, 'an http(s) URL', value);
  let url: URL;
  try {
    url = new URL(value, globalThis.location?.href);
  } catch {
    throw invalid(path, 'an http(s) URL', value);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(path, 'an http(s) URL', value);
  if (url.username || url.password) throw invalid(path, 'a URL without user name or password', value);
  return url.href;
}

function cssSize(value: unknown, path: string, fallback: string | null, allowNull: boolean): string | null {
  if (value === undefined) return fallback;
  if (value === null && allowNull) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0 || value > 100_000) throw invalid(path, 'a positive number of pixels', value);
    return `${value}px`;
  }
  if (typeof value === 'string' && LENGTH_RE.test(value.trim())) return value.trim();
  throw invalid(path, `a number of pixels or a CSS length such as '600px' or '100%'${allowNull ? ', or null' : ''}`, value);
}

function cssMargin(value: unknown, path: string, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || value > 10_000) throw invalid(path, 'a non-negative number of pixels', value);
    return `${value}px`;
  }
  if (typeof value === 'string') {
    const trimmed = value.trim().replace(/\s+/g, ' ');
    if (LENGTHS_RE.test(trimmed) || BARE_ZERO_RE.test(trimmed)) return trimmed;
  }
  throw invalid(path, "a number of pixels or 1–4 CSS lengths such as '10px' or '8px 16px'", value);
}

function cssColor(value: unknown, path: string, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && value.length <= 100 && COLOR_RE.test(value.trim())) return value.trim();
  throw invalid(path, "a CSS colour such as '#000000', 'rgb(0 0 0 / 50%)' or 'black'", value);
}

function normalizeLightbox(value: unknown): NormalizedLightbox {
  if (value === undefined) return LIGHTBOX_DEFAULTS;
  if (!isPlainObject(value)) throw invalid('lightbox', 'an object', value);
  rejectUnknownKeys(value, LIGHTBOX_KEYS, 'lightbox.');
  const d = LIGHTBOX_DEFAULTS;
  const get = (key: string) => own(value, key);

  const spinner = oneOf(get('spinner'), 'lightbox.spinner', ['xsolla', 'round', 'none', 'custom'], d.spinner);
  const rawSpinnerUrl = get('spinnerUrl');
  const spinnerUrl = rawSpinnerUrl === undefined ? null : httpUrl(rawSpinnerUrl, 'lightbox.spinnerUrl');
  if (spinner === 'custom' && spinnerUrl === null) {
    throw new PayUIError('INVALID_OPTION', "spinner 'custom' needs an image address in lightbox.spinnerUrl", 'lightbox.spinnerUrl');
  }
  const allow = get('allow');
  if (allow !== undefined && (typeof allow !== 'string' || allow.length > 500 || !ALLOW_RE.test(allow))) {
    throw invalid('lightbox.allow', "a permissions list such as 'payment' or 'payment; fullscreen'", allow);
  }

  return Object.freeze({
    width: cssSize(get('width'), 'lightbox.width', d.width, true),
    height: cssSize(get('height'), 'lightbox.height', d.height, true),
    zIndex: numberIn(get('zIndex'), 'lightbox.zIndex', 0, Z_INDEX_MAX, d.zIndex, true),
    overlayOpacity: numberIn(get('overlayOpacity'), 'lightbox.overlayOpacity', 0, 1, d.overlayOpacity),
    overlayBackground: cssColor(get('overlayBackground'), 'lightbox.overlayBackground', d.overlayBackground),
    modal: boolean(get('modal'), 'lightbox.modal', d.modal),
    closeByClick: boolean(get('closeByClick'), 'lightbox.closeByClick', d.closeByClick),
    closeByKeyboard: boolean(get('closeByKeyboard'), 'lightbox.closeByKeyboard', d.closeByKeyboard),
    closeButton: boolean(get('closeButton'), 'lightbox.closeButton', d.closeButton),
    contentBackground: cssColor(get('contentBackground'), 'lightbox.contentBackground', d.contentBackground),
    contentMargin: cssMargin(get('contentMargin'), 'lightbox.contentMargin', d.contentMargin),
    spinner,
    spinnerColor: cssColor(get('spinnerColor'), 'lightbox.spinnerColor', d.spinnerColor),
    spinnerUrl,
    spinnerRotationPeriod: numberIn(get('spinnerRotationPeriod'), 'lightbox.spinnerRotationPeriod', 0, 60, d.spinnerRotationPeriod),
    allow: typeof allow === 'string' ? allow.trim() : d.allow,
  });
}

function normalizeAccess(options: Plain): PaymentAccess {
  const token = own(options, 'access_token');
  const data = own(options, 'access_data');
  const url = own(options, 'payment_url');
  const given = [token, data, url].filter((v) => v !== undefined).length;
  if (given === 0) {
    throw new PayUIError('INVALID_OPTION', 'one of access_token, access_data or payment_url is required', 'access_token');
  }
  if (given > 1) {
    const second = token !== undefined && data !== undefined ? 'access_data' : 'payment_url';
    throw new PayUIError('INVALID_OPTION', 'give only one of access_token, access_data and payment_url', second);
  }
  if (token !== undefined) return { kind: 'token', token: nonEmptyString(token, 'access_token') };
  if (url !== undefined) return { kind: 'url', url: httpUrl(url, 'payment_url') };
  if (!isPlainObject(data)) throw invalid('access_data', 'an object', data);
  let json: string;
  try {
    json = JSON.stringify(data);
  } catch {
    throw new PayUIError('INVALID_OPTION', 'must be JSON-serialisable (no cycles or BigInt values)', 'access_data');
  }
  return { kind: 'data', json };
}

function normalizeQueryParams(value: unknown): Readonly<Record<string, string>> {
  if (value === undefined) return Object.freeze({});
  if (!isPlainObject(value)) throw invalid('queryParams', 'an object of string values', value);
  const copy: Record<string, string> = {};
  for (const key of Object.keys(value)) {
    const path = `queryParams.${key}`;
    if (RESERVED_QUERY_PARAMS.includes(key)) {
      throw new PayUIError('INVALID_OPTION', 'set by the widget itself; pass it as its own option', path);
    }
    const item = value[key];
    if (typeof item !== 'string') throw invalid(path, 'a string', item);
    Object.defineProperty(copy, key, { value: item, enumerable: true });
  }
  return Object.freeze(copy);
}

function normalizeLanguage(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^[a-z]{2}$/i.test(value)) throw invalid('language', "a 2-letter language code such as 'en'", value);
  return value.toLowerCase();
}

/**
 * Validates `options` and fills in every default. Throws `PayUIError('INVALID_OPTION')` whose
 * `path` names the first bad option; never any other error, whatever the input.
 */
export function normalizeOptions(options: unknown): NormalizedOptions {
  try {
    return normalize(options);
  } catch (error) {
    if (error instanceof PayUIError) throw error;
    // Getters or proxies that throw: still a PayUIError, never a TypeError from inside.
    throw new PayUIError('INVALID_OPTION', `options could not be read (${String(error)})`, 'options');
  }
}

function normalize(options: unknown): NormalizedOptions {
  if (!isPlainObject(options)) throw invalid('options', 'an options object', options);
  rejectUnknownKeys(options, TOP_LEVEL_KEYS, '');
  const get = (key: (typeof TOP_LEVEL_KEYS)[number]) => own(options, key);

  const childWindow = get('childWindow');
  if (childWindow !== undefined && !isPlainObject(childWindow)) throw invalid('childWindow', 'an object', childWindow);
  if (childWindow) rejectUnknownKeys(childWindow, CHILD_WINDOW_KEYS, 'childWindow.');

  const liveUrl = get('paymentUiUrl');
  const sandboxUrl = get('sandboxPaymentUiUrl');

  return Object.freeze({
    access: normalizeAccess(options),
    sandbox: boolean(get('sandbox'), 'sandbox', false),
    paymentUiUrl: liveUrl === undefined ? DEFAULT_PAYMENT_UI_URL : httpUrl(liveUrl, 'paymentUiUrl'),
    sandboxPaymentUiUrl: sandboxUrl === undefined ? DEFAULT_SANDBOX_PAYMENT_UI_URL : httpUrl(sandboxUrl, 'sandboxPaymentUiUrl'),
    queryParams: normalizeQueryParams(get('queryParams')),
    iframeOnly: boolean(get('iframeOnly'), 'iframeOnly', false),
    lightbox: normalizeLightbox(get('lightbox')),
    childWindow: Object.freeze({
      target: oneOf(childWindow ? own(childWindow, 'target') : undefined, 'childWindow.target', ['_blank', '_self', '_parent'], '_blank'),
    }),
    loadTimeout: numberIn(get('loadTimeout'), 'loadTimeout', LOAD_TIMEOUT_RANGE.min, LOAD_TIMEOUT_RANGE.max, LOAD_TIMEOUT_RANGE.default, true),
    preload: oneOf(get('preload'), 'preload', ['connect', 'none'], 'connect'),
    language: normalizeLanguage(get('language')),
  });
}
