/**
 * `POST /merchant/{version}/merchants/{merchant_id}/token`: the payment UI's access token for what
 * the body describes, checked against the token table and the merchant's catalogue (a 422 names
 * every failing field at once). Valid 24 hours.
 */
import { TOKEN_LIFETIME_SECONDS, signToken, type TokenPayload } from '../../shared/token';
import { validateTokenRequest } from '../../merchant-api/validate';
import { ApiError } from '../app';
import type { Op } from './common';

export const createToken: Op = async ({ body, merchantId, context }) => {
  const problems = validateTokenRequest(body, merchantId);
  if (problems) throw new ApiError(422, 'Unprocessable Entity', problems);
  const request = body as Pick<TokenPayload, 'user' | 'settings' | 'purchase' | 'custom_parameters'>;
  const issuedAt = Math.floor(context.now() / 1000);
  const payload: TokenPayload = {
    merchant_id: merchantId,
    project_id: request.settings.project_id as number,
    mode: request.settings.mode === 'sandbox' ? 'sandbox' : 'live',
    iat: issuedAt,
    exp: issuedAt + TOKEN_LIFETIME_SECONDS,
    user: request.user,
    settings: request.settings,
    ...(request.purchase ? { purchase: request.purchase } : {}),
    ...(request.custom_parameters ? { custom_parameters: request.custom_parameters } : {}),
  };
  return { body: { token: await signToken(payload) } };
};
