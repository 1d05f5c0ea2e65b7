/**
 * Whether an answer is one openapi.json says an operation gives (issue 46 item 15): its status is
 * one of the operation's responses, and its body is that response's media type and matches its
 * schema (by the document's own Ajv, mock/spec/validators.ts). The service's tests run every answer
 * of every operation through it (mock/api/app.ts, with `PAYUI_MOCK_CHECK_ANSWERS`); the service
 * itself never does.
 *
 * An operation's `default` response is the fault rules' (DESIGN.md §8b "Fail on purpose": any 4xx
 * or 5xx, any body): it covers an answer a fault asked for, and nothing else. No operation lists
 * 500, so a 500 no fault asked for (the service failing) is found.
 */
import type { Validators } from './validators';
import { pointerPart } from './validators';

interface MediaObject {
  schema?: unknown;
}
interface ResponseObject {
  $ref?: string;
  content?: Record<string, MediaObject>;
}
interface Document {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
  components?: { responses?: Record<string, ResponseObject> };
}

export interface Answer {
  /** The operation's path in the document (`/merchant/{version}/projects`) and its method, lower case. */
  path: string;
  method: string;
  status: number;
  contentType: string | undefined;
  /** The body as sent (empty: none). */
  body: string | Buffer | undefined;
  /** A fault rule or header asked for this answer. */
  faulted: boolean;
  /** A HEAD: the GET's status and type, no body. */
  head?: boolean;
}

/** What is wrong with an answer, in words, or null. */
export type AnswerCheck = (answer: Answer) => string | null;

export function createAnswerCheck(document: object, validators: Validators): AnswerCheck {
  const doc = document as Document;
  return ({ path, method, status, contentType, body, faulted, head }) => {
    const responses = doc.paths[path]?.[method]?.responses;
    if (!responses) return `${method.toUpperCase()} ${path} is not an operation of openapi.json`;
    // A fault's answer is the `default`'s, whatever its status (its body is the rule's).
    if (faulted) return 'default' in responses ? null : `answered a fault's ${status}, but openapi.json has no default answer`;
    const key = [String(status), `${String(status)[0]}XX`].find((k) => k in responses);
    if (key === undefined) return `answered ${status}, which openapi.json does not list`;
    let pointer = `#/paths/${pointerPart(path)}/${method}/responses/${key}`;
    let response = responses[key]!;
    if (response.$ref) {
      pointer = response.$ref;
      response = doc.components?.responses?.[response.$ref.split('/').pop()!] ?? {};
    }
    const text = body === undefined ? '' : body.toString();
    const media = Object.keys(response.content ?? {});
    if (head) return null;
    if (media.length === 0) return text === '' ? null : `answered ${status} with a body, where openapi.json lists none`;
    const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (!media.includes(type)) return `answered ${status} as ${type || 'no type'}, where openapi.json lists ${media.join(', ')}`;
    if (type !== 'application/json' || response.content![type]!.schema === undefined) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return `answered ${status} with a body that is not JSON`;
    }
    const validate = validators.compile(`${pointer}/content/application~1json/schema`, 'body');
    if (validate(parsed)) return null;
    const found = (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');
    return `answered ${status} with a body openapi.json does not describe: ${found}`;
  };
}

/** An answer as a server wrote it (mock/http/answer-watch.ts takes it). */
export interface WrittenAnswer {
  method: string;
  /** The request's address as sent (path and query); empty for an answer written before there was a request (a 408 to headers that stopped coming). */
  url: string;
  status: number;
  contentType: string | undefined;
  body: Buffer;
  /** A fault rule or header asked for this answer. */
  faulted: boolean;
}

/** What is wrong with an answer a server wrote, and where (an operation's id, or the server's place), or null. */
export type AnswerJudge = (written: WrittenAnswer) => { where: string; problem: string } | null;

/** A path of the document as a test of a request's path (`{project_id}`: one segment). */
const pathTest = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

/**
 * Whether an answer a server wrote is one its description (`document`) gives: the operation its
 * method and path name is checked as `createAnswerCheck` does (HEAD as the GET, without a body).
 * An answer that is no operation's (a page, a file, a path or method the document does not have,
 * a 408 before the request was whole) is found if it is a 5xx no fault asked for, or an error
 * whose body is neither the document's error body (`#/components/schemas/Error`) nor a page.
 */
export function createAnswerJudge(document: object, validators: Validators, server: string): AnswerJudge {
  const check = createAnswerCheck(document, validators);
  const doc = document as Document;
  // The path with fewer parameters first: `/mock/webhooks/trigger` before `/mock/webhooks/{delivery_id}/…`.
  const routes = Object.keys(doc.paths)
    .map((path) => ({ path, test: pathTest(path), parameters: path.split('{').length }))
    .sort((a, b) => a.parameters - b.parameters);
  let errorBody: ReturnType<Validators['compile']> | undefined;
  return ({ method: sent, url, status, contentType, body, faulted }) => {
    const head = sent === 'HEAD';
    const method = head ? 'get' : sent.toLowerCase();
    const pathname = url.split('?')[0]!.replace(/(.)\/$/, '$1');
    const route = routes.find((r) => r.test.test(pathname) && (doc.paths[r.path]![method] as object | undefined) !== undefined);
    if (route) {
      const operation = doc.paths[route.path]![method] as { operationId?: string };
      const problem = check({ path: route.path, method, status, contentType, body: head ? undefined : body, faulted, head });
      return problem ? { where: operation.operationId ?? `${server} ${route.path}`, problem } : null;
    }
    const where = `${server}, no operation`;
    if (faulted || status < 400) return null;
    if (status >= 500) return { where, problem: `answered ${status}` };
    if (head) return null;
    const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
    // A page's error, for the person who opened it in a browser (the Login API's mailed links).
    if (type === 'text/html') return null;
    if (type !== 'application/json') return { where, problem: `answered ${status} as ${type || 'no type'}, not the error body (application/json)` };
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString());
    } catch {
      return { where, problem: `answered ${status} with a body that is not JSON` };
    }
    errorBody ??= validators.compile('#/components/schemas/Error', 'body');
    return errorBody(parsed) ? null : { where, problem: `answered ${status} with a body that is not the error body` };
  };
}
