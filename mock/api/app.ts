/**
 * The merchant API (and the service's own `/mock/…` calls) as a Fastify app whose routes are the
 * operations of `mock/spec/openapi.json`: each is registered from the document, its parameters and body
 * checked by the document's schemas (mock/spec/validators.ts), its credentials by its `security`,
 * and answered by the handler of the same `operationId`: the handlers are a record typed by the
 * document's operation ids (`OperationId`, from the kit's generated types), so a missing or renamed
 * one is a compile error, and an app is not made without one. Every error, Fastify's own included,
 * is the service's error body.
 *
 * Why Fastify: it routes, parses and limits bodies, and validates with Ajv (which reads OpenAPI
 * 3.1's JSON Schema as it is), so the document is the one rule book and the code is handlers only.
 */
import type { RequestListener } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from 'payui-embed/server';
import type { ValidateFunction } from 'ajv';
import type { ExtendedMessage } from '../spec/errors';
import { ApiError, createServiceApp, fieldError, requestError, STATUS_TEXT } from '../http/service-app';
import { createValidators, extendedMessage, pointerPart } from '../spec/validators';
import { authenticate, DECIMAL_ID } from './auth';
import { createGuesses, type Guesses } from './guesses';
import { type Fault, type Faults } from '../store/fault-rules';
import type { CallerRecord } from '../store/sandboxes';
import type { PageAsked } from '../store/pages';
import { clockAt } from '../store/clock';
import type { Sql } from '../store/database';
import { faultOfHeader } from './fault-header';
import { inputProblem } from '../lib/input';
import { createAnswerJudge } from '../spec/answers';
import { judgedListener, markFaulted } from '../http/answer-watch';

/** `make()` once, at the first call. */
const lazy = (make: () => ValidateFunction): (() => ValidateFunction) => {
  let made: ValidateFunction | undefined;
  return () => (made ??= make());
};

export const MAX_BODY_BYTES = 1024 * 1024;
/** How long after an app is up it compiles what its first requests would (`warm`). */
export const WARM_AFTER_MS = 250;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export { ApiError, fieldError };

/**
 * What the database holds for the merchant Basic credentials name (its key, whether it has fault
 * rules, the owner of the project `projectId` when given, its projects with `withProjects`, the
 * list's `page` the operation will read), read in one statement; undefined when there is no such merchant.
 */
export type Callers = (merchantId: number, projectId?: number, withProjects?: boolean, page?: PageAsked) => Promise<CallerRecord | undefined>;

/** The tries of each service's credentials (one `Callers` function a service). */
const guessesOf = new WeakMap<Callers, Guesses>();

/** A request's merchant, once its credentials were checked, and what was read of it with them. */
const signedIn = new WeakMap<FastifyRequest, { merchantId: number; caller: CallerRecord; projectId: number | undefined }>();

/** The API key of the merchant whose credentials the request carried (checked): no second read of it. */
export const signedInKey = (request: FastifyRequest): string | undefined => signedIn.get(request)?.caller.apiKey;

/** The merchant id Basic credentials name, checked or not: whose key a wrong one guesses at. */
function claimedMerchant(header: string | undefined): string | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  const text = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
  return /^[1-9][0-9]{0,15}:/.exec(text)?.[0] ?? null;
}

/**
 * The merchant whose Basic credentials the request carries; else 401 asking for them, or 429
 * when too many wrong keys were tried for that merchant within a minute (mock/api/guesses.ts). The
 * right key always gets in: a stranger's wrong keys never lock the merchant's backend out.
 */
export async function merchantOf(request: FastifyRequest, callers: Callers, withProjects = false, page?: PageAsked): Promise<number> {
  const known = signedIn.get(request);
  if (known !== undefined) return known.merchantId;
  let guesses = guessesOf.get(callers);
  if (!guesses) guessesOf.set(callers, (guesses = createGuesses()));
  const tooMany = (wait: number) =>
    new ApiError(429, `Too Many Requests: too many wrong API keys for this merchant within a minute; try again in ${wait} s`, null, { 'retry-after': String(wait) });
  // The path's project (a plain decimal id) is read with the key: its owner is what authorize asks next.
  const named = (request.params as Record<string, string> | undefined)?.project_id;
  const projectId = named !== undefined && DECIMAL_ID.test(named) ? Number(named) : undefined;
  let caller: CallerRecord | undefined;
  const merchantId = await authenticate(request.headers.authorization, async (id) => (caller = await callers(id, projectId, withProjects, page))?.apiKey);
  // Judged, then a wrong one counted in the same step: the wrong ones sent at once are counted one
  // by one, and once the limit is reached each is 429 until the minute has passed.
  // The merchant claimed is told only for wrong credentials (the right ones are decoded once).
  const claimed = merchantId === null ? claimedMerchant(request.headers.authorization) : null;
  const after = claimed === null ? 0 : guesses.wrong(claimed);
  if (after > 0) throw tooMany(after);
  if (merchantId === null) throw new ApiError(401, 'Unauthorized: send Basic credentials merchant_id:api_key', null, { 'www-authenticate': 'Basic realm="payui offline merchant API"' });
  signedIn.set(request, { merchantId, caller: caller!, projectId });
  return merchantId;
}

/**
 * A request a page of another site made, with the Basic credentials the browser kept for this
 * origin (after the merchant signed in to a page of ours): Fetch Metadata says so, or, in a browser
 * without it, an Origin that is not this service's. A backend sends neither.
 */
function fromAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true; // `null` (an opaque origin) and anything else unreadable
  }
}

const NO_READS: ReadonlyMap<string, unknown> = new Map();

const forbiddenProject = (projectId: unknown, merchantId: number) => new ApiError(403, `Forbidden: project ${projectId} is not merchant ${merchantId}'s`);


export interface Call<Context> {
  operationId: string;
  /** Path parameters (ids as the decimal text they were sent as). */
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** The merchant whose credentials came, for operations that need them. */
  merchantId: number;
  /** `v1` or `v2` for merchant paths. */
  version: string;
  context: Context;
  request: FastifyRequest;
  /**
   * Milliseconds since the epoch by the clock of the call's merchant: read in the transaction of
   * `sql` when one is open; else as read with the request's credentials (no statement of its own),
   * or, for a call without them, by a statement of its own.
   */
  now(sql?: Sql): Promise<number>;
  /**
   * What was read with the credentials for the operation (a page, `readsPage`; the merchant's
   * projects, `readsProjects`), by the keys of the
   * reads it saves: given to them by `withReads` (store/read-cache.ts). Empty when nothing was.
   */
  reads: ReadonlyMap<string, unknown>;
}

export interface Answer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string | number>;
  /** The body as JSON text already (a remembered answer's, `rememberedAnswer`): sent as it is, not serialised again. */
  json?: string;
}

export type Operation<Context> = ((call: Call<Context>) => Promise<Answer> | Answer) & {
  /**
   * Checks of the body beyond its schema (against the catalogue, …), reported with the schema's
   * findings in one 422: every failing field at once.
   */
  check?: (call: Call<Context>) => Promise<ExtendedMessage | null> | ExtendedMessage | null;
  /**
   * The handler runs `check` itself, in its transaction under the record's lock (what a check before
   * the lock read may change meanwhile): before the handler `check` runs only when the schema found
   * something, so that every failing field is still answered in one 422.
   */
  checkedInside?: boolean;
  /**
   * The operation looks up the merchant's projects (a token's `settings.project_id`): they are read
   * with the credentials, in the same statement (`Call.reads`), not by one of their own.
   */
  readsProjects?: boolean;
  /**
   * The page of a list the operation will read, told from the path and the query as sent (before
   * they are checked): read with the credentials, in the same statement (`Call.reads`); the
   * operation takes it only when it asks for exactly that page.
   */
  readsPage?: (params: Record<string, string>, query: Record<string, unknown>) => PageAsked | undefined;
};

/** The `operationId` of every operation of `mock/spec/openapi.json`. */
export type OperationId = keyof operations;

/** A handler for every operation of the document, by its `operationId`. */
export type Handlers<Context> = { readonly [Id in OperationId]: Operation<Context> };

export interface ApiOptions<Context> {
  document: OpenApiDocument;
  operations: Handlers<Context>;
  context: Context;
  callers: Callers;
  /** Merchant `merchantId`'s clock now, read in the transaction of `sql`, or (undefined) by a statement of its own. */
  clock: (merchantId: number, sql: Sql | undefined) => Promise<number>;
  /** The merchant a project belongs to, or undefined when there is no such project (a query's `project_id`). */
  projectOwner: (projectId: number) => Promise<number | undefined>;
  /** The merchants' fault rules (`/mock/faults`); none: only the `X-Payui-Mock-Fault` header fails a request. */
  faults?: Faults;
  /** Extra routes of the same origin (pages, files), registered as they are. */
  extra?: (app: FastifyInstance) => void;
  /**
   * Paths under this prefix (`/api/`) answer CORS from any origin with credentials allowed, their
   * preflight (OPTIONS) included: browser SDKs on game pages call them. Other paths send no CORS.
   */
  corsPrefix?: string;
  /**
   * Work a first request would otherwise wait for, done once the app is up, in the background:
   * the validators of these operations (compiled at an operation's first request otherwise), and
   * `also` (issue 46 item 12: a new service's first sandbox took 0.8–2 s, the next 20–60 ms).
   */
  warm?: { operations: string[]; also?: () => Promise<unknown> };
}

interface Parameter { name: string; in: string; required?: boolean; schema?: object }
interface OperationObject { operationId: string; parameters?: (Parameter | { $ref: string })[]; requestBody?: { required?: boolean; content?: Record<string, { schema?: object }> }; security?: object[] }
export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: { parameters?: Record<string, Parameter> };
  security?: object[];
}


/** Sets of 422 findings as one (the body of the 422 of a check). */
export function mergeFindings(...sets: (ExtendedMessage | null)[]): ExtendedMessage {
  const merged: ExtendedMessage = { global_errors: [], property_errors: Object.create(null) as Record<string, string[]> };
  for (const set of sets) {
    if (!set) continue;
    merged.global_errors.push(...set.global_errors);
    for (const [path, messages] of Object.entries(set.property_errors)) {
      const known = (merged.property_errors[path] ??= []);
      for (const message of messages) if (!known.includes(message)) known.push(message);
    }
  }
  return merged;
}

/** 422 at the first place of a query or body that no request may hold (mock/lib/input.ts). */
function refuseInput(value: unknown): void {
  const problem = inputProblem(value);
  if (problem) throw fieldError(problem.path, problem.message);
}

/** `/merchant/{version}/projects/{project_id}` → a test of concrete paths, for 405's `Allow`. */
const pathTest = (path: string) => new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}/?$`);

export async function createApiApp<Context>(options: ApiOptions<Context>): Promise<{ app: FastifyInstance; listener: RequestListener }> {
  const { document } = options;
  const validators = createValidators(document);
  const { app, listener, closing } = createServiceApp({ bodyLimit: MAX_BODY_BYTES });
  /** operationId → compiles its validators. */
  const warmers = new Map<string, () => unknown>();
  const { corsPrefix } = options;
  // A hook that calls back (not async: no promise a request), and only in an app with CORS paths.
  // A preflight it answers goes no further (done is not called).
  if (corsPrefix) {
    app.addHook('onRequest', (request, reply, done) => {
      if (!request.url.startsWith(corsPrefix) || !cors(request, reply)) done();
    });
  }

  /** CORS for any origin, credentials allowed; a preflight is answered here (true). */
  function cors(request: FastifyRequest, reply: FastifyReply): boolean {
    const origin = request.headers.origin;
    reply.header('vary', 'Origin');
    if (!origin) return false;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('access-control-expose-headers', 'X-Request-Id, Retry-After');
    const method = request.headers['access-control-request-method'];
    if (request.method !== 'OPTIONS' || !method) return false;
    const pathname = request.url.split('?')[0]!;
    const route = allowed.find((r) => r.test.test(pathname));
    if (!route) return false;
    const headers = request.headers['access-control-request-headers'];
    reply.header('access-control-allow-methods', route.methods.join(', '));
    reply.header('access-control-allow-headers', typeof headers === 'string' && /^[A-Za-z0-9-]+(\s*,\s*[A-Za-z0-9-]+)*$/.test(headers) ? headers : 'Content-Type');
    reply.header('access-control-max-age', '600');
    void reply.code(204).send();
    return true;
  }

  const allowed: { test: RegExp; methods: string[] }[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const methods: string[] = [];
    for (const method of METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      methods.push(method.toUpperCase());
      register(path, method, operation, (item.parameters as Parameter[] | undefined) ?? []);
    }
    allowed.push({ test: pathTest(path), methods });
  }

  function resolveParameter(p: Parameter | { $ref: string }): Parameter {
    if (!('$ref' in p)) return p;
    const name = p.$ref.split('/').pop()!;
    return document.components!.parameters![name]!;
  }

  function register(path: string, method: string, operation: OperationObject, shared: (Parameter | { $ref: string })[]) {
    const pointer = `#/paths/${pointerPart(path)}/${method}`;
    const parameters = [...shared, ...(operation.parameters ?? [])].map(resolveParameter);
    const objectOf = (where: string) => {
      const own = parameters.filter((p) => p.in === where);
      return {
        type: 'object',
        properties: Object.fromEntries(own.map((p) => [p.name, p.schema ?? {}])),
        required: own.filter((p) => p.required || where === 'path').map((p) => p.name),
      };
    };
    // Compiled at the operation's first request, not at start: a start compiles none of the ~80
    // operations' validators (openapi.test.ts compiles every one of them).
    const compileObject = (where: string, part: 'query' | 'params') => lazy(() => validators.compileSchema(objectOf(where), part));
    const params = compileObject('path', 'params');
    const query = compileObject('query', 'query');
    const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
    const bodyRequired = operation.requestBody?.required === true;
    const body = bodySchema ? lazy(() => validators.compile(`${pointer}/requestBody/content/application~1json/schema`, 'body')) : null;
    const secured = (operation.security ?? document.security ?? []).some((s) => Object.keys(s).length > 0);
    const handler = (options.operations as Readonly<Record<string, Operation<Context> | undefined>>)[operation.operationId];
    // Typed out by Handlers; a document given at run time (not the one the types come from) could still name another.
    if (!handler) throw new Error(`${operation.operationId} (${method.toUpperCase()} ${path}) is in the document but has no handler`);
    warmers.set(operation.operationId, () => [params(), query(), body?.()]);
    app.route({
      method: method.toUpperCase() as 'GET',
      url: path.replace(/\{([^}]+)\}/g, ':$1'),
      // Credentials before the body is read: a caller who is not signed in learns nothing of it (no 400, 413 or 415).
      ...(secured ? { onRequest: async (request: FastifyRequest) => void (await merchantOf(request, options.callers, handler.readsProjects === true, handler.readsPage?.(request.params as Record<string, string>, request.query as Record<string, unknown>))) } : {}),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const asked = faultOfHeader(request.headers['x-payui-mock-fault']);
        if (typeof asked === 'string') throw fieldError('X-Payui-Mock-Fault', asked);
        if (asked && (await fail(asked, request, reply))) return reply;
        const rawParams = { ...(request.params as Record<string, string>) };
        if (inputProblem(rawParams) || !params()(rawParams)) throw new ApiError(404, 'Not Found');
        if (secured && request.method !== 'GET' && request.method !== 'HEAD' && fromAnotherSite(request)) {
          throw new ApiError(403, 'Forbidden: the merchant API takes no change from a page of another site (a browser sends the credentials it kept); call it from your backend');
        }
        // The service's own changes that take no credentials (a sandbox, a headless payment): from a
        // test or a backend, or a page of this origin (the console), never a page of another site,
        // which any web page the developer opens could be.
        if (!secured && path.startsWith('/mock/') && request.method !== 'GET' && request.method !== 'HEAD' && fromAnotherSite(request)) {
          throw new ApiError(403, `Forbidden: ${path} takes no change from a page of another site; call it from your tests or your backend`);
        }
        const merchantId = secured ? await authorize(rawParams, request) : 0;
        const rawQuery = { ...(request.query as Record<string, unknown>) };
        const queryValid = query();
        if (!queryValid(rawQuery)) throw new ApiError(422, 'Unprocessable Entity', extendedMessage(queryValid.errors ?? [], rawQuery, document));
        // Checked as coerced from text (`1e309` read as Infinity), with the strings as sent.
        refuseInput(rawQuery);
        refuseInput(request.body);
        if (secured) await checkQueryProject(rawQuery, merchantId);
        // A merchant's rules are matched only when it has one: most requests meet none, and need no write.
        const ruled = secured && signedIn.get(request)?.caller.faultRules ? await options.faults?.take(merchantId, operation.operationId, request.method, path) : null;
        if (ruled && (await fail(ruled, request, reply))) return reply;
        const call: Call<Context> = {
          operationId: operation.operationId,
          params: request.params as Record<string, string>,
          query: rawQuery,
          body: request.body,
          merchantId,
          version: (request.params as Record<string, string>).version ?? (/^\/merchant\/(v\d)\//.exec(request.url)?.[1] ?? ''),
          context: options.context,
          request,
          reads: (secured && signedIn.get(request)?.caller.reads) || NO_READS,
          now: async (sql) => {
            const known = sql ? undefined : signedIn.get(request);
            return known?.merchantId === merchantId ? clockAt(known.caller.clockOffset).now : options.clock(merchantId, sql);
          },
        };
        const bodyValid = body?.();
        const schemaFindings = bodyValid && (bodyRequired || request.body !== undefined) && !bodyValid(request.body)
          ? extendedMessage(bodyValid.errors ?? [], request.body, document) : null;
        const ownFindings = handler.check && (schemaFindings || !handler.checkedInside) ? await handler.check(call) : null;
        if (schemaFindings || ownFindings) throw new ApiError(422, 'Unprocessable Entity', mergeFindings(schemaFindings, ownFindings));
        const answer = await handler(call);
        reply.code(answer.status ?? 200);
        for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
        if (answer.json !== undefined) return reply.type('application/json; charset=utf-8').send(answer.json);
        if (answer.body === undefined) return reply.send();
        if (typeof answer.body === 'string' || Buffer.isBuffer(answer.body)) return reply.send(answer.body);
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer.body));
      },
    });
  }

  /**
   * A fault asked for: waits its latency, then closes the connection (`drop`) or answers its status
   * (true: the request is answered), or lets the request go on (a latency alone: false). A stop
   * in the middle of the latency drops the request there: nothing of it runs once the service stops.
   */
  async function fail(fault: Fault, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (fault.latencyMs > 0) await waitUnlessClosing(fault.latencyMs);
    if (fault.drop || closing.aborted) {
      reply.hijack();
      request.raw.socket.destroy();
      return true;
    }
    if (fault.status === null) return false;
    // openapi.json's `default` response is a fault's (the check of the service's tests knows it).
    markFaulted(reply.raw);
    const body = fault.body !== undefined ? fault.body : requestError(request, fault.status, `${STATUS_TEXT[fault.status] ?? 'Error'}: a fault asked for (/mock/faults or X-Payui-Mock-Fault)`);
    await reply.code(fault.status).type('application/json; charset=utf-8').send(JSON.stringify(body));
    return true;
  }

  function waitUnlessClosing(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const ended = () => {
        clearTimeout(timer);
        closing.removeEventListener('abort', ended);
        resolve();
      };
      const timer = setTimeout(ended, ms);
      closing.addEventListener('abort', ended);
    });
  }

  /** Basic credentials of a merchant, who must own the merchant and project the path names. */
  async function authorize(params: Record<string, string>, request: FastifyRequest): Promise<number> {
    const merchantId = await merchantOf(request, options.callers);
    if (params.merchant_id !== undefined && params.merchant_id !== String(merchantId)) {
      throw new ApiError(403, `Forbidden: these credentials are for merchant ${merchantId}`);
    }
    if (params.project_id !== undefined) {
      const signed = signedIn.get(request);
      const projectId = Number(params.project_id);
      // Read with the credentials (merchantOf); else (not a plain decimal id there) now.
      const owner = signed?.projectId === projectId ? signed.caller.projectOwner : await options.projectOwner(projectId);
      if (owner === undefined) throw new ApiError(404, `Not Found: no project ${params.project_id}`);
      if (owner !== merchantId) throw forbiddenProject(params.project_id, merchantId);
    }
    return merchantId;
  }

  /** A `project_id` filter of the query names one of the merchant's projects: another's is 403, none 422 at it. */
  async function checkQueryProject(query: Record<string, unknown>, merchantId: number): Promise<void> {
    if (typeof query.project_id !== 'number') return;
    const owner = await options.projectOwner(query.project_id);
    if (owner === undefined) throw fieldError('project_id', `no project ${query.project_id}`);
    if (owner !== merchantId) throw forbiddenProject(query.project_id, merchantId);
  }

  options.extra?.(app);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const route = allowed.find((r) => r.test.test(pathname));
    if (route && !route.methods.includes(request.method)) {
      reply.header('allow', route.methods.join(', '));
      return reply.code(405).send(requestError(request, 405, `Method Not Allowed: ${pathname} answers ${route.methods.join(', ')}`));
    }
    return reply.code(404).send(requestError(request, 404, 'Not Found'));
  });

  // The service's tests (issue 46 item 15): every answer it writes, the listener's own too, is
  // checked against the operation's responses (mock/http/answer-watch.ts).
  const ready = judgedListener(await listener(), () => createAnswerJudge(document, validators, 'merchant API'));
  if (options.warm) {
    const { operations, also } = options.warm;
    // A moment after the start, not at once: begun in the start's next turn, its 150–220 ms of CPU
    // came before the service's first answer (issue 48 item 3). A request that comes first compiles
    // what it needs itself. The validators and the seed's checks go in two turns, a request between.
    setTimeout(() => {
      if (closing.aborted) return;
      for (const id of operations) warmers.get(id)?.();
      setImmediate(() => void (closing.aborted ? undefined : also?.().catch(() => undefined))).unref();
    }, WARM_AFTER_MS).unref();
  }
  return { app, listener: ready };
}


