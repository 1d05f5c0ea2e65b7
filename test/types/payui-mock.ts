// Type-level test: `payui-mock`'s entry for code is typed by mock/index.d.ts, as a merchant's test
// suite imports it, and the implementation (mock/start.ts) is exactly that function.
import { expectTypeOf } from 'vitest';
import { startPayuiMock, type PayuiMock, type PayuiMockOptions } from 'payui-mock';
import { startPayuiMock as implementation } from '../../mock/start';

expectTypeOf(implementation).toEqualTypeOf(startPayuiMock);
expectTypeOf(startPayuiMock).parameter(0).toEqualTypeOf<PayuiMockOptions | undefined>();
expectTypeOf(startPayuiMock).returns.resolves.toEqualTypeOf<PayuiMock>();
expectTypeOf<PayuiMock['merchant']>().toEqualTypeOf<{ merchantId: number; apiKey: string; projectIds: number[] }>();
// @ts-expect-error ports are numbers
void startPayuiMock({ ports: { merchantApi: '5174' } });
