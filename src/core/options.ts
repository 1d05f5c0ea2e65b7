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

/** Query parameters the widget sets itself; `queryParams` may not override them. */
export const RESERVED_QUERY_PARAMS: readonly string[] = ['access_token', 'access_data'];

export const LOAD_TIMEOUT_RANGE = { min: 1000, max: 600_000, default: 30_000 } as const;

// A CSS length: a number with a unit (a bare 0 only in margins). Margins take 1–4 of them.
const LENGTH = String.raw`(?:\d+(?:\.\d+)?|\.\d+)(?:px|%|r?em|v(?:h|w|min|max)|[dsl]v[hw]|ch|ex|pt|cm|mm|in)`;
const LENGTH_RE = new RegExp(`^${LENGTH}$`);
const MARGIN_RE = new RegExp(`^(?:${LENGTH}|0)(?: (?:${LENGTH}|0)){0,3}$`);
// Colours: hex, a functional notation with harmless characters only, or a keyword.
const COLOR_RE = /^(?:#(?:[\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})|(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([-+\da-z.,%\s/]*\)|[a-z]+)$/i;
// Permissions-policy features for `allow`: `payment; fullscreen 'self' https://x.test` and similar.
const ALLOW_RE = /^[a-z\d\-\s;'*:/.]{0,500}$/i;

type Plain = Record<string, unknown>;
/** A check returns the normalized value, or BAD. */
type Check = (value: unknown) => unknown;
const BAD = Symbol('bad');

function isPlainObject(value: unknown): value is Plain {
  // By tag, not prototype, so an object made in another frame is accepted too.
  return typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === '[object Object]';
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

function invalid(path: string, message: string): PayUIError {
  return new PayUIError('INVALID_OPTION', message, path);
}

/** Reads own properties only, so prototype keys and inherited getters never count as options. */
function own(object: Plain, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

const bool: Check = (v) => (typeof v === 'boolean' ? v : BAD);
const oneOf = (...allowed: string[]): Check => (v) => (allowed.includes(v as string) ? v : BAD);
const range = (min: number, max: number, integer?: boolean): Check => (v) =>
  typeof v === 'number' && v >= min && v <= max && (!integer || Number.isInteger(v)) ? v : BAD;
const pattern = (re: RegExp, map = (v: string) => v): Check => (v) => (typeof v === 'string' && re.test(v.trim()) ? map(v.trim()) : BAD);
const color = pattern(COLOR_RE);
/** Pixels as a number, or a CSS length; null where the UI decides the size. */
const size: Check = (v) =>
  v === null ? null : typeof v === 'number' ? (v > 0 && v <= 1e5 ? `${v}px` : BAD) : pattern(LENGTH_RE)(v);
const margin: Check = (v) =>
  typeof v === 'number' ? (v >= 0 && v <= 1e4 ? `${v}px` : BAD) : typeof v === 'string' ? pattern(MARGIN_RE)(v.replace(/\s+/g, ' ')) : BAD;

/** An absolute http(s) address; relative ones resolve against the page when there is one. */
function httpUrl(value: unknown, path: string): string {
  let url: URL | undefined;
  try {
    if (typeof value === 'string' && value.trim()) url = new URL(value, globalThis.location?.href);
  } catch {
    // Reported below.
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password) {
    throw invalid(path, `expected an http(s) URL without credentials, got ${describe(value)}`);
  }
  return url.href;
}
const url: Check = (v) => v; // Marker: checked by httpUrl, which names the problem itself.

type Table = Record<string, [fallback: unknown, check: Check, expected: string]>;

const LIGHTBOX_TABLE: Table = {
  width: [null, size, 'px or a CSS length, or null'],
  height: ['100%', size, 'px or a CSS length, or null'],
  zIndex: [1000, range(0, 2_147_483_647, true), 'an integer 0…2147483647'],
  overlayOpacity: [0.6, range(0, 1), 'a number 0…1'],
  overlayBackground: ['#000000', color, 'a CSS colour'],
  modal: [false, bool, 'true or false'],
  closeByClick: [true, bool, 'true or false'],
  closeByKeyboard: [true, bool, 'true or false'],
  closeButton: [true, bool, 'true or false'],
  contentBackground: ['#ffffff', color, 'a CSS colour'],
  contentMargin: ['10px', margin, 'px or 1–4 CSS lengths'],
  spinner: ['xsolla', oneOf('xsolla', 'round', 'none', 'custom'), "'xsolla', 'round', 'none' or 'custom'"],
  spinnerColor: ['#7a7a85', color, 'a CSS colour'],
  spinnerUrl: [null, url, ''],
  spinnerRotationPeriod: [0, range(0, 60), 'seconds 0…60'],
  allow: ['payment', pattern(ALLOW_RE), "a permissions list such as 'payment'"],
};

export const LIGHTBOX_DEFAULTS = Object.freeze(
  Object.fromEntries(Object.entries(LIGHTBOX_TABLE).map(([key, [fallback]]) => [key, fallback])),
) as unknown as NormalizedLightbox;

const TOP_TABLE: Table = {
  access_token: [undefined, (v) => (typeof v === 'string' && v.trim() ? v : BAD), 'a non-empty string'],
  access_data: [undefined, (v) => (isPlainObject(v) ? v : BAD), 'an object'],
  payment_url: [undefined, url, ''],
  sandbox: [false, bool, 'true or false'],
  paymentUiUrl: [DEFAULT_PAYMENT_UI_URL, url, ''],
  sandboxPaymentUiUrl: [DEFAULT_SANDBOX_PAYMENT_UI_URL, url, ''],
  queryParams: [{}, (v) => (isPlainObject(v) ? v : BAD), 'an object of strings'],
  iframeOnly: [false, bool, 'true or false'],
  lightbox: [{}, (v) => (isPlainObject(v) ? v : BAD), 'an object'],
  childWindow: [{}, (v) => (isPlainObject(v) ? v : BAD), 'an object'],
  loadTimeout: [LOAD_TIMEOUT_RANGE.default, range(LOAD_TIMEOUT_RANGE.min, LOAD_TIMEOUT_RANGE.max, true), 'an integer of ms 1000…600000'],
  preload: ['connect', oneOf('connect', 'none'), "'connect' or 'none'"],
  language: [null, pattern(/^[a-z]{2}$/i, (v) => v.toLowerCase()), "a 2-letter code such as 'en'"],
};

const CHILD_WINDOW_TABLE: Table = {
  target: ['_blank', oneOf('_blank', '_self', '_parent'), "'_blank', '_self' or '_parent'"],
};

/** Every key of `object` checked against `table`, defaults filled in; `prefix` makes the paths. */
function apply(object: Plain, table: Table, prefix: string): Plain {
  for (const key of Object.keys(object)) {
    if (!(key in table) || !Object.prototype.hasOwnProperty.call(table, key)) {
      throw invalid(prefix + key, `unknown option; known: ${Object.keys(table).join(', ')}`);
    }
  }
  const result: Plain = {};
  for (const [key, [fallback, check, expected]] of Object.entries(table)) {
    const value = own(object, key);
    const path = prefix + key;
    if (value === undefined) result[key] = fallback;
    else if (check === url) result[key] = httpUrl(value, path);
    else {
      const checked = check(value);
      if (checked === BAD) throw invalid(path, `expected ${expected}, got ${describe(value)}`);
      result[key] = checked;
    }
  }
  return result;
}

function normalizeAccess(options: Plain, top: Plain): PaymentAccess {
  const given = ['access_token', 'access_data', 'payment_url'].filter((key) => top[key] !== undefined);
  if (given.length !== 1) {
    throw invalid(given[1] ?? 'access_token', given.length ? 'give only one of access_token, access_data and payment_url' : 'one of access_token, access_data or payment_url is required');
  }
  if (top.access_token !== undefined) return { kind: 'token', token: top.access_token as string };
  if (top.payment_url !== undefined) return { kind: 'url', url: top.payment_url as string };
  try {
    return { kind: 'data', json: JSON.stringify(own(options, 'access_data')) };
  } catch {
    throw invalid('access_data', 'must be JSON-serialisable (no cycles or BigInt values)');
  }
}

function normalizeQueryParams(value: Plain): Readonly<Record<string, string>> {
  const copy: Record<string, string> = {};
  for (const key of Object.keys(value)) {
    const path = `queryParams.${key}`;
    if (RESERVED_QUERY_PARAMS.includes(key)) throw invalid(path, 'set by the widget itself; pass it as its own option');
    const item = value[key];
    if (typeof item !== 'string') throw invalid(path, `expected a string, got ${describe(item)}`);
    Object.defineProperty(copy, key, { value: item, enumerable: true });
  }
  return Object.freeze(copy);
}

/**
 * Validates `options` and fills in every default. Throws `PayUIError('INVALID_OPTION')` whose
 * `path` names the first bad option; never any other error, whatever the input.
 */
export function normalizeOptions(options: unknown): NormalizedOptions {
  try {
    if (!isPlainObject(options)) throw invalid('options', `expected an options object, got ${describe(options)}`);
    const top = apply(options, TOP_TABLE, '');
    const access = normalizeAccess(options, top);
    const lightbox = apply(top.lightbox as Plain, LIGHTBOX_TABLE, 'lightbox.');
    if (lightbox.spinner === 'custom' && lightbox.spinnerUrl === null) {
      throw invalid('lightbox.spinnerUrl', "spinner 'custom' needs an image address here");
    }
    delete top.access_token;
    delete top.access_data;
    delete top.payment_url;
    return Object.freeze({
      ...top,
      access,
      queryParams: normalizeQueryParams(top.queryParams as Plain),
      lightbox: Object.freeze(lightbox),
      childWindow: Object.freeze(apply(top.childWindow as Plain, CHILD_WINDOW_TABLE, 'childWindow.')),
    }) as unknown as NormalizedOptions;
  } catch (error) {
    if (error instanceof PayUIError) throw error;
    // Getters or proxies that throw: still a PayUIError, never a TypeError from inside.
    throw invalid('options', `could not be read (${String(error)})`);
  }
}
