import { createServer, type RequestListener, type Server } from 'node:http';

export interface Listening {
  port: number;
  close(): Promise<void>;
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
export async function listenLoopback(handler: RequestListener, port: number): Promise<Listening> {
  const v4 = createServer(handler);
  const actual = await listenOn(v4, '127.0.0.1', port);
  const servers = [v4];
  const v6 = createServer(handler);
  try {
    await listenOn(v6, '::1', actual);
    servers.push(v6);
  } catch {
    // No IPv6 loopback here: 127.0.0.1 is enough.
  }
  return {
    port: actual,
    close: () =>
      Promise.all(
        servers.map((server) => new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        })),
      ).then(() => undefined),
  };
}
