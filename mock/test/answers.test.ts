// The check every answer of the service's tests goes through (mock/spec/answers.ts, issue 46 item
// 15): a status openapi.json does not list, a body its schema does not describe, a body where none
// is listed, a media type it does not list are each found; a fault's answer is the `default`'s.
import { describe, expect, it } from 'vitest';
import document from '../spec/openapi.json' with { type: 'json' };
import { createAnswerCheck, type Answer } from '../spec/answers';
import { createValidators } from '../spec/validators';

const check = createAnswerCheck(document, createValidators(document));
const json = 'application/json; charset=utf-8';
const error = (status: number) => JSON.stringify({ http_status_code: status, message: 'x', extended_message: null, request_id: 'r-1' });
const getProject = (answer: Partial<Answer>) =>
  check({ path: '/merchant/{version}/projects/{project_id}', method: 'get', status: 200, contentType: json, body: '', faulted: false, ...answer });

describe('an answer against openapi.json', () => {
  it('takes the statuses an operation lists, with their bodies: 404, 421, 429', () => {
    for (const status of [404, 421, 429]) expect(getProject({ status, body: error(status) })).toBeNull();
  });

  it('finds a status the operation does not list, unless a fault asked for it', () => {
    expect(getProject({ status: 503, body: error(503) })).toMatch(/answered 503, which openapi.json does not list/);
    expect(getProject({ status: 418, body: error(418) })).toMatch(/does not list/);
    expect(getProject({ status: 503, body: '{"anything": true}', faulted: true })).toBeNull();
    expect(getProject({ status: 429, body: JSON.stringify('a rule\'s own body'), faulted: true })).toBeNull();
  });

  it('finds an unexpected 500, which no operation lists; a fault\'s 500 is the default\'s', () => {
    expect(getProject({ status: 500, body: error(500) })).toMatch(/answered 500, which openapi.json does not list/);
    expect(getProject({ status: 500, body: error(500), faulted: true })).toBeNull();
  });

  it('finds a body the schema does not describe, one that is not JSON, and one of another type', () => {
    expect(getProject({ status: 404, body: '{"error": "gone"}' })).toMatch(/does not describe: \/ must have required property/);
    expect(getProject({ status: 404, body: 'gone' })).toMatch(/not JSON/);
    expect(getProject({ status: 404, contentType: 'text/plain', body: 'gone' })).toMatch(/as text\/plain, where openapi.json lists application\/json/);
  });

  it('finds a body where the operation answers none (204)', () => {
    const deleteSandbox = (body: string) => check({ path: '/mock/sandboxes/{merchant_id}', method: 'delete', status: 204, contentType: undefined, body, faulted: false });
    expect(deleteSandbox('')).toBeNull();
    expect(deleteSandbox('{}')).toMatch(/with a body, where openapi.json lists none/);
  });
});
