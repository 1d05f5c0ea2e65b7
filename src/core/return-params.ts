/**
 * What the payment UI appends to `settings.return_url` when it sends the player back
 * (`_self` / `_parent` child windows). Anyone can type these into an address bar: they are
 * **not proof of payment**; confirm the order on your server through webhooks.
 */
export interface ReturnParams {
  user_id: string | null;
  foreigninvoice: string | null;
  invoice_id: string | null;
  status: string | null;
}

const KEYS = ['user_id', 'foreigninvoice', 'invoice_id', 'status'] as const;

/**
 * Reads the four return parameters from an address (absolute, relative, or just `?query`),
 * the current page's by default. Missing or empty ones are null; nothing here throws.
 */
export function parseReturnParams(address?: string | URL): ReturnParams {
  const source = address ?? globalThis.location?.href ?? '';
  let params: URLSearchParams;
  try {
    params = new URL(String(source), 'http://return.invalid/').searchParams;
  } catch {
    params = new URLSearchParams();
  }
  const result = {} as ReturnParams;
  for (const key of KEYS) result[key] = params.get(key) || null;
  return result;
}
