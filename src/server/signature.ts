/// <reference types="node" preserve="true" />
/**
 * Webhook signatures (the service's rule): the `authorization` header is `Signature <hex>`, where
 * hex is the SHA-1 of the raw request body followed by the project's secret key, in lowercase.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** Raw bytes as received; a string is taken as its UTF-8 bytes. */
export type RawBody = Uint8Array | string;

/** The lowercase hex signature of `rawBody` under `secret`, as the service computes it. */
export function webhookSignature(rawBody: RawBody, secret: string): string {
  return createHash('sha1').update(rawBody).update(secret, 'utf8').digest('hex');
}

const HEADER = /^Signature ([0-9a-fA-F]{40})$/;

/**
 * Whether `authorization` (the header's value) signs `rawBody` with `secret`. Pass the body
 * exactly as received (a Buffer), never a re-encoded parse of it. The comparison takes the same
 * time wherever the first differing character is.
 */
export function verifyWebhookSignature(rawBody: RawBody, authorization: string | string[] | undefined | null, secret: string): boolean {
  if (typeof secret !== 'string' || secret === '') return false;
  const match = typeof authorization === 'string' ? HEADER.exec(authorization.trim()) : null;
  if (!match) return false;
  const expected = Buffer.from(webhookSignature(rawBody, secret), 'latin1');
  return timingSafeEqual(expected, Buffer.from(match[1]!.toLowerCase(), 'latin1'));
}
