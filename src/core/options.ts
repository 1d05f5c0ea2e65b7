import { invalid, PayUIError } from './errors';
import { buildPaymentUrl } from './url';

export type SpinnerKind = 'xsolla' | 'round' | 'none' | 'custom';
export type ChildWindowTarget = '_blank' | '_self' | '_parent';
export type PreloadMode = 'connect' | 'ui' | 'none';

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

/**
 * What a token provider is told: the `data-payui-open` element that was clicked (or that the
 * player is about to click), or null (an open() call); `preload`: the token is for a payment UI
 * prepared before the click (DESIGN.md §15), which the provider may decline by answering null.
 */
export interface TokenContext {
  trigger: Element | null;
  preload?: true;
}
/** Asks the merchant's server for a fresh token; called at every open() (and for every prepared payment UI). */
export type TokenProvider = (context: TokenContext) => string | null | Promise<string | null>;

export interface PayUIOptions {
  /** A token, or a token provider called at every open(). */
  access_token?: string | TokenProvider;
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
  /** How long a token provider may take, in ms (default 15000); then `TOKEN_FAILED`. */
  tokenTimeout?: number;
  /** 'connect' (default): fetch the code of an open when idle; 'ui': also prepare the payment UI itself, hidden (DESIGN.md §15). */
  preload?: PreloadMode;
  /** How long a prepared payment UI is kept, in ms (default 600000); then it is dropped and prepared again. */
  preloadTtl?: number;
  language?: string;
}

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
  /** The address of the payment UI: `payment_url`, or the live/sandbox base with the access and `queryParams` added. */
  readonly url: string;
  /** The token provider: `url` then has an empty `access_token`, which the token fills in at each open. */
  readonly token?: TokenProvider;
  readonly iframeOnly: boolean;
  readonly lightbox: NormalizedLightbox;
  readonly childWindow: { readonly target: ChildWindowTarget };
  readonly loadTimeout: number;
  readonly tokenTimeout: number;
  readonly preload: PreloadMode;
  readonly preloadTtl: number;
  /** A 2-letter code as given (any case), or null to follow the page's language. */
  readonly language: string | null;
}

type Plain = Record<string, unknown>;
/** A check returns the normalized value, or undefined when the value is not acceptable. */
type Check = (value: unknown) => unknown;
/** An option: its default, its check and what it expects (for the message); or a table of sub-options. */
type Rule = [fallback: unknown, check: Check, expected: string];
interface Table {
  [key: string]: Rule | Table;
}

// A CSS length (a bare 0 only in margins); margins take 1–4 of them, space-separated.
const LENGTH = '(\\d*\\.?\\d+)(px|%|r?em|[dsl]?v(h|w|min|max)|ch|ex|pt|cm|mm|in)';
const LENGTH_RE = RegExp(`^${LENGTH}$`);
const MARGIN_RE = RegExp(`^(${LENGTH}|0)( (${LENGTH}|0)){0,3}$`);

// By tag, not prototype, so an object made in another frame is accepted too.
const isPlainObject = (value: unknown): value is Plain => Object.prototype.toString.call(value) === '[object Object]';

/** Own properties only: prototype keys and inherited getters never count as options. */
// (Not Object.hasOwn: ES2022, missing from browsers the es2020 build still serves, e.g. Safari before 15.4.)
const own = (object: object, key: string): unknown => (Object.prototype.hasOwnProperty.call(object, key) ? (object as Plain)[key] : undefined);

const bool = (fallback: boolean): Rule => [fallback, (v) => (typeof v === 'boolean' ? v : undefined), 'a boolean'];
const oneOf = (...allowed: string[]): Rule => [allowed[0], (v) => (allowed.includes(v as string) ? v : undefined), allowed.join(', ')];
const range = (fallback: number, min: number, max: number, integer?: 1): Rule => [
  fallback,
  (v) => (typeof v === 'number' && v >= min && v <= max && (!integer || Number.isInteger(v)) ? v : undefined),
  `${integer ? 'an integer' : 'a number'} ${min}…${max}`,
];
/** A string matching `re` once trimmed (and its runs of spaces made one). */
const text = (fallback: unknown, re: RegExp, expected: string): Rule => [
  fallback,
  (v) => (typeof v === 'string' && re.test((v = v.trim().replace(/\s+/g, ' '))) ? v : undefined),
  expected,
];
/** Colours: hex, a colour function with harmless characters only, or a keyword. */
const color = (fallback: string): Rule =>
  text(fallback, /^(#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})|(rgba?|hsla?|hwb|(ok)?l(ab|ch)|color)\([-+\w.,%\s/]*\)|[a-z]+)$/i, 'a colour');
/** A string check by `re` alone, for rules that take strings among other things. */
const css = (re: RegExp) => text(undefined, re, '')[1];
/** Pixels as a number, or a CSS length; null lets the payment UI decide. */
const size = (fallback: string | null): Rule => [
  fallback,
  (v) => (v === null ? v : typeof v === 'number' ? (v > 0 && v <= 1e5 ? `${v}px` : undefined) : css(LENGTH_RE)(v)),
  'a length or null',
];
const margin: Rule = [
  '10px',
  (v) => (typeof v === 'number' ? (v >= 0 && v <= 1e4 ? `${v}px` : undefined) : css(MARGIN_RE)(v)),
  '1–4 lengths',
];
/** An absolute http(s) address without credentials; relative ones resolve against the page. */
const url = (fallback?: string | null): Rule => [
  fallback,
  (v) => {
    try {
      const parsed = new URL(v as string, globalThis.location?.href);
      return typeof v === 'string' && v.trim() && /^https?:$/.test(parsed.protocol) && !(parsed.username + parsed.password) ? parsed.href : undefined;
    } catch {
      return undefined;
    }
  },
  'an http(s) URL',
];

const OPTIONS: Table = {
  access_token: [, (v) => (typeof v === 'function' || (typeof v === 'string' && v.trim()) ? v : undefined), 'a token or a function'],
  // Its JSON, which goes into the address: a cycle or a BigInt in it is refused here.
  access_data: [
    ,
    (v) => {
      try {
        return isPlainObject(v) ? JSON.stringify(v) : undefined;
      } catch {}
    },
    'a JSON object',
  ],
  payment_url: url(),
  sandbox: bool(false),
  // The build's defaults, when it was given them (PAYUI_LIVE_URL, PAYUI_SANDBOX_URL).
  paymentUiUrl: url(__PAYUI_LIVE_URL__ || undefined),
  sandboxPaymentUiUrl: url(__PAYUI_SANDBOX_URL__ || undefined),
  queryParams: [{}, (v) => (isPlainObject(v) ? v : undefined), 'an object'],
  iframeOnly: bool(false),
  lightbox: {
    width: size(null),
    height: size('100%'),
    zIndex: range(1000, 0, 2_147_483_647, 1),
    overlayOpacity: range(0.6, 0, 1),
    overlayBackground: color('#000000'),
    modal: bool(false),
    closeByClick: bool(true),
    closeByKeyboard: bool(true),
    closeButton: bool(true),
    contentBackground: color('#ffffff'),
    contentMargin: margin,
    spinner: oneOf('xsolla', 'round', 'none', 'custom'),
    spinnerColor: color('#7a7a85'),
    spinnerUrl: url(null),
    spinnerRotationPeriod: range(0, 0, 60),
    // Permissions-policy features: `payment; fullscreen 'self' https://x.test` and similar.
    allow: text('payment', /^[a-z\d\-\s;'*:/.]{0,500}$/i, 'a permissions list'),
  },
  childWindow: { target: oneOf('_blank', '_self', '_parent') },
  loadTimeout: range(30_000, 1000, 600_000, 1),
  tokenTimeout: range(15_000, 100, 600_000, 1),
  preload: oneOf('connect', 'ui', 'none'),
  // Below the token's lifetime (24 h): at most 23 h.
  preloadTtl: range(600_000, 1000, 82_800_000, 1),
  // Any case: the words are chosen by its lowercase (surfaces/i18n.ts), so it is not lowercased here.
  language: text(null, /^[a-z]{2}$/i, 'a 2-letter code'),
};

/** What was given instead: a string itself (its start), else its type. */
const got = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value);

/** Every key of `object` checked against `table`, defaults filled in, frozen; `prefix` makes the paths. */
function apply(object: unknown, table: Table, prefix: string): Plain {
  if (!isPlainObject(object)) throw invalid(prefix.slice(0, -1) || 'options', `expected an object, got ${got(object)}`);
  for (const key of Object.keys(object)) {
    if (!own(table, key)) throw invalid(prefix + key, `unknown; known: ${Object.keys(table)}`);
  }
  const result: Plain = {};
  for (const [key, rule] of Object.entries(table)) {
    const value = own(object, key);
    if (!Array.isArray(rule)) result[key] = apply(value === undefined ? {} : value, rule, `${prefix + key}.`);
    else if ((result[key] = value === undefined ? rule[0] : rule[1](value)) === undefined && value !== undefined) {
      throw invalid(prefix + key, `expected ${rule[2]}, got ${got(value)}`);
    }
  }
  return Object.freeze(result);
}

/**
 * Validates `options` and fills in every default. Throws `PayUIError('INVALID_OPTION')` whose
 * `path` names the first bad option; never any other error, whatever the input.
 */
export function normalizeOptions(options: unknown): NormalizedOptions {
  try {
    const { access_token: token, access_data: data, payment_url: address, queryParams, sandbox, paymentUiUrl, sandboxPaymentUiUrl, ...rest } = apply(options, OPTIONS, '');
    // Each is a non-empty string (or the provider) when given.
    const given = +!!token + +!!data + +!!address;
    if (given != 1) throw invalid(given ? (token && data ? 'access_data' : 'payment_url') : 'access_token', 'exactly one of access_token, access_data, payment_url');
    const { spinner, spinnerUrl } = rest.lightbox as NormalizedLightbox;
    if (spinner == 'custom' && !spinnerUrl) throw invalid('lightbox.spinnerUrl', "needed by spinner 'custom'");
    const base = (sandbox ? sandboxPaymentUiUrl : paymentUiUrl) as string;
    // A build without defaults (DESIGN §2): the caller gives the address.
    if (!address && !base) throw invalid(`${sandbox ? 'sandboxP' : 'p'}aymentUiUrl`, 'needed (this build has no default)');
    for (const [key, item] of Object.entries(queryParams as Plain)) {
      // The access is the widget's own: queryParams may not set it.
      if (typeof item != 'string' || /^access_(token|data)$/.test(key)) {
        throw invalid(`queryParams.${key}`, typeof item == 'string' ? 'set by the widget' : `expected a string, got ${got(item)}`);
      }
    }
    // payment_url is used as is. A provider's token comes at each open; it takes the (empty) access_token's place.
    const provider = typeof token == 'function';
    const url = (address as string) ?? buildPaymentUrl(base, { [token ? 'access_token' : 'access_data']: (provider ? '' : (token ?? data)) as string, ...(queryParams as Record<string, string>) });
    return Object.freeze({ ...rest, url, token: provider ? token : undefined }) as unknown as NormalizedOptions;
  } catch (error) {
    // Getters or proxies that throw: still a PayUIError, never a TypeError from inside.
    throw error instanceof PayUIError ? error : invalid('options', `unreadable (${error})`);
  }
}
