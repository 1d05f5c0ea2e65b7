/**
 * The service's one HTTP stack: a Fastify app as each of its origins has it (the merchant API,
 * the payment UI live and sandbox). Every request gets an id (`X-Request-Id`) and `no-store`;
 * bodies are JSON only (anything else with a body is 415), at most `bodyLimit` bytes; and one error
 * handler answers every failure — an `ApiError` a route throws, Fastify's own (a bad address, a
 * body over the limit), anything unexpected (500, logged without its message) — in the service's
 * body (service-error.ts). The loopback server (listen.ts) owns the sockets; the app only answers.
 */
import { createServer, type RequestListener } from 'node:http';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ExtendedMessage } from '../spec/errors';
import { refuseBody } from './answer';
import type { JudgedListener } from './answer-watch';
import { errorBody, serviceShape, type ServiceErrorBody } from './service-error';

/** An answer other than success, in the service's error shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extended: ExtendedMessage | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** 422 naming one field. */
export const fieldError = (path: string, message: string, status = 422) =>
  new ApiError(status, status === 409 ? 'Conflict' : 'Unprocessable Entity', { global_errors: [], property_errors: { [path]: [message] } });

export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 408: 'Request Timeout',
  409: 'Conflict', 413: 'Payload Too Large', 415: 'Unsupported Media Type', 422: 'Unprocessable Entity', 500: 'Internal Server Error', 501: 'Not Implemented',
};

/** The service's error body for this request (its id is the request's). */
export const requestError = (request: FastifyRequest, status: number, message: string, extended: ExtendedMessage | null = null): ServiceErrorBody =>
  errorBody(status, message, extended, request.id);

/**
 * A 500's line in the log: where, the request's id and the error's kind and stack frames, but not
 * its message nor its fields, nor the query (the payment UI's carries the token): a database error
 * carries the query's parameters (a webhook secret, a player's password hash) in them and often
 * quotes a value in its message.
 */
function logFailure(request: FastifyRequest, error: Error & { code?: unknown }): void {
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).join('\n');
  const code = typeof error.code === 'string' && /^[A-Z0-9_]{1,40}$/.test(error.code) ? ` ${error.code}` : '';
  const route = request.routeOptions.url ?? request.url.split('?')[0];
  console.error(`payui-mock: 500 for ${request.method} ${route} (request ${request.id}): ${error.name}${code}\n${frames}`);
}

export interface ServiceApp {
  app: FastifyInstance;
  /** The app as a `node:http` listener, once it is ready. */
  listener(): Promise<DrainingListener>;
  /** Aborted when the service stops: what holds a request on purpose (a fault's latency) lets it go. */
  closing: AbortSignal;
}

/**
 * A listener that can say when its work is over: `drain()` aborts `closing` and resolves once every
 * request's handler (and route hook) has ended, so the database is closed under none of them.
 */
export type DrainingListener = JudgedListener;

type Step = (this: unknown, ...args: never[]) => unknown;

/** The compilers of a service app: a route with a schema is a mistake of ours, said at its registration. */
const noSchemas = () => () => {
  throw new Error('payui-mock: a route of the service was given a schema; it checks its own input (mock/spec/validators.ts)');
};

export function createServiceApp({ bodyLimit }: { bodyLimit: number }): ServiceApp {
  let listener: DrainingListener | undefined;
  const closing = new AbortController();
  /** How many handlers and route hooks are under way: stop waits for none to be (DrainingListener). */
  let running = 0;
  /** What drains wait on, resolved when `running` comes to 0. */
  let idle: { promise: Promise<void>; resolve: () => void } | undefined;
  const ended = () => {
    running -= 1;
    if (running === 0 && idle) {
      idle.resolve();
      idle = undefined;
    }
  };
  const tracked = <F extends Step>(step: F): F => function (this: unknown, ...args: never[]) {
    const done = Promise.resolve(step.apply(this, args));
    running += 1;
    void done.then(ended, ended);
    return done;
  } as F;
  const app = Fastify({
    bodyLimit,
    genReqId: () => randomUUID(),
    serverFactory: (handler) => {
      listener = handler as RequestListener;
      return createServer(handler);
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // No route gives Fastify a schema: the service checks its input itself (mock/spec/validators.ts)
    // and writes its own JSON. Without compilers of our own, every start loaded Fastify's (its Ajv
    // and fast-json-stringify) for nothing: ~40 ms of a start's CPU (issue 48 item 3).
    schemaController: { compilersFactory: { buildValidator: noSchemas, buildSerializer: noSchemas } },
    // A path with a % escape that is not UTF-8, or a part over 200 characters, names nothing here:
    // 404 in the service's body (Fastify's own was a 400 or 414 in a body of its own, issue 46 item 15).
    frameworkErrors: (_error, request, reply) =>
      (reply as unknown as FastifyReply).code(404).header('x-request-id', request.id).header('cache-control', 'no-store')
        .send(requestError(request as FastifyRequest, 404, 'Not Found: the address has a % escape that is not UTF-8, or a part over 200 characters')),
  });

  app.addHook('onRoute', (route) => {
    route.handler = tracked(route.handler as Step) as typeof route.handler;
    if (typeof route.onRequest === 'function') route.onRequest = tracked(route.onRequest as Step) as typeof route.onRequest;
    else if (Array.isArray(route.onRequest)) route.onRequest = route.onRequest.map((hook) => tracked(hook as Step)) as typeof route.onRequest;
  });

  // A hook that calls back, not an async one: every request runs it, and an async hook costs a
  // promise and a turn of the microtask queue each time (issue 48: a token request's CPU).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    reply.header('cache-control', 'no-store');
    done();
  });

  // JSON only, parsed as sent; anything else that has a body is 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json'], { parseAs: 'string' }, (_request, text, done) => {
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text as string));
    } catch {
      done(new ApiError(400, 'Bad Request: the request body is not valid JSON'), undefined);
    }
  });
  app.addContentTypeParser('*', (request, _payload, done) => {
    done(new ApiError(415, `Unsupported Media Type: send the body as application/json, not ${request.headers['content-type'] ?? 'without a type'}`), undefined);
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply.code(error.status).send(requestError(request, error.status, error.message, error.extended));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 413) {
      // Answered at once; the rest of the upload is read and dropped, so the client sees the answer.
      reply.hijack();
      const body = JSON.stringify(requestError(request, 413, `Payload Too Large: the request body must be at most ${bodyLimit} bytes`));
      return refuseBody(request.raw, reply.raw, { status: 413, headers: { 'x-request-id': request.id }, body });
    }
    if (status === 500) logFailure(request, error);
    const message = status === 500 ? 'Internal Server Error' : `${STATUS_TEXT[status] ?? 'Error'}: ${error.message}`;
    return reply.code(status).send(requestError(request, status, message));
  });

  return {
    app,
    listener: async () => {
      await app.ready();
      // The loopback listener's own 421 and 408 in the service's shape too.
      listener!.shape = serviceShape;
      listener!.drain = async () => {
        closing.abort();
        while (running > 0) {
          if (!idle) {
            let resolve!: () => void;
            idle = { promise: new Promise<void>((done) => (resolve = done)), resolve };
          }
          await idle.promise;
        }
      };
      return listener!;
    },
    closing: closing.signal,
  };
}
