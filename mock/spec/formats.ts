/**
 * The formats the service checks strings against (the token table's Rules column, and
 * `x-payui-format` in openapi.json), with what a value must be, in words.
 */
import type { Format } from './token-table';

const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));
const REGIONS = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const isRegion = (code: string) => {
  try {
    return REGIONS.of(code) !== undefined;
  } catch {
    return false;
  }
};

/** [test, what the value must be]; an empty string is checked like any other. */
export const VALUE_FORMATS: Record<Format, [(value: string) => boolean, string]> = {
  // RFC 822 allows much; what it never allows is a missing @, domain or blanks.
  email: [(v) => /^[^\s@]+@[^\s@]+$/.test(v), 'must be an email address (RFC 822)'],
  url: [(v) => /^https?:\/\/\S+$/.test(v) && URL.canParse(v), 'must be an http(s) URL'],
  currency: [(v) => CURRENCIES.has(v), 'must be an ISO 4217 currency code such as USD'],
  country: [(v) => /^[A-Z]{2}$/.test(v) && v !== 'ZZ' && isRegion(v), 'must be an uppercase ISO 3166-1 alpha-2 code such as US'],
  language: [(v) => /^[a-z]{2}$/.test(v), 'must be a lowercase 2-letter ISO 639-1 code such as en'],
};
