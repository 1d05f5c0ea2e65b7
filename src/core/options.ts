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

type Plain = Record<string, unknown>;
/** A check returns the normalized value, or BAD; it travels with what it expects, for the message. */
type Rule = [check: (value: unknown) => unknown, expected: string];
const BAD = Symbol();

// A CSS length (a bare 0 only in margins); margins take 1–4 of them.
const LENGTH = '(\\d+(\\.\\d+)?|\\.\\d+)(px|%|r?em|v(h|w|min|max)|[dsl]v[hw]|ch|ex|pt|cm|mm|in)';
const LENGTH_RE = RegExp(`^${LENGTH}$`);
const MARGIN_RE = RegExp(`^(${LENGTH}|0)( (${LENGTH}|0)){0,3}$`);

// By tag, not prototype, so an object made in another frame is accepted too.
const isPlainObject = (value: unknown): value is Plain => Object.prototype.toString.call(value) === '[object Object]';

const got = (value: unknown) =>
  typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : value && typeof value === 'object' ? 'an object' : String(value);

const invalid = (path: string, message: string) => new PayUIError('INVALID_OPTION', message, path);

/** Own properties only: prototype keys and inherited getters never count as options. */
const own = (object: Plain, key: string): unknown => (Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined);

const bool: Rule = [(v) => (typeof v === 'boolean' ? v : BAD), 'true or false'];
const object: Rule = [(v) => (isPlainObject(v) ? v : BAD), 'an object'];
const oneOf = (...allowed: string[]): Rule => [(v) => (allowed.includes(v as string) ? v : BAD), allowed.join(', ')];
const range = (min: number, max: number, integer?: 1): Rule => [
  (v) => (typeof v === 'number' && v >= min && v <= max && (!integer || Number.isInteger(v)) ? v : BAD),
  `${integer ? 'an integer' : 'a number'} ${min}…${max}`,
];
const text = (re: RegExp, expected: string, map = (v: string) => v): Rule => [
  (v) => (typeof v === 'string' && re.test(v.trim()) ? map(v.trim()) : BAD),
  expected,
];
// Colours: hex, a functional notation with harmless characters only, or a keyword.
const color = text(/^(#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})|(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([-+\da-z.,%\s/]*\)|[a-z]+)$/i, 'a CSS colour');
/** Pixels as a number, or a CSS length; null where the UI decides the size. */
const size: Rule = [
  (v) => (v === null ? v : typeof v === 'number' ? (v > 0 && v <= 1e5 ? `${v}px` : BAD) : text(LENGTH_RE, '')[0](v)),
  'px or a CSS length, or null',
];
const margin: Rule = [
  (v) => (typeof v === 'number' ? (v >= 0 && v <= 1e4 ? `${v}px` : BAD) : typeof v === 'string' ? text(MARGIN_RE, '')[0](v.replace(/\s+/g, ' ')) : BAD),
  'px or 1–4 CSS lengths',
];

/** An absolute http(s) address without credentials; relative ones resolve against the page. */
const url: Rule = [
  (v) => {
    try {
      const parsed = new URL(v as string, globalThis.location?.href);
      return typeof v === 'string' && v.trim() && /^https?:$/.test(parsed.protocol) && !parsed.username && !parsed.password ? parsed.href : BAD;
    } catch {
      return BAD;
    }
  },
  'an http(s) URL without credentials',
];

type Table = Record<string, [fallback: unknown, ...rule: Rule]>;

const LIGHTBOX_TABLE: Table = {
  width: [null, ...size],
  height: ['100%', ...size],
  zIndex: [1000, ...range(0, 2_147_483_647, 1)],
  overlayOpacity: [0.6, ...range(0, 1)],
  overlayBackground: ['#000000', ...color],
  modal: [false, ...bool],
  closeByClick: [true, ...bool],
  closeByKeyboard: [true, ...bool],
  closeButton: [true, ...bool],
  contentBackground: ['#ffffff', ...color],
  contentMargin: ['10px', ...margin],
  spinner: ['xsolla', ...oneOf('xsolla', 'round', 'none', 'custom')],
  spinnerColor: ['#7a7a85', ...color],
  spinnerUrl: [null, ...url],
  spinnerRotationPeriod: [0, ...range(0, 60)],
  // Permissions-policy features: `payment; fullscreen 'self' https://x.test` and similar.
  allow: ['payment', ...text(/^[a-z\d\-\s;'*:/.]{0,500}$/i, "a permissions list such as 'payment'")],
};

export const LIGHTBOX_DEFAULTS = Object.freeze(
  Object.fromEntries(Object.entries(LIGHTBOX_TABLE).map(([key, [fallback]]) => [key, fallback])),
) as unknown as NormalizedLightbox;

const TOP_TABLE: Table = {
  access_token: [undefined, (v) => (typeof v === 'string' && v.trim() ? v : BAD), 'a non-empty string'],
  access_data: [undefined, ...object],
  payment_url: [undefined, ...url],
  sandbox: [false, ...bool],
  paymentUiUrl: [DEFAULT_PAYMENT_UI_URL, ...url],
  sandboxPaymentUiUrl: [DEFAULT_SANDBOX_PAYMENT_UI_URL, ...url],
  queryParams: [{}, ...object],
  iframeOnly: [false, ...bool],
  lightbox: [{}, ...object],
  childWindow: [{}, ...object],
  loadTimeout: [LOAD_TIMEOUT_RANGE.default, ...range(LOAD_TIMEOUT_RANGE.min, LOAD_TIMEOUT_RANGE.max, 1)],
  preload: ['connect', ...oneOf('connect', 'none')],
  language: [null, ...text(/^[a-z]{2}$/i, "a 2-letter code such as 'en'", (v) => v.toLowerCase())],
};

const CHILD_WINDOW_TABLE: Table = { target: ['_blank', ...oneOf('_blank', '_self', '_parent')] };

/** Every key of `object` checked against `table`, defaults filled in; `prefix` makes the paths. */
function apply(object: Plain, table: Table, prefix: string): Plain {
  for (const key of Object.keys(object)) {
    if (!own(table, key)) throw invalid(prefix + key, `unknown option; known: ${Object.keys(table).join(', ')}`);
  }
  const result: Plain = {};
  for (const [key, [fallback, check, expected]] of Object.entries(table)) {
    const value = own(object, key);
    const checked = value === undefined ? fallback : check(value);
    if (checked === BAD) throw invalid(prefix + key, `expected ${expected}, got ${got(value)}`);
    result[key] = checked;
  }
  return result;
}

/**
 * Validates `options` and fills in every default. Throws `PayUIError('INVALID_OPTION')` whose
 * `path` names the first bad option; never any other error, whatever the input.
 */
export function normalizeOptions(options: unknown): NormalizedOptions {
  try {
    if (!isPlainObject(options)) throw invalid('options', `expected an options object, got ${got(options)}`);
    const top = apply(options, TOP_TABLE, '');
    const { access_token, access_data, payment_url, queryParams } = top;
    delete top.access_token;
    delete top.access_data;
    delete top.payment_url;

    const given = [access_token, access_data, payment_url].filter((v) => v !== undefined).length;
    if (given !== 1) {
      throw given
        ? invalid(access_token !== undefined && access_data !== undefined ? 'access_data' : 'payment_url', 'give only one of access_token, access_data and payment_url')
        : invalid('access_token', 'one of access_token, access_data or payment_url is required');
    }
    let access: PaymentAccess;
    if (access_token !== undefined) access = { kind: 'token', token: access_token as string };
    else if (payment_url !== undefined) access = { kind: 'url', url: payment_url as string };
    else {
      try {
        access = { kind: 'data', json: JSON.stringify(access_data) };
      } catch {
        throw invalid('access_data', 'must be JSON-serialisable (no cycles or BigInt values)');
      }
    }

    const params: Record<string, string> = {};
    for (const key of Object.keys(queryParams as Plain)) {
      const item = (queryParams as Plain)[key];
      if (RESERVED_QUERY_PARAMS.includes(key) || typeof item !== 'string') {
        throw invalid(`queryParams.${key}`, typeof item === 'string' ? 'set by the widget itself; use its own option' : `expected a string, got ${got(item)}`);
      }
      Object.defineProperty(params, key, { value: item, enumerable: true });
    }

    const lightbox = apply(top.lightbox as Plain, LIGHTBOX_TABLE, 'lightbox.');
    if (lightbox.spinner === 'custom' && !lightbox.spinnerUrl) throw invalid('lightbox.spinnerUrl', "spinner 'custom' needs an image address here");

    return Object.freeze({
      ...top,
      access,
      queryParams: Object.freeze(params),
      lightbox: Object.freeze(lightbox),
      childWindow: Object.freeze(apply(top.childWindow as Plain, CHILD_WINDOW_TABLE, 'childWindow.')),
    }) as unknown as NormalizedOptions;
  } catch (error) {
    // Getters or proxies that throw: still a PayUIError, never a TypeError from inside.
    throw error instanceof PayUIError ? error : invalid('options', `could not be read (${String(error)})`);
  }
}
