// Every answer a server of the service writes is checked in its tests (issue 46 item 15), not only
// what its Fastify routes send: the loopback listener's 421 and 408, the hijacked 413 of a body over
// the limit, and the payment UI's server, checked against its own description.
import { connect } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenLoopback, type Listening } from '../http/listen';
import { judgedListener, type AnswerJudge, type JudgedListener } from '../http/answer-watch';
import { createServiceApp } from '../http/service-app';
import { createPaymentUi } from '../payment-ui/server';
import type { Payments } from '../domain/payments';
import { outsideTheSpec } from './answers-on-purpose';

const running: Listening[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
  vi.restoreAllMocks();
});

/** A judge that finds every answer, as `status type body`. */
const everyAnswer: AnswerJudge = ({ status, contentType, body }) => ({ where: 'seen', problem: `${status} ${contentType} ${body.toString()}` });

async function listen(handler: JudgedListener, idleMs?: number) {
  const server = await listenLoopback(judgedListener(handler, () => everyAnswer), 0, idleMs ? { idleMs } : {});
  running.push(server);
  return `http://127.0.0.1:${server.port}`;
}

/** Sends raw bytes and gives all that came back once the server closed. */
function raw(origin: string, text: string): Promise<string> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    let got = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
    socket.on('data', (chunk) => (got += chunk.toString()));
    socket.on('end', () => resolve(got));
    socket.on('error', reject);
  });
}

describe('what a server writes outside its routes', () => {
  it('the listener\'s 421 to a foreign Host is checked, in the service\'s shape', async () => {
    const { app, listener } = createServiceApp({ bodyLimit: 100 });
    app.get('/x', async () => ({ ok: true }));
    const origin = await listen(await listener());
    const found = await outsideTheSpec(async () => {
      expect((await raw(origin, 'GET /x HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n')).split('\r\n')[0]).toBe('HTTP/1.1 421 Misdirected Request');
    });
    expect(found).toEqual([expect.stringMatching(/^seen \(GET \/x\): 421 application\/json; charset=utf-8 \{"http_status_code":421,.*"request_id":/)]);
  });

  it('the listener\'s 408 to headers that stopped coming is checked, though no request was made of them', async () => {
    const origin = await listen((_req, res) => res.end('ok'), 300);
    const found = await outsideTheSpec(async () => {
      expect(await raw(origin, 'GET /x HTTP/1.1\r\nHost: localhost\r\n')).toMatch(/^HTTP\/1.1 408 /);
    });
    expect(found).toEqual([expect.stringMatching(/^seen \(- -\): 408 application\/json; charset=utf-8 \{"error":\{"code":"REQUEST_TIMEOUT"/)]);
  });

  it('the hijacked 413 of a body over the limit is checked once it is whole, before its connection ends', async () => {
    const { app, listener } = createServiceApp({ bodyLimit: 10 });
    app.post('/x', async () => ({ ok: true }));
    const origin = await listen(await listener());
    const found = await outsideTheSpec(async () => {
      const answer = await fetch(`${origin}/x`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ padding: 'x'.repeat(100) }) });
      expect(answer.status).toBe(413);
      await answer.text();
    });
    expect(found).toEqual([expect.stringMatching(/^seen \(POST \/x\): 413 application\/json; charset=utf-8 \{"http_status_code":413,/)]);
  });
});

describe('an address no route can read', () => {
  it('is the service\'s 404, in its error body: a % escape that is not UTF-8, a part over 200 characters', async () => {
    const { app, listener } = createServiceApp({ bodyLimit: 100 });
    app.get('/users/:id', async () => ({ ok: true }));
    const origin = await listen(await listener());
    const found = await outsideTheSpec(async () => {
      for (const path of ['/users/a%ED%A0%80b', '/users/%zz', `/users/${'a'.repeat(201)}`]) {
        const answer = await fetch(`${origin}${path}`);
        expect(answer.status, path).toBe(404);
        expect(await answer.json()).toMatchObject({ http_status_code: 404, extended_message: null, request_id: answer.headers.get('x-request-id') });
      }
    });
    expect(found).toHaveLength(3);
  });
});

describe('the payment UI\'s server', () => {
  const ui = async (payments?: Payments) => {
    const server = await listenLoopback(createPaymentUi(mkdtempSync(join(tmpdir(), 'payui-ui-answers-')), 'sandbox', payments), 0);
    running.push(server);
    return `http://127.0.0.1:${server.port}`;
  };

  it('is checked against its description: its answers as described pass, a 500 is found', async () => {
    const fine = await ui();
    expect(await outsideTheSpec(async () => {
      expect((await fetch(`${fine}/api/session?access_token=nope`)).status).toBe(200);
      expect((await fetch(`${fine}/api/session`, { method: 'POST' })).status).toBe(405);
      expect((await fetch(`${fine}/api/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(400);
      expect((await fetch(`${fine}/nothing-here.js`)).status).toBe(404);
    })).toEqual([]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = await ui({ session: () => Promise.reject(new Error('the database is gone')) } as unknown as Payments);
    expect(await outsideTheSpec(async () => {
      expect((await fetch(`${failing}/api/session?access_token=t`)).status).toBe(500);
    })).toEqual(['paymentUiSession (GET /api/session): answered 500, which openapi.json does not list']);
  });
});
