/// <reference types="node" preserve="true" />
/**
 * `createMerchantClient`: the merchant API calls a merchant's server makes — `createToken`, and one
 * method per operation (DESIGN.md §13: catalog, projects, users, subscriptions, reports), grouped by resource.
 * Every method is a row of `TABLE` run by one `request` function; their types come from
 * mock/spec/openapi.json (api-types.ts), so a method's body and answer are the description's. Lists are
 * async iterables that page with `offset`/`limit`. Credentials go in Basic auth and never leave the
 * server (nor any error message); plain HTTP is refused except to a loopback address (the mock service).
 */
import { PayUIError } from '../core/errors';
import type { operations } from './api-types';
import type { TokenRequest } from './token-request';

export interface MerchantClientOptions {
  merchantId: number;
  apiKey: string;
  /** The merchant API's address, e.g. the mock's `http://localhost:5174`. */
  baseUrl: string;
  /** Milliseconds before a call (each try of it) gives up with `MerchantApiError` code `TIMEOUT`. Default 10000. */
  timeoutMs?: number;
  /** The API version of every call's path (and of the subscription plans' types). Default `'v2'`. */
  apiVersion?: ApiVersion;
  /**
   * How many times a GET, PUT or DELETE is tried again after a network error or a 5xx (with a
   * backoff of about 0.2 s, then 0.4 s, with jitter). Default 2; 0 turns retries off. A POST is
   * never tried again: the service may have done it.
   */
  maxRetries?: number;
}

export type ApiVersion = 'v1' | 'v2';
type OperationId = keyof operations;
/** The JSON body operation `K` of the description takes. */
export type RequestBody<K extends OperationId> = operations[K] extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
type Json<R> = R extends { content: { 'application/json': infer A } } ? A : void;
/** What operation `K` answers on success (`void` for a 204). */
export type ResponseBody<K extends OperationId> = operations[K]['responses'] extends infer R
  ? 200 extends keyof R ? Json<R[200]> : 201 extends keyof R ? Json<R[201]> : void
  : never;
/** The query parameters of operation `K` (for a list: its filters, and `offset`/`limit`). */
export type Query<K extends OperationId> = NonNullable<operations[K]['parameters']['query']>;
/** One entry of list operation `K` (the array it answers, or the users list's `data`). */
export type ListEntry<K extends OperationId> = ResponseBody<K> extends (infer T)[] ? T : ResponseBody<K> extends { data: (infer T)[] } ? T : never;

/** One page of a list: its entries and the total the service counts (`X-Total-Count`). */
export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * A list: `for await (const item of list)` walks every page (`limit` entries a request, 100 unless
 * the query says; from the query's `offset`, else 0); `page({ offset, limit })` fetches one page.
 */
export interface Listing<T> extends AsyncIterable<T> {
  page(range?: { offset?: number; limit?: number }): Promise<Page<T>>;
}

type Call<K extends OperationId, A extends unknown[]> = (...args: A) => Promise<ResponseBody<K>>;
type Write<K extends OperationId, A extends unknown[]> = (...args: [...A, body: RequestBody<K>]) => Promise<ResponseBody<K>>;
type List<K extends OperationId, A extends unknown[]> = (...args: [...A, query?: Query<K>]) => Listing<ListEntry<K>>;
type InProject = [projectId: number];
/** A list whose query is required (it names what to list). */
type ListBy<K extends OperationId, A extends unknown[]> = (...args: [...A, query: Query<K>]) => Listing<ListEntry<K>>;
/** A project's records of one kind: create, get, list, update, delete. */
interface Records<C extends OperationId, G extends OperationId, L extends OperationId, U extends OperationId, D extends OperationId, Id extends unknown[]> {
  create: Write<C, InProject>;
  get: Call<G, [...InProject, ...Id]>;
  list: List<L, InProject>;
  update: Write<U, [...InProject, ...Id]>;
  delete: Call<D, [...InProject, ...Id]>;
}

type PlansV1 = Records<'createPlanV1', 'getPlanV1', 'listPlansV1', 'updatePlanV1', 'deletePlanV1', [planId: number]>;
type PlansV2 = Records<'createPlanV2', 'getPlanV2', 'listPlansV2', 'updatePlanV2', 'deletePlanV2', [planId: number]>;

/** The client of every operation; `V` is its `apiVersion` (the plans' shapes differ between v1 and v2). */
export interface MerchantClient<V extends ApiVersion = 'v2'> {
  /** A token for one payment UI opening; the body is the service's token table. */
  createToken(body: TokenRequest): Promise<{ token: string }>;
  /** The merchant's projects. */
  projects: {
    create: Write<'createProject', []>;
    get: Call<'getProject', InProject>;
    update: Write<'updateProject', InProject>;
    list: List<'listProjects', []>;
  };
  /** A project's virtual currency (with its packages grouped by currency) and its packages. */
  virtualCurrency: {
    get: Call<'getVirtualCurrency', InProject>;
    update: Write<'updateVirtualCurrency', InProject>;
    packages: Omit<Records<'createPackage', 'getPackage', never, 'updatePackage', 'deletePackage', [packageId: number]>, 'list'>;
  };
  /** Virtual items; `groups` is `itemGroups`. */
  virtualItems: Records<'createItem', 'getItem', 'listItems', 'updateItem', 'deleteItem', [itemId: number]> & { groups: MerchantClient['itemGroups'] };
  itemGroups: Records<'createGroup', 'getGroup', 'listGroups', 'updateGroup', 'deleteGroup', [groupId: number]>;
  userAttributes: Records<'createUserAttribute', 'getUserAttribute', 'listUserAttributes', 'updateUserAttribute', 'deleteUserAttribute', [attributeId: number]>;
  /** Game delivery entities (games whose keys the service hands out). */
  gameKeys: Records<'createGame', 'getGame', 'listGames', 'updateGame', 'deleteGame', [gameId: number]>;
  /** A project's users, keyed by the merchant's `user_id`; `virtualItemsTotal`: what they hold. */
  users: Omit<Records<'createUser', 'getUser', 'listUsers', 'updateUser', never, [userId: string]>, 'delete'> & {
    virtualItemsTotal: List<'listUserVirtualItemsTotal', InProject>;
    /** A user's transactions, across the merchant's projects (`user_id`, `datetime_from`, `datetime_to` required). */
    transactions: ListBy<'listUserTransactions', []>;
  };
  /** Plans, products, subscription payments, and one user's subscription (its status changed by `update`). */
  subscriptions: {
    plans: V extends 'v1' ? PlansV1 : PlansV2;
    products: Omit<Records<'createProduct', never, 'listProducts', 'updateProduct', 'deleteProduct', [productId: number]>, 'get'>;
    payments: { list: List<'listSubscriptionPayments', InProject> };
    get: Call<'getSubscription', [...InProject, subscriptionId: number]>;
    update: Write<'updateUserSubscription', [...InProject, userId: string, subscriptionId: number]>;
  };
  /** The transactions report (JSON entries, or a file's bytes) and one transaction's details. */
  reports: {
    transactions: List<'searchTransactions', []>;
    /**
     * The report as a file: `csv` (RFC 4180) or `xls` (an .xlsx workbook). Without `limit` it holds
     * every transaction that passes the query's filters.
     */
    download(format: 'csv' | 'xls', query?: Query<'searchTransactions'>): Promise<Buffer>;
    details: Call<'getTransactionDetails', [transactionId: number]>;
  };
}

export type MerchantApiErrorCode =
  | 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'VALIDATION' | 'NOT_IMPLEMENTED'
  | 'HTTP_ERROR' | 'BAD_RESPONSE' | 'TIMEOUT' | 'NETWORK';

/** What an error answer of the service says beyond its status. */
export interface MerchantApiErrorDetails {
  cause?: unknown;
  /** The service's `request_id` (also its `X-Request-Id`): quote it when reporting a problem. */
  requestId?: string | null;
  propertyErrors?: Record<string, string[]>;
  globalErrors?: string[];
}

/** A merchant API call that did not succeed. `status` is the HTTP status, or null when none came. */
export class MerchantApiError extends Error {
  override name = 'MerchantApiError';
  readonly code: MerchantApiErrorCode;
  readonly status: number | null;
  /** The request's id as the service gave it, or null (no answer, or none in it). */
  readonly requestId: string | null;
  /** Parameter path → messages, e.g. `{ 'settings.project_id': ['…'] }` (a 422; else usually empty). */
  readonly propertyErrors: Record<string, string[]>;
  readonly globalErrors: string[];

  constructor(code: MerchantApiErrorCode, message: string, status: number | null, details: MerchantApiErrorDetails = {}) {
    super(message, 'cause' in details ? { cause: details.cause } : undefined);
    this.code = code;
    this.status = status;
    this.requestId = details.requestId ?? null;
    this.propertyErrors = details.propertyErrors ?? {};
    this.globalErrors = details.globalErrors ?? [];
  }
}

/** The first thing an error answer found wrong, `path: message` for a field: what a message quotes. */
const firstFinding = (propertyErrors: Record<string, string[]>, globalErrors: string[]): string | undefined =>
  [...globalErrors, ...Object.entries(propertyErrors).map(([path, [message]]) => `${path}: ${message}`)][0];

/** HTTP 422 to `createToken`: the service refused the token request, with its errors as it sent them. */
export class TokenRequestError extends MerchantApiError {
  override name = 'TokenRequestError';

  /** `message`: the client's, which quotes the first finding with the key redacted. */
  constructor(propertyErrors: Record<string, string[]>, globalErrors: string[], requestId: string | null = null, message?: string) {
    const first = firstFinding(propertyErrors, globalErrors);
    super('VALIDATION', message ?? `the service refused the token request${first ? `: ${first}` : ''}`, 422, { propertyErrors, globalErrors, requestId });
  }
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** HTTPS anywhere, plain HTTP to a loopback address only (the mock service's listeners follow the same rule). */
export const isSecureOrLoopback = (url: URL): boolean => url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));

const positive = (value: unknown, min = 1) => Number.isSafeInteger(value) && (value as number) >= min;

function checkOptions(options: MerchantClientOptions): URL {
  const { merchantId, apiKey, baseUrl, timeoutMs, apiVersion, maxRetries } = options ?? ({} as MerchantClientOptions);
  const invalid = (path: string, message: string) => new PayUIError('INVALID_OPTION', message, path);
  if (!positive(merchantId)) throw invalid('merchantId', 'must be a positive integer');
  if (typeof apiKey !== 'string' || apiKey === '') throw invalid('apiKey', 'must be a non-empty string');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw invalid('baseUrl', 'must be an absolute URL');
  }
  if (!isSecureOrLoopback(url)) throw invalid('baseUrl', 'must be https (http only to a loopback address, such as the mock service)');
  if (timeoutMs !== undefined && !positive(timeoutMs)) throw invalid('timeoutMs', 'must be a positive integer');
  if (apiVersion !== undefined && apiVersion !== 'v1' && apiVersion !== 'v2') throw invalid('apiVersion', "must be 'v1' or 'v2'");
  if (maxRetries !== undefined && !positive(maxRetries, 0)) throw invalid('maxRetries', 'must be an integer, 0 or more');
  // `https://host/base` and `https://host/base/` are the same base for the API's paths.
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

/**
 * Every operation: `VERB path`, under `merchant/{version}/`. In the path `$` is the merchant's id
 * and each `:` the method's next argument; the argument after them is the body (POST, PUT) or the
 * query (LIST: a `Listing`). A nested object is a nested group of methods.
 */
type Table = { [name: string]: string | Table };
const IN_PROJECT = 'projects/:/';
/** A project's records at `path`: `verbs` of create, get, list, update, delete. */
const records = (path: string, verbs = 'create get list update delete'): Table => {
  const at = IN_PROJECT + path;
  const rows: Table = { create: `POST ${at}`, get: `GET ${at}/:`, list: `LIST ${at}`, update: `PUT ${at}/:`, delete: `DELETE ${at}/:` };
  return Object.fromEntries(verbs.split(' ').map((verb) => [verb, rows[verb]!]));
};
const groups = records('virtual_items/groups');
const TABLE: Table = {
  projects: { create: 'POST merchants/$/projects', get: 'GET projects/:', update: 'PUT projects/:', list: 'LIST merchants/$/projects' },
  virtualCurrency: { get: `GET ${IN_PROJECT}virtual_currency`, update: `PUT ${IN_PROJECT}virtual_currency`, packages: records('virtual_currency/packages', 'create get update delete') },
  virtualItems: { ...records('virtual_items/items'), groups },
  itemGroups: groups,
  userAttributes: records('user_attributes'),
  gameKeys: records('game_delivery'),
  users: {
    ...records('users', 'create get list update'),
    virtualItemsTotal: `LIST ${IN_PROJECT}users/virtual_items/total`,
    transactions: 'LIST merchants/$/users/transactions.json',
  },
  subscriptions: {
    plans: records('subscriptions/plans'),
    products: records('subscriptions/products', 'create list update delete'),
    payments: { list: `LIST ${IN_PROJECT}subscriptions/payments` },
    get: `GET ${IN_PROJECT}subscriptions/:`,
    update: `PUT ${IN_PROJECT}users/:/subscriptions/:`,
  },
  // `reports.download` (a file, not JSON) is written out in createMerchantClient.
  reports: { transactions: 'LIST merchants/$/reports/transactions/search.json', details: 'GET merchants/$/reports/transactions/:/details' },
};

/** The parameter that follows each segment of a path (`projects/:` → `projectId`), for errors. */
const PARAMETERS: Record<string, string> = {
  projects: 'projectId', packages: 'packageId', items: 'itemId', groups: 'groupId', user_attributes: 'attributeId',
  game_delivery: 'gameId', users: 'userId', plans: 'planId', products: 'productId', subscriptions: 'subscriptionId', transactions: 'transactionId',
};
/** What the URL parser reads as `.` or `..` (any case of `%2e`), so a segment that would move the path. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * One path argument as its segment. An id is a positive integer; a user id is the merchant's text,
 * encoded, but never empty nor a dot segment: `users.update(p, '..', …)` would otherwise be
 * `PUT projects/p/`, another operation.
 */
function pathArgument(segment: string, value: unknown): string {
  const parameter = PARAMETERS[segment] ?? segment;
  const invalid = (message: string) => new PayUIError('INVALID_OPTION', message, parameter);
  if (parameter !== 'userId') {
    if (positive(value) || (typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value) && positive(Number(value)))) return String(value);
    throw invalid('must be a positive integer');
  }
  if (typeof value !== 'string' && !positive(value)) throw invalid('must be a non-empty string');
  const text = String(value);
  if (text === '' || DOT_SEGMENT.test(text)) throw invalid(`must name a user: "${text}" is not a user id a path can carry`);
  return encodeURIComponent(text);
}

const CODES: Record<number, MerchantApiErrorCode> = {
  400: 'BAD_REQUEST', 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT', 422: 'VALIDATION', 501: 'NOT_IMPLEMENTED',
};

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  /** The JSON answer, or the bytes of a file (a `raw` request). */
  json: unknown;
  headers: Headers;
}

export function createMerchantClient<V extends ApiVersion = 'v2'>(options: MerchantClientOptions & { apiVersion?: V }): MerchantClient<V> {
  const base = checkOptions(options);
  const { merchantId, apiKey, timeoutMs = 10_000, apiVersion = 'v2', maxRetries = 2 } = options;
  const credentials = Buffer.from(`${merchantId}:${apiKey}`, 'utf8').toString('base64');
  const authorization = `Basic ${credentials}`;
  /** What the service wrote, without the key in any form (a proxy could echo it). */
  const redact = (text: string) => text.split(apiKey).join('[key]').split(credentials).join('[key]');

  function failure(status: number, json: unknown, headers: Headers, what: string): MerchantApiError {
    const body = (typeof json === 'object' && json !== null ? json : {}) as { message?: unknown; request_id?: unknown; extended_message?: unknown };
    const requestId = typeof body.request_id === 'string' && body.request_id ? body.request_id : headers.get('x-request-id');
    const extended = (typeof body.extended_message === 'object' && body.extended_message !== null ? body.extended_message : {}) as {
      property_errors?: unknown; global_errors?: unknown;
    };
    const property = typeof extended.property_errors === 'object' && extended.property_errors !== null ? extended.property_errors : {};
    const propertyErrors = Object.fromEntries(Object.entries(property).map(([path, messages]) => [path, strings(messages)]));
    const globalErrors = strings(extended.global_errors);
    const first = firstFinding(propertyErrors, globalErrors);
    const refused = `the service refused the ${what}${first ? `: ${redact(first)}` : ''}`;
    if (status === 422 && what === 'token request') return new TokenRequestError(propertyErrors, globalErrors, requestId, refused);
    const said = typeof body.message === 'string' && body.message ? `: ${redact(body.message)}` : '';
    const found = first ? ` (${redact(first)})` : '';
    const message = status === 401
      ? 'the merchant API refused the credentials (merchantId, apiKey)'
      : status === 403 ? `these credentials may not do this${said}`
        : status === 422 ? refused : `the merchant API answered HTTP ${status}${said}${found}`;
    return new MerchantApiError(CODES[status] ?? 'HTTP_ERROR', message, status, { requestId, propertyErrors, globalErrors });
  }

  /** One try: the answer's JSON (undefined for an empty body) and headers, or a `MerchantApiError`. */
  async function once(method: string, url: URL, body: unknown, what: string, raw: boolean): Promise<Answer> {
    const timedOut = (error: unknown) => error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const timeout = (status: number | null, cause: unknown) =>
      new MerchantApiError('TIMEOUT', `the merchant API did not answer within ${timeoutMs} ms`, status, { cause });
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), accept: raw ? '*/*' : 'application/json', authorization },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw timedOut(error) ? timeout(null, error) : new MerchantApiError('NETWORK', 'the merchant API could not be reached', null, { cause: error });
    }
    const { status, headers } = response;
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw timedOut(error) ? timeout(status, error) : new MerchantApiError('NETWORK', 'the answer was cut off', status, { cause: error });
    }
    if (raw && status >= 200 && status < 300) return { json: bytes, headers };
    const text = new TextDecoder().decode(bytes);
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      if (status < 300) throw new MerchantApiError('BAD_RESPONSE', `the merchant API answered HTTP ${status} with a body that is not JSON`, status);
    }
    if (status < 200 || status >= 300) throw failure(status, json, headers, what);
    return { json, headers };
  }

  /** A call, tried again after a network error or a 5xx (not 501) unless it is a POST. */
  async function request(method: string, path: string, body?: unknown, query: object = {}, what = 'request', raw = false): Promise<Answer> {
    const url = new URL(`merchant/${apiVersion}/${path}`, base);
    for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await once(method, url, body, what, raw);
      } catch (error) {
        const { code, status } = error as MerchantApiError;
        const transient = code === 'NETWORK' || (status !== null && status >= 500 && status !== 501);
        if (method === 'POST' || attempt >= maxRetries || !transient) throw error;
        await sleep(200 * 2 ** attempt * (0.5 + Math.random()));
      }
    }
  }

  function listing(path: string, query: { offset?: number; limit?: number } = {}): Listing<unknown> {
    async function page(range: { offset?: number; limit?: number } = {}): Promise<Page<unknown>> {
      const { json, headers } = await request('GET', path, undefined, { ...query, ...range });
      // An array, or the users list's `{data, recordsTotal}`.
      const items = Array.isArray(json) ? json : (json as { data?: unknown } | undefined)?.data;
      if (!Array.isArray(items)) throw new MerchantApiError('BAD_RESPONSE', 'the merchant API answered a list without its entries', 200);
      const total = Number(headers.get('x-total-count') ?? (json as { recordsTotal?: unknown }).recordsTotal);
      return { items, total: Number.isFinite(total) ? total : (range.offset ?? query.offset ?? 0) + items.length };
    }
    return {
      page,
      async *[Symbol.asyncIterator]() {
        const limit = query.limit ?? 100;
        for (let offset = query.offset ?? 0; ; ) {
          const { items, total } = await page({ offset, limit });
          yield* items;
          offset += items.length;
          if (items.length === 0 || offset >= total) return;
        }
      },
    };
  }

  /**
   * The methods of a table: each fills its path's `:` with its arguments, then sends the next one.
   * A bad path argument is refused before any request: as a rejection, or thrown by a list.
   */
  const methods = (table: Table): Record<string, unknown> =>
    Object.fromEntries(Object.entries(table).map(([name, row]) => {
      if (typeof row !== 'string') return [name, methods(row)];
      const [verb, template] = row.split(' ') as [string, string];
      return [name, (...args: unknown[]) => {
        let next = 0;
        let path: string;
        try {
          path = template.replace(/([^/]*)\/[$:]/g, (_all, before: string, at: number) => {
            const mark = template[at + before.length + 1];
            return `${before}/${mark === '$' ? merchantId : pathArgument(before, args[next++])}`;
          });
        } catch (error) {
          if (verb === 'LIST') throw error;
          return Promise.reject(error);
        }
        const last = args[next] as object | undefined;
        if (verb === 'LIST') return listing(path, last);
        return request(verb, path, last).then(({ json }) => json);
      }];
    }));

  const client = methods(TABLE) as unknown as Omit<MerchantClient<V>, 'createToken'>;
  return {
    ...client,
    reports: {
      ...client.reports,
      download: (format, query = {}) => format === 'csv' || format === 'xls'
        ? request('GET', `merchants/${merchantId}/reports/transactions/search.${format}`, undefined, query, 'report request', true).then(({ json }) => json as Buffer)
        : Promise.reject(new PayUIError('INVALID_OPTION', "must be 'csv' or 'xls'", 'format')),
    },
    async createToken(body) {
      const { json } = await request('POST', `merchants/${merchantId}/token`, body, {}, 'token request');
      const token = (json as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token === '') throw new MerchantApiError('BAD_RESPONSE', 'the merchant API answered without a token', 200);
      return { token };
    },
  };
}
