/// <reference types="node" preserve="true" />
/**
 * `createMerchantClient`: the merchant API calls a merchant's server makes. Today: `createToken`,
 * the token for one opening of the payment UI. Credentials go in Basic auth and never leave the
 * server; plain HTTP is refused except to a loopback address (the mock service).
 */
import { PayUIError } from '../core/errors';
import type { TokenRequest } from './token-request';

export interface MerchantClientOptions {
  merchantId: number;
  apiKey: string;
  /** The merchant API's address, e.g. the mock's `http://localhost:5174`. */
  baseUrl: string;
  /** Milliseconds before a call gives up with `MerchantApiError` code `TIMEOUT`. Default 10000. */
  timeoutMs?: number;
}

export interface MerchantClient {
  /** A token for one payment UI opening; the body is the service's token table. */
  createToken(body: TokenRequest): Promise<{ token: string }>;
}

export type MerchantApiErrorCode = 'UNAUTHORIZED' | 'FORBIDDEN' | 'UNPROCESSABLE' | 'HTTP_ERROR' | 'BAD_RESPONSE' | 'TIMEOUT' | 'NETWORK';

/** A merchant API call that did not succeed. `status` is the HTTP status, or null when none came. */
export class MerchantApiError extends Error {
  override name = 'MerchantApiError';
  readonly code: MerchantApiErrorCode;
  readonly status: number | null;

  constructor(code: MerchantApiErrorCode, message: string, status: number | null, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.status = status;
  }
}

/** HTTP 422: the service refused the token body, with its errors as it sent them. */
export class TokenRequestError extends MerchantApiError {
  override name = 'TokenRequestError';
  /** Parameter path → messages, e.g. `{ 'settings.project_id': ['…'] }`. */
  readonly propertyErrors: Record<string, string[]>;
  readonly globalErrors: string[];

  constructor(propertyErrors: Record<string, string[]>, globalErrors: string[]) {
    const first = [...globalErrors, ...Object.entries(propertyErrors).map(([path, [message]]) => `${path}: ${message}`)][0];
    super('UNPROCESSABLE', `the service refused the token request${first ? `: ${first}` : ''}`, 422);
    this.propertyErrors = propertyErrors;
    this.globalErrors = globalErrors;
  }
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** HTTPS anywhere, plain HTTP to a loopback address only (the mock service's listeners follow the same rule). */
export const isSecureOrLoopback = (url: URL): boolean => url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));

function checkOptions(options: MerchantClientOptions): URL {
  const { merchantId, apiKey, baseUrl, timeoutMs } = options ?? ({} as MerchantClientOptions);
  if (!Number.isSafeInteger(merchantId) || merchantId < 1) throw new PayUIError('INVALID_OPTION', 'must be a positive integer', 'merchantId');
  if (typeof apiKey !== 'string' || apiKey === '') throw new PayUIError('INVALID_OPTION', 'must be a non-empty string', 'apiKey');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new PayUIError('INVALID_OPTION', 'must be an absolute URL', 'baseUrl');
  }
  if (!isSecureOrLoopback(url)) {
    throw new PayUIError('INVALID_OPTION', 'must be https (http only to a loopback address, such as the mock service)', 'baseUrl');
  }
  if (timeoutMs !== undefined && (!Number.isInteger(timeoutMs) || timeoutMs < 1)) throw new PayUIError('INVALID_OPTION', 'must be a positive integer', 'timeoutMs');
  // `https://host/base` and `https://host/base/` are the same base for the API's paths.
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

export function createMerchantClient(options: MerchantClientOptions): MerchantClient {
  const base = checkOptions(options);
  const authorization = `Basic ${Buffer.from(`${options.merchantId}:${options.apiKey}`, 'utf8').toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function post(path: string, body: unknown): Promise<{ status: number; json: unknown }> {
    let response: Response;
    try {
      response = await fetch(new URL(path, base), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw timedOut
        ? new MerchantApiError('TIMEOUT', `the merchant API did not answer within ${timeoutMs} ms`, null, { cause: error })
        : new MerchantApiError('NETWORK', 'the merchant API could not be reached', null, { cause: error });
    }
    let json: unknown;
    try {
      json = JSON.parse(await response.text());
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      if (timedOut) throw new MerchantApiError('TIMEOUT', `the merchant API did not answer within ${timeoutMs} ms`, response.status, { cause: error });
      json = undefined;
    }
    return { status: response.status, json };
  }

  return {
    async createToken(body) {
      const { status, json } = await post(`merchant/v2/merchants/${options.merchantId}/token`, body);
      if (status === 401) throw new MerchantApiError('UNAUTHORIZED', 'the merchant API refused the credentials (merchantId, apiKey)', status);
      if (status === 403) throw new MerchantApiError('FORBIDDEN', 'these credentials may not do this', status);
      if (status === 422) {
        const extended = (json as { extended_message?: { property_errors?: unknown; global_errors?: unknown } } | undefined)?.extended_message ?? {};
        const property = typeof extended.property_errors === 'object' && extended.property_errors !== null ? extended.property_errors : {};
        throw new TokenRequestError(
          Object.fromEntries(Object.entries(property).map(([path, messages]) => [path, strings(messages)])),
          strings(extended.global_errors),
        );
      }
      if (status < 200 || status >= 300) throw new MerchantApiError('HTTP_ERROR', `the merchant API answered HTTP ${status}`, status);
      const token = (json as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token === '') throw new MerchantApiError('BAD_RESPONSE', 'the merchant API answered without a token', status);
      return { token };
    },
  };
}
