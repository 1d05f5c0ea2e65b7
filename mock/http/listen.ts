import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { codeError, rawAnswer, refuseBody, sendAnswer, type ErrorShape } from './answer';
import { judgeRaw, watchAnswer, type AnswerJudge, type JudgedListener } from './answer-watch';

export interface Listening {
  port: number;
  close(): Promise<void>;
}

/** How long a client in the middle of a request may send nothing before it is answered 408. */
export const IDLE_TIMEOUT_MS = 10_000;

export interface ListenOptions {
  /** The server's error shape, for its 408 and 421 (default: the handler's `shape`, else `{"error": {"code", "message"}}`). */
  shape?: ErrorShape;
  /** Milliseconds without a byte from a client in the middle of a request (default `IDLE_TIMEOUT_MS`). */
  idleMs?: number;
  /**
   * Host names besides `localhost`, `127.0.0.1` and `[::1]` a request's `Host` may name (a name the
   * operator points at this machine). Default: `PAYUI_ALLOWED_HOSTS`, names separated by commas.
   */
  allowedHosts?: readonly string[];
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The names of `PAYUI_ALLOWED_HOSTS` (`qa.shop.test, payui.internal`), lower case. */
export const allowedHostsFromEnv = (env: NodeJS.ProcessEnv = process.env): string[] =>
  (env.PAYUI_ALLOWED_HOSTS ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);

/**
 * Whether a request's `Host` (a name, and maybe `:port`) is one this server answers to. A page of
 * another site whose name the attacker made resolve to 127.0.0.1 (DNS rebinding) sends its own
 * name here, so it is refused, while the browser's same-origin rule would have let it read.
 */
export function hostAllowed(host: string | undefined, names: readonly string[]): boolean {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::[0-9]{1,5})?$/i.exec(host ?? '');
  if (!match) return false;
  const name = match[1]!.toLowerCase();
  return LOOPBACK_NAMES.includes(name) || names.includes(name);
}

/**
 * Answers a client that stops sending in the middle of a request: 408 in the server's shape,
 * `idleMs` after the last byte it sent (the socket's idle timer restarts on every byte), then
 * the connection closes. Between requests an idle connection just closes, as Node's own would.
 */
function answerStalls(server: Server, shape: ErrorShape, idleMs: number, judge: AnswerJudge | undefined): void {
  const open = new WeakMap<Socket, { req: IncomingMessage; res: ServerResponse }>();
  /** Bytes a connection had sent when its last answer ended: more since then is a request begun. */
  const readBefore = new WeakMap<Socket, number>();
  const timeout = () => shape(408, 'REQUEST_TIMEOUT', `nothing was received for ${idleMs / 1000} s in the middle of the request`);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const { socket } = req;
    open.set(socket, { req, res });
    res.once('close', () => {
      if (open.get(socket)?.res === res) open.delete(socket);
      readBefore.set(socket, socket.bytesRead);
    });
  });
  server.setTimeout(idleMs);
  server.on('timeout', (socket: Socket) => {
    // Node runs expired timers before it reads its sockets: after the process was busy for longer
    // than `idleMs` (a long task, a GC pause, a loaded machine), bytes the client sent meanwhile
    // wait unread while this fires. Look again once they are read (the check phase comes after the
    // poll): any byte since then is no stall, and the socket's idle timer is already running anew.
    // Closing now would close with bytes unread, which the client sees as a reset, not an answer.
    const read = socket.bytesRead;
    setImmediate(() => {
      if (!socket.destroyed && socket.bytesRead === read) onStall(socket);
    });
  });
  const onStall = (socket: Socket) => {
    const current = open.get(socket);
    if (!current) {
      // No request object yet: headers that stopped coming are answered; an idle connection closes.
      if (socket.bytesRead > (readBefore.get(socket) ?? 0)) {
        const answer = timeout();
        if (judge) judgeRaw(judge, answer.status, { 'content-type': 'application/json; charset=utf-8', ...answer.headers }, answer.body);
        socket.end(rawAnswer(answer));
      } else socket.destroy();
    } else if (current.res.headersSent) {
      // The client stopped reading our answer, or stopped sending a body that was refused.
      socket.destroy();
    } else if (!current.req.complete) {
      sendAnswer(current.res, timeout(), { connection: 'close' });
    }
    // Otherwise the request is whole and its answer is being worked out: not the client's stall.
  };
}

function listenOn(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolvePort, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      const address = server.address();
      resolvePort(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * Listens on loopback only: 127.0.0.1, and ::1 where the machine has IPv6, on the same port,
 * so `localhost` and `127.0.0.1` both reach it whichever address a client tries first.
 */
export async function listenLoopback(handler: JudgedListener, port: number, options: ListenOptions = {}): Promise<Listening> {
  const { shape = handler.shape ?? codeError, idleMs = IDLE_TIMEOUT_MS, allowedHosts = allowedHostsFromEnv() } = options;
  const names = allowedHosts.map((name) => name.toLowerCase());
  // 421 for a Host that is not this machine's: nothing of the request reaches the handler.
  const guarded: RequestListener = (req, res) => {
    // A handler whose answers are judged (the service's tests) has the listener's own judged too: 421, 408.
    if (handler.judge) watchAnswer(req, res, handler.judge);
    if (hostAllowed(req.headers.host, names)) return handler(req, res);
    const known = [...LOOPBACK_NAMES, ...names].join(', ');
    const answer = shape(421, 'MISDIRECTED_REQUEST', `Misdirected Request: this server answers to ${known} only (set PAYUI_ALLOWED_HOSTS to add a name)`);
    // A body it declares is read and dropped after the answer; any other is not waited for.
    if (req.headers['content-length'] || /chunked/i.test(req.headers['transfer-encoding'] ?? '')) refuseBody(req, res, answer);
    else sendAnswer(res, answer, { connection: 'close' });
  };
  const make = () => {
    const server = createServer(guarded);
    answerStalls(server, shape, idleMs, handler.judge);
    return server;
  };
  const v4 = make();
  const actual = await listenOn(v4, '127.0.0.1', port);
  const servers = [v4];
  const v6 = make();
  try {
    await listenOn(v6, '::1', actual);
    servers.push(v6);
  } catch {
    // No IPv6 loopback here: 127.0.0.1 is enough.
  }
  return {
    port: actual,
    // No new connection; the open ones closed (a request held on purpose is dropped); then the
    // handler's work still under way ends (its `drain`), so nothing runs after the close resolves.
    close: () =>
      Promise.all([
        ...servers.map((server) => new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        })),
        handler.drain?.(),
      ]).then(() => undefined),
  };
}
