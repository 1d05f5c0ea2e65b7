/**
 * `token-url`: the element's token provider (DESIGN.md §12). At every open it POSTs the element's
 * `data-*` attributes as JSON to the merchant's own server, on the page's origin, and reads
 * `{"token": "…"}` from the answer. For a payment UI prepared before the click (`preload="ui"`,
 * DESIGN.md §15) the address also carries `preload=1`, and the server may decline with
 * `{"token": null}`: nothing is prepared, and the click asks again without it.
 */
import { invalid, PayUIError } from '../core/errors';
import type { TokenProvider } from '../core/options';

/**
 * The address of `token-url`, resolved against the page. Another origin is refused: the request
 * carries the player's cookies and asks for a token only the merchant's own server may hand out.
 */
export function sameOriginUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value, document.baseURI);
  } catch {
    throw invalid('token-url', 'not a URL');
  }
  if (url.origin !== location.origin) {
    throw invalid('token-url', `must be on this page's origin (${location.origin}), not ${url.origin}: the merchant's own server hands out tokens`);
  }
  return url.href;
}

const failed = (message: string) => new PayUIError('TOKEN_FAILED', `token-url: ${message}`);

/** A token provider that asks `url` with `body()` (read at each open); `preload=1` when it is for a prepared payment UI. */
export function tokenUrlProvider(url: string, body: () => Record<string, string | undefined>): TokenProvider {
  return async ({ preload }) => {
    const address = new URL(url);
    if (preload) address.searchParams.set('preload', '1');
    const response = await fetch(address.href, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body()),
    });
    if (!response.ok) throw failed(`the server answered HTTP ${response.status}`);
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      throw failed('the answer is not JSON');
    }
    const token = (answer as { token?: unknown } | null)?.token;
    if (preload && token === null) return null;
    // Never the value in a message: it may be a token of another shape.
    if (typeof token !== 'string' || !token) throw failed('the answer has no "token" string');
    return token;
  };
}
