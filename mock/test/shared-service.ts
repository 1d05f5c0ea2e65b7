/**
 * The unit tests' one offline service (vitest `globalSetup`): the files that talk to the service
 * over HTTP alone share it, each in sandboxes of its own (mock/test/sandbox-world.ts), instead of
 * starting a service each. It starts when the first file asks for it, so a run of files that never
 * do (`npx vitest run test/unit/url.test.ts`) starts none: the setup only listens on loopback for
 * that question and answers the service's origins. With PAYUI_TEST_DATABASE_URL (`npm run
 * test:server`) the service keeps its state in a scratch database of its own on that server.
 */
import { createServer } from 'node:http';
import type { TestProject } from 'vitest/node';
import type { PayuiMock } from 'payui-mock';
import { checkAnswers, foundMessage } from '../../scripts/answers-checked.js';

/** Where the service is: its merchant API's origin and the payment UI's (live, sandbox). */
export interface SharedService {
  origin: string;
  ui: { live: string; sandbox: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The address to ask (GET) for the shared service's origins; the first ask starts it. */
    payuiSharedService: string;
  }
}

/** The service on the Postgres server at `server`, in a new database of its own, dropped by `stop()`. */
async function onScratchDatabase(server: string): Promise<PayuiMock> {
  const [{ startPayuiMock }, { dropDatabase, onServer }] = await Promise.all([import('../app/start'), import('../store/server-database')]);
  const name = `payui_shared_service_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await onServer(server, `CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const mock = await startPayuiMock({ databaseUrl: url.toString() }).catch(async (error: unknown) => {
    await dropDatabase(server, name);
    throw error;
  });
  return { ...mock, stop: () => mock.stop().then(() => dropDatabase(server, name)) };
}

/**
 * Every answer of every operation, in every service the run starts (this one and the files' own:
 * the variable reaches the workers), is checked against openapi.json (mock/spec/answers.ts); what
 * is off is written to a file, and the run fails at its end listing it (issue 46 item 15). A run
 * that already checks (`npm run test:server`, scripts/answers-checked.js) reports it itself.
 */
function checkRunAnswers(): () => void {
  if (process.env.PAYUI_MOCK_CHECK_ANSWERS) return () => undefined;
  const check = checkAnswers();
  return () => {
    const message = foundMessage(check.end());
    if (!message) return;
    // Vitest reports a teardown's throw but still ends the run with 0: the exit code says it.
    process.exitCode = 1;
    throw new Error(message);
  };
}

export default async function setup(project: TestProject) {
  const answersChecked = checkRunAnswers();
  let started: Promise<PayuiMock> | undefined;
  const start = () => {
    const server = process.env.PAYUI_TEST_DATABASE_URL;
    // Its modules too are loaded only then.
    return (started ??= server ? onScratchDatabase(server) : import('../app/start').then(({ startPayuiMock }) => startPayuiMock()));
  };
  const asked = createServer((_request, response) => {
    start().then(
      (mock) => {
        const answer: SharedService = { origin: mock.merchantApiUrl, ui: { live: new URL(mock.liveUrl).origin, sandbox: new URL(mock.sandboxUrl).origin } };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      },
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String((error as Error)?.stack ?? error)),
    );
  });
  await new Promise<void>((resolve) => asked.listen(0, '127.0.0.1', resolve));
  const { port } = asked.address() as { port: number };
  project.provide('payuiSharedService', `http://127.0.0.1:${port}/`);
  return async () => {
    await new Promise((resolve) => asked.close(resolve));
    // A start that failed was told to the files that asked; nothing to stop.
    await started?.then((mock) => mock.stop(), () => undefined);
    answersChecked();
  };
}
