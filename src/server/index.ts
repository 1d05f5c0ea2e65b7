/**
 * `payui-embed/server`: what a merchant's backend needs (Node ≥ 20, no dependencies) — tokens
 * and the catalog, project and user operations of the merchant API, webhooks checked and
 * dispatched (and signed, for tests of a handler), and the Login API's JWT verified.
 * Never import it into a page.
 */
export { createMerchantClient, MerchantApiError, TokenRequestError } from './client';
export type {
  ApiVersion, ListEntry, Listing, MerchantApiErrorCode, MerchantApiErrorDetails, MerchantClient, MerchantClientOptions, Page, Query, RequestBody, ResponseBody,
} from './client';
/** The description's records (`components['schemas']['VirtualItem']`) and operations, generated from openapi.json. */
export type { components, operations } from './api-types';
export { signWebhook, verifyWebhookSignature, webhookSignature } from './signature';
export type { RawBody } from './signature';
export { createWebhookHandler, WebhookRefusal } from './webhook';
export type { WebhookHandlerOptions, WebhookHandlers, WebhookListener, WebhookRequest } from './webhook';
export type * from './payloads';
export type { TokenRequest } from './token-request';
export { LoginTokenError, verifyLoginToken } from './login-token';
export type { LoginTokenClaims, LoginTokenErrorCode, VerifyLoginTokenOptions } from './login-token';
export type * from './user-store';
export { PayUIError } from '../core/errors';
