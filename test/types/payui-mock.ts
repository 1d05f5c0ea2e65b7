// Type-level test: `payui-mock`'s entry for code is typed by mock/index.d.ts, as a merchant's test
// suite imports it, and the implementation (mock/app/start.ts) is exactly that function.
import { expectTypeOf } from 'vitest';
import { startPayuiMock, type PayuiMock, type PayuiMockOptions } from 'payui-mock';
import { startPayuiMock as implementation } from '../../mock/app/start';

expectTypeOf(implementation).toEqualTypeOf(startPayuiMock);
expectTypeOf(startPayuiMock).parameter(0).toEqualTypeOf<PayuiMockOptions | undefined>();
expectTypeOf(startPayuiMock).returns.resolves.toEqualTypeOf<PayuiMock>();
expectTypeOf<PayuiMock['merchant']>().toEqualTypeOf<{ merchantId: number; apiKey: string; projectIds: number[] }>();
// @ts-expect-error ports are numbers
void startPayuiMock({ ports: { merchantApi: '5174' } });

// The typed client of the /mock/ additions: a method per operation, its args and answer from openapi.json.
import { createMockClient, MockApiError, type MockClient } from 'payui-mock';
import { createMockClient as clientImplementation } from '../../mock/client';

expectTypeOf(clientImplementation).toEqualTypeOf(createMockClient);
declare const client: MockClient;
expectTypeOf(client.createSandbox).returns.resolves.toEqualTypeOf<{ merchant_id: number; api_key: string; project_ids: number[]; login_project_ids: string[] }>();
expectTypeOf(client.moveClock).parameter(0).toMatchTypeOf<{ body: { advance?: string; to?: string } }>();
expectTypeOf(client.getClock).returns.resolves.toMatchTypeOf<{ now: string; moved: boolean }>();
expectTypeOf(client.deleteSandbox).returns.resolves.toEqualTypeOf<undefined>();
// An export document seeds a sandbox: its tables hold rows.
void client.createSandbox({ body: { seed: { format: 'payui-mock', version: 11, tables: { projects: [{ id: 9, merchant_id: 5, data: { name: { en: 'Seeded' } } }] } } } });
// A headless payment takes access_data as the object (or its JSON text).
void client.createPayment({ body: { access_data: { user: { id: { value: 'p-1' }, email: { value: 'p@example.test' } }, settings: { project_id: 200001 } } } });
void client.createPayment({ body: { access_data: '{"settings": {"project_id": 200001}}' } });
// @ts-expect-error an export document names its format
void client.createSandbox({ body: { seed: { version: 11, tables: {} } } });
// @ts-expect-error a path parameter is required
void client.deleteSandbox();
// @ts-expect-error no such operation on the /mock/ client
void client.createToken;
expectTypeOf<MockApiError['status']>().toEqualTypeOf<number>();
