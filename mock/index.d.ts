/**
 * `payui-mock` from code (DESIGN.md §8b): the offline payment service started and stopped by a
 * merchant's own test suite. The declarations are written here, by hand, and the implementation
 * (mock/app/start.ts, mock/client.ts) is typed by them, so the two cannot drift (test/types/payui-mock.ts).
 */
import type { components as MockComponents, operations as MockOperations } from './client-types.js';

export type { MockComponents, MockOperations };

export interface PayuiMockOptions {
  /** Where the state is kept; absent: in memory, gone after `stop()`, nothing written anywhere. */
  dataDir?: string;
  /**
   * A Postgres server's database to keep the state in instead (`postgres://user:password@host/db`,
   * an empty database the role owns: its schema is made). Several services may share one.
   */
  databaseUrl?: string;
  /** Ports of the three servers; absent or 0: a free port the system chooses. */
  ports?: { merchantApi?: number; live?: number; sandbox?: number };
  /** Webhook settings of the demo projects from the start (the merchant API can change them). */
  webhook?: { url: string; secret?: string; variant?: 'combined' | 'separate' };
  /** Where the service's lines go: `true` the console; a function takes each line. Default: nothing is printed. */
  log?: boolean | ((line: string) => void);
}

export interface PayuiMock {
  /** The merchant API's origin, e.g. `http://localhost:41234` (the Login API and the console too). */
  merchantApiUrl: string;
  /** The payment UI's live address, e.g. `http://localhost:41235/`. */
  liveUrl: string;
  /** The payment UI's sandbox address. */
  sandboxUrl: string;
  /** The demo merchant: Basic credentials `merchantId:apiKey` and its projects. */
  merchant: { merchantId: number; apiKey: string; projectIds: number[] };
  /** A typed client of the service's `/mock/…` additions, with the demo merchant's credentials. */
  client: MockClient;
  /**
   * A new sandbox (`POST /mock/sandboxes`): a merchant of its own — projects, clock, payments,
   * users, webhooks — seeded with the demo catalogue (`seed: 'empty'` none, or an export document).
   */
  sandbox(options?: { seed?: 'demo' | 'empty' | object }): Promise<PayuiSandbox>;
  /** Ends every server and closes the database; resolves when done. A second call does nothing more. */
  stop(): Promise<void>;
}

export interface PayuiSandbox {
  /** Basic credentials `merchantId:apiKey` of the sandbox's merchant. */
  merchantId: number;
  apiKey: string;
  /** Its projects (copies of the seed's, new ids) and Login projects. */
  projectIds: number[];
  loginProjectIds: string[];
  /** The typed client with its credentials. */
  client: MockClient;
}

/** An operation of the `/mock/…` additions, by its operationId in openapi.json. */
export type MockOperationId = keyof MockOperations;

type ParamsOf<O extends MockOperationId> = MockOperations[O]['parameters'];
type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : undefined;
type ResponsesOf<O extends MockOperationId> = MockOperations[O]['responses'];

/** What an operation takes: its path parameters (numbers too), its query, its JSON body. */
export type MockArgs<O extends MockOperationId> =
  (ParamsOf<O> extends { path: infer P } ? { path: { [K in keyof P]: P[K] | number } } : {}) &
  (ParamsOf<O> extends { query?: infer Q } ? ([Q] extends [never] ? {} : [Q] extends [undefined] ? {} : { query?: Q }) : {}) &
  (MockOperations[O] extends { requestBody: { content: { 'application/json': infer B } } } ? { body: B }
    : MockOperations[O] extends { requestBody?: { content: { 'application/json': infer B } } } ? { body?: B } : {});

/** What an operation answers when it succeeds (its 2xx body; `undefined` for 204). */
export type MockAnswer<O extends MockOperationId> = JsonOf<ResponsesOf<O>[Extract<keyof ResponsesOf<O>, 200 | 201 | 202 | 204>]>;

/**
 * One method per operation of the `/mock/…` additions, named by its operationId: e.g.
 * `createSandbox({ body: { seed: 'empty' } })`, `moveClock({ body: { advance: 'P1M' } })`,
 * `listWebhookLog({ query: { type: 'order_paid', wait: 5000 } })`. A non-2xx answer throws `MockApiError`.
 */
export type MockClient = {
  [O in MockOperationId]: {} extends MockArgs<O> ? (args?: MockArgs<O>) => Promise<MockAnswer<O>> : (args: MockArgs<O>) => Promise<MockAnswer<O>>;
} & {
  /** The merchant API's origin it calls. */
  readonly baseUrl: string;
  /** The merchant whose credentials it sends, or null (none: `createSandbox` and `createPayment` need none). */
  readonly merchantId: number | null;
  /** The same client with another merchant's credentials. */
  as(credentials: { merchantId: number; apiKey: string }): MockClient;
};

/** A typed client of the service at `baseUrl` (its merchant API origin), with a merchant's Basic credentials or none. */
export declare function createMockClient(baseUrl: string, credentials?: { merchantId: number; apiKey: string }): MockClient;

/** A `/mock/…` call that did not succeed: the operation, the status and the service's error body. */
export declare class MockApiError extends Error {
  readonly operation: string;
  readonly status: number;
  readonly body: unknown;
}

/** Starts the offline service: resolves once every server answers. */
export declare function startPayuiMock(options?: PayuiMockOptions): Promise<PayuiMock>;
