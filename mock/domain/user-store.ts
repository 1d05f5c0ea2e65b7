/**
 * The proxy variants' calls to the merchant's user store (DESIGN.md §8a): one JSON POST to the
 * address the Login settings name, signed like a webhook (`Authorization: Signature <hex>`, SHA-1
 * of the body followed by the Login secret key) so the store can tell the service from anyone
 * else. The store's answer decides: 2xx accepted, 4xx refused with its message, anything else
 * (no answer, a timeout, 3xx, 5xx) is a store that did not answer.
 */
import { isObject } from '../lib/plain';
import { post, signatureHeader } from '../webhooks/sender';

/** How long the service waits for the store. */
export const USER_STORE_TIMEOUT_MS = 5000;

export type StoreReply =
  | { kind: 'accepted'; body: Record<string, unknown> }
  | { kind: 'refused'; message: string; field: string | null }
  | { kind: 'no-answer'; why: string };

/** The store's words of a refusal: `{"message": …}` (or `{"error": {"message": …}}`), else its text. */
function refusal(text: string): { message: string; field: string | null } {
  let message: unknown;
  let field: unknown;
  try {
    const body: unknown = JSON.parse(text);
    if (isObject(body)) {
      const error = isObject(body.error) ? body.error : body;
      message = error.message;
      field = error.field;
    }
  } catch {
    message = text.trim();
  }
  return {
    message: typeof message === 'string' && message.trim() ? message.trim().slice(0, 300) : 'the user store refused the request',
    field: typeof field === 'string' ? field : null,
  };
}

export async function callUserStore(url: string, body: Record<string, unknown>, secret: string, timeoutMs = USER_STORE_TIMEOUT_MS): Promise<StoreReply> {
  const text = JSON.stringify(body);
  const { status, answer } = await post(url, text, signatureHeader(text, secret), timeoutMs);
  if (status === null) return { kind: 'no-answer', why: answer };
  if (status >= 400 && status < 500) return { kind: 'refused', ...refusal(answer) };
  if (status < 200 || status >= 300) return { kind: 'no-answer', why: `answered HTTP ${status}` };
  let parsed: unknown;
  try {
    parsed = answer.trim() ? JSON.parse(answer) : {};
  } catch {
    parsed = {};
  }
  return { kind: 'accepted', body: isObject(parsed) ? parsed : {} };
}
