/**
 * Basic credentials `merchant_id:api_key` (DESIGN.md §8): the merchant they name, when its key is
 * right. Keys are compared in constant time, and an unknown merchant takes as long as a known one.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** The API key of a merchant, or undefined when there is no such merchant. */
export type Credentials = (merchantId: number) => Promise<string | undefined>;

/** A plain decimal integer id: `100001`, never `0x186a1`, ` 100001`, `100001.0` or `0100001`. */
export const DECIMAL_ID = /^[1-9][0-9]{0,15}$/;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The digests of the merchants' keys (a pure function of the key: nothing to forget but the oldest, past a few thousand). */
const keyDigests = new Map<string, Buffer>();
const KEY_DIGESTS_KEPT = 4096;

/** `digest(key)`, computed once a key: the stored side of every request's comparison (issue 48: a token request's CPU). */
function keyDigest(key: string): Buffer {
  let known = keyDigests.get(key);
  if (!known) {
    if (keyDigests.size >= KEY_DIGESTS_KEPT) keyDigests.delete(keyDigests.keys().next().value!);
    keyDigests.set(key, (known = digest(key)));
  }
  return known;
}

export async function authenticate(header: string | undefined, credentials: Credentials): Promise<number | null> {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const text = decoded.slice(0, Math.max(colon, 0));
  const id = DECIMAL_ID.test(text) ? Number(text) : null;
  const key = id === null ? undefined : await credentials(id);
  const right = timingSafeEqual(keyDigest(key ?? ''), digest(decoded.slice(colon + 1)));
  // An empty key (a database from before imports were checked) lets nobody in, an empty password least of all.
  return key !== undefined && key !== '' && right ? id : null;
}
