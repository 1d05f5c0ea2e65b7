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
}

/** What is wrong with an answer, in words, or null. */
export type AnswerCheck = (answer: Answer) => string | null;

export function createAnswerCheck(document: object, validators: Validators): AnswerCheck {
  const doc = document as Document;
  return ({ path, method, status, contentType, body, faulted }) => {
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
