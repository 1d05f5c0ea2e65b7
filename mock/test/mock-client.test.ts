// payui-mock's typed client of the /mock/ additions (DESIGN.md §8b): generated from the one
// description (no drift), a method per operation, credentials of the merchant it was made for,
// the answer's body on 2xx and a MockApiError carrying the service's error otherwise.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_TARGET, SOURCE, renderClientTypes } from '../../scripts/openapi-types.js';
import { createMockClient, MockApiError, mockOperations } from '../client';
import { sandboxWorld, sharedService } from './sandbox-world';

describe('the typed client of the /mock/ additions', () => {
  it('is generated from mock/spec/openapi.json: the committed types are what the generator writes now', async () => {
    const committed = readFileSync(CLIENT_TARGET, 'utf8');
    expect(committed === (await renderClientTypes(JSON.parse(readFileSync(SOURCE, 'utf8')))), 'mock/client-types.d.ts differs: run npm run openapi:types').toBe(true);
  });

  it('has a method for each offline operation of the document, and no other', () => {
    const document = JSON.parse(readFileSync(SOURCE, 'utf8')) as { paths: Record<string, Record<string, { operationId?: string; 'x-payui-offline'?: boolean }>> };
    const offline = Object.values(document.paths).flatMap((item) => Object.values(item)).filter((op) => op['x-payui-offline'] === true).map((op) => op.operationId);
    expect(mockOperations().sort()).toEqual(offline.sort());
    expect(mockOperations()).toEqual(expect.arrayContaining(['createSandbox', 'resetMerchant', 'moveClock', 'createPayment', 'createFault', 'listWebhookLog']));
    expect(mockOperations()).not.toContain('createToken');
  });

  it('makes a sandbox, calls with its credentials, answers bodies, and throws the service\'s error', async () => {
    const { origin } = await sharedService();
    const anonymous = createMockClient(origin);
    const made = await anonymous.createSandbox({ body: { seed: 'empty' } });
    expect(made.project_ids).toEqual([]);
    const sandbox = anonymous.as({ merchantId: made.merchant_id, apiKey: made.api_key });
    expect(sandbox.merchantId).toBe(made.merchant_id);
    const moved = await sandbox.moveClock({ body: { advance: 'P1D' } });
    expect(moved.moved).toBe(true);
    expect((await sandbox.getClock()).moved).toBe(true);
    // Another merchant's clock is its own.
    const other = await sandboxWorld({ seed: 'empty' });
    expect((await other.client.getClock()).moved).toBe(false);
    await other.close();
    const fault = await sandbox.createFault({ body: { operation: 'createToken', status: 503, count: 2 } });
    expect(await sandbox.listFaults()).toEqual([expect.objectContaining({ id: fault.id, remaining: 2 })]);
    expect(await sandbox.deleteFault({ path: { fault_id: fault.id } })).toBeUndefined();
    const failure = await sandbox.moveClock({ body: { advance: 'backwards' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MockApiError);
    expect(failure).toMatchObject({ operation: 'moveClock', status: 422, body: { extended_message: { property_errors: { advance: expect.any(Array) } } } });
    // Without credentials a merchant's operation is 401, thrown as such.
    await expect(anonymous.getClock()).rejects.toMatchObject({ status: 401 });
    // A wait answers what the log has (nothing here) once the time is up.
    const waited = await sandbox.listWebhookLog({ query: { type: 'order_paid', wait: 50 } });
    expect(waited.deliveries).toEqual([]);
    expect(await sandbox.deleteSandbox({ path: { merchant_id: made.merchant_id } })).toBeUndefined();
    await expect(sandbox.getClock()).rejects.toMatchObject({ status: 401 });
  });
});
