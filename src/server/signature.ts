/// <reference types="node" preserve="true" />
/**
 * Webhook signatures (the service's rule): the `authorization` header is `Signature <hex>`, where
 * hex is the SHA-1 of the raw request body followed by the project's secret key, in lowercase.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { PayUIError } from '../core/errors';
import type { Webhook } from './payloads';

/** Raw bytes as received; a string is taken as its UTF-8 bytes. */
export type RawBody = Uint8Array | string;

/** The lowercase hex signature of `rawBody` under `secret`, as the service computes it. */
export function webhookSignature(rawBody: RawBody, secret: string): string {
  return createHash('sha1').update(rawBody).update(secret, 'utf8').digest('hex');
}

const HEADER = /^Signature ([0-9a-fA-F]{40})$/;

/**
 * Why `authorization` (the header's value) does not sign `rawBody` with `secret`, in words; null
 * when it does. Pass the body exactly as received (a Buffer), never a re-encoded parse of it. The
 * comparison takes the same time wherever the first differing character is.
 */
export function webhookSignatureProblem(rawBody: RawBody, authorization: string | string[] | undefined | null, secret: string): string | null {
  if (typeof secret !== 'string' || secret === '') return 'no secret key to check the signature with';
  const match = typeof authorization === 'string' ? HEADER.exec(authorization.trim()) : null;
  if (!match) return 'the authorization header must be "Signature <40 hex digits>"';
  const expected = Buffer.from(webhookSignature(rawBody, secret), 'latin1');
  return timingSafeEqual(expected, Buffer.from(match[1]!.toLowerCase(), 'latin1'))
    ? null
    : 'the signature does not match the raw body and the secret key (check the secret, and that the body is passed unparsed)';
}

/** Whether `authorization` signs `rawBody` with `secret` (see `webhookSignatureProblem` for why not). */
export function verifyWebhookSignature(rawBody: RawBody, authorization: string | string[] | undefined | null, secret: string): boolean {
  return webhookSignatureProblem(rawBody, authorization, secret) === null;
}

/**
 * A webhook as the service sends it, for a merchant's unit tests of its own handler: `body` is the
 * payload's JSON (a string is taken as the body), `headers` carry its signature under `secret`.
 * `fetch(url, { method: 'POST', ...signWebhook(payload, secret) })` reaches `createWebhookHandler`.
 */
export function signWebhook(payload: Webhook | string, secret: string): { body: string; headers: { 'content-type': string; authorization: string } } {
  if (typeof secret !== 'string' || secret === '') throw new PayUIError('INVALID_OPTION', 'must be the project\'s secret key (a non-empty string)', 'secret');
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return { body, headers: { 'content-type': 'application/json', authorization: `Signature ${webhookSignature(body, secret)}` } };
}
