// The kit takes what the payment service publishes (issue 45): a sample of every type and variant,
// with the published field set (test/fixtures/published-webhooks.ts, typed by the kit's payload
// types), is what the recorded shapes in openapi.json's `webhooks` accept, and the kit's handler
// takes it byte for byte as the service's senders write it: pretty-printed, `\/`, `\uXXXX`.
import { afterAll, describe, expect, it } from 'vitest';
import { listenLoopback, type Listening } from '../../mock/http/listen';
import { createValidators } from '../../mock/spec/validators';
import document from '../../mock/spec/openapi.json';
import { createWebhookHandler, webhookSignature, type NotificationType } from '../../src/server/index';
import { phpBody, PUBLISHED_SAMPLES } from '../fixtures/published-webhooks';

const SECRET = 'published-samples-secret';
const validators = createValidators(document);
const schemaOf = (type: string) => validators.compile(`#/webhooks/${type}/post/requestBody/content/application~1json/schema`, 'body');

describe('the published samples', () => {
  it('cover every type the kit dispatches, and order_paid and order_canceled in both variants', () => {
    expect(new Set(PUBLISHED_SAMPLES.map(([type]) => type))).toEqual(new Set(Object.keys(document.webhooks)));
    for (const type of ['order_paid', 'order_canceled']) expect(PUBLISHED_SAMPLES.filter(([t]) => t === type).map(([, v]) => v).sort()).toEqual(['combined', 'separate']);
  });

  it.each(PUBLISHED_SAMPLES.map(([type, variant, payload]) => [`${type} (${variant})`, type, payload] as const))('%s is what the recorded shape accepts', (_name, type, payload) => {
    const validate = schemaOf(type);
    expect(validate(payload) ? [] : validate.errors).toEqual([]);
    // A field the shape does not name fails: the recorded shapes are whole.
    expect(validate({ ...payload, transaction_status: 'done' })).toBe(false);
  });

  it('a combined order_paid is not a separate one, nor the other way round', () => {
    const combined = validators.compile('#/components/schemas/OrderPaidCombinedWebhook', 'body');
    const separate = validators.compile('#/components/schemas/OrderPaidSeparateWebhook', 'body');
    const [paidCombined, paidSeparate] = PUBLISHED_SAMPLES.filter(([type]) => type === 'order_paid').map(([, , payload]) => payload);
    expect([combined(paidCombined), separate(paidCombined), combined(paidSeparate), separate(paidSeparate)]).toEqual([true, false, false, true]);
  });
});

describe('the kit\'s handler takes them as sent', () => {
  const running: Listening[] = [];
  afterAll(async () => {
    await Promise.all(running.map((s) => s.close()));
  });

  it.each(PUBLISHED_SAMPLES.map(([type, variant, payload]) => [`${type} (${variant})`, type, payload] as const))('%s: pretty-printed with PHP escapes, signed over those bytes, dispatched as parsed', async (_name, type, payload) => {
    const seen: unknown[] = [];
    const handler = createWebhookHandler({ secret: SECRET, on: { [type]: (got: unknown) => void seen.push(got) } as never });
    const server = await listenLoopback((req, res) => void handler(req, res), 0);
    running.push(server);
    const body = phpBody(payload);
    if (JSON.stringify(payload).includes('/')) expect(body).toContain('\\/');
    const sent = await fetch(`http://127.0.0.1:${server.port}/`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Signature ${webhookSignature(body, SECRET)}` }, body });
    expect(sent.status).toBe(204);
    expect(seen).toEqual([payload]);
    // The same body re-encoded (escapes gone) is other bytes: its signature does not fit.
    const reencoded = JSON.stringify(payload);
    if (reencoded !== body) {
      const refused = await fetch(`http://127.0.0.1:${server.port}/`, { method: 'POST', headers: { authorization: `Signature ${webhookSignature(body, SECRET)}` }, body: reencoded });
      expect(refused.status).toBe(400);
    }
    expect(type satisfies NotificationType).toBe(type);
  });
});
