import type { components } from './api-types';

/**
 * The body of a token request (`POST /merchant/v2/merchants/{merchant_id}/token`): every
 * parameter of the service's token table. The service refuses parameters it does not list
 * (HTTP 422), except inside `user.attributes` and `custom_parameters`. Generated (api-types.ts)
 * from the description's `TokenRequest` schema, which test/unit/openapi.test.ts holds to the
 * token table, mock/spec/token-table.ts.
 */
export type TokenRequest = components['schemas']['TokenRequest'];
