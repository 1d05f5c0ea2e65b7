/**
 * What the payment UI's server answers (mock/payment-ui/server.ts), described as openapi.json
 * describes the merchant API's, for the check of every answer in the service's tests (issue 46
 * item 15, mock/spec/answers.ts). It is not published: the page is its only client. Its error body
 * is openapi.json's `Error`; its 500 is listed nowhere (the service failing).
 */
import openapi from './openapi.json' with { type: 'json' };
import { UI_ERRORS } from './ui-errors';

const error = { $ref: '#/components/responses/Error' };
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const page = { responses: { 200: { content: { 'text/html': {} } }, 404: error, 421: error } };

export const PAYMENT_UI_DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'payui-mock payment UI', version: '1' },
  paths: {
    '/': { get: page },
    '/index.html': { get: page },
    '/api/session': {
      get: {
        operationId: 'paymentUiSession',
        responses: {
          // What the page sells, or the payment UI's error code.
          200: json({
            oneOf: [
              { type: 'object', required: ['ok', 'session'], properties: { ok: { const: true }, session: { type: 'object' }, paid: { $ref: '#/components/schemas/Paid' } } },
              { type: 'object', required: ['ok', 'code', 'message'], additionalProperties: false, properties: { ok: { const: false }, code: { enum: Object.keys(UI_ERRORS) }, message: { type: 'string' } } },
            ],
          }),
          421: error,
        },
      },
    },
    '/api/payments': {
      post: {
        operationId: 'paymentUiPay',
        responses: {
          // Paid, or troubled: declined, or the player refused.
          200: json({
            oneOf: [
              { allOf: [{ $ref: '#/components/schemas/Paid' }, { required: ['ok'], properties: { ok: { const: true } } }] },
              { type: 'object', required: ['ok', 'invoice', 'status', 'reason'], properties: { ok: { const: true }, invoice: { type: 'integer' }, status: { const: 'troubled' }, reason: { enum: ['declined', 'user_refused'] }, code: { type: 'string' } } },
            ],
          }),
          ...Object.fromEntries([400, 403, 408, 409, 413, 415, 421, 422].map((status) => [status, error])),
        },
      },
    },
  },
  components: {
    responses: { Error: json({ $ref: '#/components/schemas/Error' }) },
    schemas: {
      Error: openapi.components.schemas.Error,
      ExtendedMessage: openapi.components.schemas.ExtendedMessage,
      Paid: {
        type: 'object',
        required: ['invoice', 'status'],
        properties: {
          invoice: { type: 'integer' }, status: { const: 'done' },
          key: { type: 'object', required: ['drm', 'code'], properties: { drm: { type: 'string' }, code: { type: 'string' } } },
          keys: { type: 'array', items: { type: 'object' } },
        },
      },
    },
  },
};
