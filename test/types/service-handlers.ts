// Type-level tests of the service's handlers (issue 49 item 9): they are bound through a record
// typed by openapi.json's operation ids, so a handler missing, renamed or left over does not compile.
import { expectTypeOf } from 'vitest';
import type { Handlers, OperationId } from '../../mock/api/app';
import type { ServiceContext } from '../../mock/api/operations/common';
import { OPERATIONS } from '../../mock/api/operations';

type Service = Handlers<ServiceContext>;
const { createItem: _dropped, ...withoutOne } = OPERATIONS;

expectTypeOf<'createItem' | 'moveClock' | 'createSandbox' | 'loginRegister'>().toMatchTypeOf<OperationId>();
expectTypeOf<'createThing'>().not.toMatchTypeOf<OperationId>();

// @ts-expect-error a handler missing: createItem
export const missing: Service = withoutOne;
// @ts-expect-error a handler renamed: createItems is no operation, createItem is missing
export const renamed: Service = { ...withoutOne, createItems: OPERATIONS.createItem };
export const whole: Service = { ...withoutOne, createItem: OPERATIONS.createItem };
