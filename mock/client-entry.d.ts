/**
 * `payui-mock/client`: the typed client of the `/mock/…` additions alone, for a test file that
 * talks to a service started elsewhere (a globalSetup's): it loads none of the service's modules
 * (no server, no database). The declarations are mock/index.d.ts's.
 */
export { createMockClient, MockApiError } from './index.js';
export type { MockAnswer, MockArgs, MockClient, MockComponents, MockOperationId, MockOperations } from './index.js';
