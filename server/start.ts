/**
 * `npm start`: the whole offline world on loopback — mock merchant API, mock payment UI on its
 * live and sandbox origins, and the demo storefront — until Ctrl-C.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockService, stopOnSignals } from '../mock/app/service';
import { dataDirOf, readConfig } from '../mock/app/config';
import { DEMO_LOGIN, DEMO_MERCHANT, DEMO_WEBHOOK_SECRETS } from '../mock/fixtures/catalog';
import { createDemoServer } from './demo';
import { pointLoginAtDemo } from './login';
import { USER_STORE_PATHS } from './user-store';
import { listenLoopback } from '../mock/http/listen';

/** build/server/start.js → the repository root. */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function main(): Promise<void> {
  const config = readConfig();
  const dataDir = dataDirOf(process.argv.slice(2));
  const mock = await startMockService(config, join(ROOT, 'mock', 'dist', 'ui'), { dataDir });
  // The pages may frame the payment UI, and (for the test fixtures) their own 127.0.0.1 twin.
  const origins = [mock.live, mock.sandbox, `http://localhost:${config.demoPort}`].flatMap((url) => {
    const { port } = new URL(url);
    return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  });
  let demo;
  try {
    demo = await listenLoopback(
      createDemoServer({
        appRoot: join(ROOT, 'build', 'app'), distRoot: join(ROOT, 'dist'), merchantApi: mock.merchantApi, paymentUiOrigins: origins,
        paymentUi: { live: mock.live, sandbox: mock.sandbox },
      }),
      config.demoPort,
    );
  } catch (error) {
    await mock.close();
    throw error;
  }
  // Each demo project sends its webhooks to the demo server's listener, signed with its secret (kept with the state).
  for (const [project, secret] of Object.entries(DEMO_WEBHOOK_SECRETS)) {
    await mock.webhooks.configure(Number(project), { url: `http://${config.host}:${demo.port}/api/webhooks/${project}`, secret, variant: 'combined' });
  }
  // Each game's Login project sends players back to its page of this run (its port may be any);
  // the second game's proxy variants ask the demo server's user store.
  const demoOrigin = `http://${config.host}:${demo.port}`;
  const credentials = { merchantApi: mock.merchantApi, merchantId: DEMO_MERCHANT.id, apiKey: DEMO_MERCHANT.apiKey };
  const store = (path: string) => `${demoOrigin}/api/user-store/${path}`;
  try {
    await pointLoginAtDemo({ ...credentials, project: 200001, secret: DEMO_LOGIN[200001]!.secret, callback: `${demoOrigin}/game.html` });
    await pointLoginAtDemo({
      ...credentials, project: 200002, secret: DEMO_LOGIN[200002]!.secret, callback: `${demoOrigin}/harbor.html`,
      userStore: { new_user: store(USER_STORE_PATHS.new_user), user_verification: store(USER_STORE_PATHS.user_verification), password_reset: store(USER_STORE_PATHS.password_reset) },
    });
  } catch (error) {
    await Promise.all([demo.close(), mock.close()]);
    throw error;
  }
  console.log(`payui-embed offline world (loopback only)
  demo storefront     http://${config.host}:${demo.port}/
  merchant API        ${mock.merchantApi}/merchant/v2/merchants/{merchant_id}/token
  merchant console    ${mock.merchantApi}/console/ (merchant 100001, API key demo-api-key)
  payment UI live     ${mock.live}
  payment UI sandbox  ${mock.sandbox}
  Login API           ${mock.merchantApi}/api/…  (mailbox: ${mock.merchantApi}/mock/mail)
  player logins       ${demoOrigin}/game.html (Login API users), ${demoOrigin}/harbor.html (proxy variants, the demo's user store)
  state               ${dataDir ?? 'in memory (gone when it stops)'}
  webhooks            ${mock.merchantApi}/mock/webhooks.html (each project → ${`http://${config.host}:${demo.port}/api/webhooks/{project_id}`})
Press Ctrl-C to stop.`);
  stopOnSignals(() => Promise.all([demo.close(), mock.close()]).then(() => undefined));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
