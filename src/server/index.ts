/**
 * `payui-embed/server`: what a merchant's backend needs (Node ≥ 20, no dependencies) — tokens
 * from the merchant API, webhooks checked and dispatched, and the Login API's JWT verified.
 * Never import it into a page.
 */
export { createMerchantClient, MerchantApiError, TokenRequestError } from './client';
export type { MerchantClient, MerchantClientOptions, MerchantApiErrorCode } from './client';
export { verifyWebhookSignature, webhookSignature } from './signature';
export type { RawBody } from './signature';
export { createWebhookHandler, WebhookRefusal } from './webhook';
export type { WebhookHandlerOptions, WebhookHandlers, WebhookListener, WebhookRequest } from './webhook';
export type * from './payloads';
export type { TokenRequest } from './token-request';
export { LoginTokenError, verifyLoginToken } from './login-token';
export type { LoginTokenClaims, LoginTokenErrorCode, VerifyLoginTokenOptions } from './login-token';
export type * from './user-store';
export { PayUIError } from '../core/errors';
