/**
 * payui-mock's typed client of the service's own `/mock/…` additions (DESIGN.md §8b): one method
 * per operation of mock/openapi.json marked `x-payui-offline`, named by its operationId, taking its
 * path parameters, query and body, and answering its 2xx body (typed by mock/client-types.d.ts,
 * generated from the same document; declared in mock/index.d.ts). A test writes no fetch wrapper.
 */
import document from './spec/openapi.json' with { type: 'json' };
import type { createMockClient as Declared, MockApiError as DeclaredError, MockClient, MockOperationId } from './index';

interface Route {
  method: string;
  path: string;
}

/** operationId → method and path template, read from the document once. */
const ROUTES: Map<string, Route> = new Map(
  Object.entries(document.paths as Record<string, Record<string, { operationId?: string; 'x-payui-offline'?: boolean }>>).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) => (op?.['x-payui-offline'] === true && op.operationId ? [[op.operationId, { method: method.toUpperCase(), path }] as const] : [])),
  ),
);

export class MockApiError extends Error implements DeclaredError {
  override name = 'MockApiError';
  constructor(readonly operation: string, readonly status: number, readonly body: unknown) {
    const message = typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : `HTTP ${status}`;
    super(`${operation}: ${status} ${message}`);
  }
}

interface Args {
  path?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

function address(baseUrl: string, operation: string, route: Route, args: Args): URL {
  const path = route.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const value = args.path?.[name];
    if (value === undefined || value === '') throw new TypeError(`${operation}: path.${name} is required`);
    return encodeURIComponent(String(value));
  });
  const url = new URL(path, baseUrl);
  for (const [name, value] of Object.entries(args.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
  return url;
}

export const createMockClient: typeof Declared = (baseUrl, credentials) => {
  const authorization = credentials ? `Basic ${Buffer.from(`${credentials.merchantId}:${credentials.apiKey}`).toString('base64')}` : undefined;
  const call = async (operation: string, args: Args = {}): Promise<unknown> => {
    const route = ROUTES.get(operation)!;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (authorization) headers.authorization = authorization;
    if (args.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(address(baseUrl, operation, route, args), { method: route.method, headers, body: args.body === undefined ? undefined : JSON.stringify(args.body) });
    const text = await response.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new MockApiError(operation, response.status, body);
    return body;
  };
  const client = {
    baseUrl,
    merchantId: credentials?.merchantId ?? null,
    as: (next: { merchantId: number; apiKey: string }) => createMockClient(baseUrl, next),
  } as Record<string, unknown>;
  for (const operation of ROUTES.keys()) client[operation] = (args?: Args) => call(operation, args);
  return client as MockClient;
};

/** Every operation the client has (for tests: each operationId of the document's additions). */
export const mockOperations = (): MockOperationId[] => [...ROUTES.keys()] as MockOperationId[];
