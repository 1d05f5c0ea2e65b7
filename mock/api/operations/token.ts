/**
 * `POST /merchant/{version}/merchants/{merchant_id}/token`: the payment UI's access token for what
 * the body describes, checked against the token table and the merchant's catalogue (a 422 names
 * every failing field at once). Valid 24 hours.
 */
import { randomUUID } from 'node:crypto';
import { TOKEN_LIFETIME_SECONDS, signToken, type TokenPayload } from '../../domain/token';
import { checkCatalogue } from '../../domain/token-request';
import type { ExtendedMessage } from '../../spec/errors';
import { withReads } from '../../store/read-cache';
import { signedInKey } from '../app';
import type { Op } from './common';

export const createToken: Op = async ({ body, merchantId, request: httpRequest, now }) => {
  const request = body as Pick<TokenPayload, 'user' | 'settings' | 'purchase' | 'custom_parameters'>;
  // The clock as read with the credentials: no statement of its own.
  const issuedAt = Math.floor((await now()) / 1000);
  const payload: TokenPayload = {
    merchant_id: merchantId,
    project_id: request.settings.project_id as number,
    mode: request.settings.mode === 'sandbox' ? 'sandbox' : 'live',
    iat: issuedAt,
    exp: issuedAt + TOKEN_LIFETIME_SECONDS,
    jti: randomUUID(),
    user: request.user,
    settings: request.settings,
    ...(request.purchase ? { purchase: request.purchase } : {}),
    ...(request.custom_parameters ? { custom_parameters: request.custom_parameters } : {}),
  };
  // Signed with the merchant's own key (made from its API key: the caller just sent it, and it was read with the credentials).
  const key = signedInKey(httpRequest);
  if (key === undefined) throw new Error('createToken: a request whose credentials were not checked');
  return { body: { token: await signToken(payload, key) } };
};

/** The table's rules are the document's; what the body names must also be in the merchant's catalogue. */
createToken.check = async ({ body, merchantId, reads, context }) => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const found: ExtendedMessage = { global_errors: [], property_errors: {} };
  const add = (path: string, message: string) => (found.property_errors[path] ??= []).push(message);
  await checkCatalogue(withReads(context.db.sql, reads), body as Record<string, unknown>, merchantId, add);
  return Object.keys(found.property_errors).length ? found : null;
};
// The merchant's projects come with its credentials: the project the body names costs no statement.
createToken.readsProjects = true;
