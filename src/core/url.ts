/**
 * The payment UI's address (DESIGN §2), built with URL and URLSearchParams, never by string
 * concatenation. normalizeOptions() checks the options and calls this; the session code fills in
 * a token provider's token at each open.
 */

/** `base` (which may carry a path and query) with `params` added in order, each replacing a parameter of the same name. */
export function buildPaymentUrl(base: string, params: Record<string, string>): string {
  const target = new URL(base);
  for (const name in params) target.searchParams.set(name, params[name]!);
  return target.href;
}

/** The address of a token provider's open: `url` (built with an empty `access_token`) with the token it answered. */
export const withAccessToken = (url: string, token: string): string => buildPaymentUrl(url, { access_token: token });
