// A server of ours whose process was busy for longer than its idle timeout (a long task, a GC
// pause, a 2-core machine at load 12) does not take a client's bytes that arrived meanwhile for a
// stall. Node runs expired timers before it reads the sockets, so the idle timer fires first; the
// server must look at what came in before it answers 408 or closes, or it closes a connection with
// unread bytes, which the client sees as a reset (ECONNRESET) instead of any answer. Seen in CI at
// load 13: servers-fuzz.test.ts and stalled-uploads.test.ts, once in a run.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLoopback, type Listening } from '../../mock/http/listen';
import { refuseBody, readBody } from '../../src/server/http';

// Long enough that a loaded machine does not stall the test's own steps past it; short enough to wait for.
const IDLE_MS = 500;
/** Longer than the idle timeout: the process does nothing else meanwhile, as under a long task. */
const busy = (ms = IDLE_MS * 3) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

let server: Listening;
/** Told when the server has the request's head, and when it has written its 413: the steps a test waits for, not a time. */
let seen: { request?: () => void; refused?: () => void } = {};
const next = (step: 'request' | 'refused') => new Promise<void>((done) => void (seen[step] = done));
beforeAll(async () => {
  // Answers 200 with the body's length, or 413 over 1,000 bytes (the rest read and dropped).
  server = await listenLoopback(async (req, res) => {
    seen.request?.();
    const body = await readBody(req, 1000).catch(() => null);
    if (body === null) {
      refuseBody(req, res, { status: 413, headers: {}, body: '{"error":{"code":"PAYLOAD_TOO_LARGE","message":"too large"}}' });
      return seen.refused?.();
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end(String(body.length));
  }, 0, { idleMs: IDLE_MS });
});
afterAll(() => server.close());

/** A client that has connected and been accepted: the server's idle timer for it is running. */
async function accepted(): Promise<Socket> {
  const socket = connect({ host: '127.0.0.1', port: server.port });
  await new Promise<void>((done) => socket.once('connect', () => done()));
  // One turn of the loop for the server to accept it (same process).
  await new Promise((done) => setImmediate(done));
  return socket;
}

/**
 * The answer's status, read as most clients read it: once they have sent all they meant to (so
 * a reset that comes first loses the answer the server wrote before it), or what went wrong.
 */
function answer(socket: Socket): Promise<string> {
  let received = '';
  return new Promise<string>((resolve) => {
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (/\r\n\r\n/.test(received)) resolve(received.slice(9, 12));
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(`error ${error.code}`));
    socket.on('close', () => resolve(received ? received.slice(9, 12) : 'closed'));
  });
}


describe('after the process was busy for longer than the idle timeout', () => {
  it('a whole request that arrived meanwhile is answered, not reset', async () => {
    const socket = await accepted();
    socket.write('POST / HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}');
    busy();
    expect(await answer(socket)).toBe('200');
    socket.destroy();
  });

  it('the rest of a body that arrived meanwhile is taken, and the request answered, not 408', async () => {
    const socket = await accepted();
    const head = next('request');
    socket.write('POST / HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: 4\r\nconnection: close\r\n\r\n{');
    await head;
    socket.write('"":');
    busy();
    expect(await answer(socket)).toBe('200');
    socket.destroy();
  });

  it('a refused body still coming after its 413 is read and dropped, and the client reads the 413', async () => {
    const socket = await accepted();
    const refused = next('refused');
    socket.write(`POST / HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: ${3000 + 64 * 1024}\r\n\r\n${'x'.repeat(3000)}`);
    // The 413 is written; the client, still sending, has not read it when the process stalls.
    await refused;
    socket.write('x'.repeat(64 * 1024));
    busy();
    expect(await answer(socket)).toBe('413');
    socket.destroy();
  });

  it('a client that really sent nothing more is still answered 408 after the idle time', async () => {
    const socket = await accepted();
    socket.write('POST / HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: 10\r\n\r\n{');
    expect(await answer(socket)).toBe('408');
    socket.destroy();
  });
});
