import type { NormalizedOptions } from './options';

/**
 * The address of the payment UI for these options: `payment_url` as is, or the live/sandbox
 * base with `access_token` / `access_data` and `queryParams` added. The base may carry its own
 * path and query; those are kept.
 */
export function buildPaymentUrl(options: NormalizedOptions): string {
  const { access } = options;
  if (access.kind === 'url') return access.url;
  const url = new URL(options.sandbox ? options.sandboxPaymentUiUrl : options.paymentUiUrl);
  if (access.kind === 'token') url.searchParams.set('access_token', access.token);
  else url.searchParams.set('access_data', access.json);
  for (const [key, value] of Object.entries(options.queryParams)) url.searchParams.set(key, value);
  return url.href;
}

/** The exact origin messages must come from, and are sent to. */
export function paymentOrigin(options: NormalizedOptions): string {
  return new URL(buildPaymentUrl(options)).origin;
}
