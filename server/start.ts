import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from './config';
import { listenLoopback, type Listening } from './listen';
import { notFound, serveStatic } from './static';

/** build/server/start.js → the repository root. */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const APP = join(ROOT, 'build', 'app');

async function main(): Promise<void> {
  const config = readConfig();
  const pages = (req: Parameters<typeof serveStatic>[1], res: Parameters<typeof serveStatic>[2]) =>
    void serveStatic(APP, req, res).then((served) => served || notFound(res));

  const running: Listening[] = [];
  const demo = await listenLoopback(pages, config.demoPort);
  running.push(demo);
  const live = await listenLoopback(pages, config.liveUiPort);
  running.push(live);

  console.log(`payui-embed offline world
  demo storefront   http://${config.host}:${demo.port}/
  payment UI (live) http://${config.host}:${live.port}/
Press Ctrl-C to stop.`);

  const stop = () => {
    void Promise.all(running.map((server) => server.close())).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
