/**
 * A sandbox of the unit tests' shared service (mock/test/shared-service.ts): what `startWorld` gives
 * a file that talks to the service over HTTP alone — the merchant API's and the payment UI's
 * origins — with a merchant of its own (`POST /mock/sandboxes`): its credentials, its projects, its
 * clock, payments, users and webhooks, which no other file sees. Files run in parallel against the
 * one service, so a test names its sandbox's merchant and projects, never the demo merchant's.
 */
import { inject } from 'vitest';
import type { MockClient } from 'payui-mock';
import { createMockClient } from '../client';
import demoFixtures from '../fixtures/demo.json' with { type: 'json' };
import { basicAuth, callMerchantApi, type Called, type MerchantCredentials } from '../../test/fixtures/merchant-call';
import type { SharedService } from './shared-service';
import { recordingListener, type RecordingListener } from './recording-listener';

export interface SandboxWorld extends SharedService {
  merchantId: number;
  apiKey: string;
  /** `{ merchantId, apiKey }`, as callMerchantApi and the server kit take them. */
  credentials: MerchantCredentials & { merchantId: number };
  /** `Basic …` of the sandbox's merchant. */
  authorization: string;
  /** The sandbox's projects, in the seed's order. */
  projectIds: number[];
  loginProjectIds: string[];
  /** The sandbox's copy of the seed's project `demoId` (the demo's: 200001 Star Miners, 200002 Puzzle Harbor). */
  project(demoId: number): number;
  /** The sandbox's copy of the seed's project `demoId`'s Login project. */
  loginProject(demoId: number): string;
  /** The sandbox as the demo server's `merchant` (server/demo.ts): its credentials, its copies of the seed's projects and Login projects by the seed's ids. */
  demoMerchant: { merchantId: number; apiKey: string; projects: Record<number, number>; loginProjects: Record<number, string> };
  /** The typed client of the `/mock/` additions with the sandbox's credentials. */
  client: MockClient;
  /** `method path` on the merchant API as the sandbox's merchant; `body`, when given, is sent as JSON. */
  merchant(method: string, path: string, body?: unknown): Promise<Called>;
  /** Resolves once none of the sandbox's webhooks is waiting or being sent (its log says so): what a sender's `idle()` tells of a service of one's own. */
  webhooksSettled(): Promise<void>;
  /**
   * A recording listener of the file's own that the sandbox's copy of the demo project `demoId`
   * sends its webhooks to, signed with `secret` (combined); closed with the sandbox.
   */
  listen(demoId: number, secret: string): Promise<RecordingListener>;
  /** Removes the sandbox and all it holds, and closes its listeners. */
  close(): Promise<void>;
}

let service: Promise<SharedService> | undefined;

/** The shared service's origins (started by the first file of the run that asks). */
export function sharedService(): Promise<SharedService> {
  return (service ??= fetch(inject('payuiSharedService')).then(async (response) => {
    if (!response.ok) throw new Error(`the shared service did not start: ${await response.text()}`);
    return (await response.json()) as SharedService;
  }));
}

/** An export document (`payui-mock export`, mock/fixtures/demo.json): what a sandbox may be seeded with. */
export interface SeedDocument {
  format: 'payui-mock';
  version: number;
  tables: Record<string, Record<string, unknown>[]>;
}

/** A copy of the demo fixtures with `tables` added to theirs: a seed of the demo and more. */
export function demoSeed(tables: Record<string, Record<string, unknown>[]>): SeedDocument {
  const seed = structuredClone(demoFixtures) as unknown as SeedDocument;
  for (const [table, rows] of Object.entries(tables)) seed.tables[table] = [...(seed.tables[table] ?? []), ...rows];
  return seed;
}

/** A new sandbox of the shared service, seeded with the demo catalogue (or nothing: `seed: 'empty'`, or an export document's). */
export async function sandboxWorld({ seed = 'demo' }: { seed?: 'demo' | 'empty' | SeedDocument } = {}): Promise<SandboxWorld> {
  const { origin, ui } = await sharedService();
  const made = await createMockClient(origin).createSandbox({ body: { seed } });
  const credentials = { merchantId: made.merchant_id, apiKey: made.api_key };
  const client = createMockClient(origin, credentials);
  // The seed's projects and Login projects in the order the sandbox's copies are answered.
  const document = seed === 'demo' ? (demoFixtures as unknown as SeedDocument) : seed === 'empty' ? null : seed;
  const seedProjects = (document?.tables.projects ?? []).map((project) => Number(project.id));
  const seedLogins = (document?.tables.login_projects ?? []).map((login) => Number(login.project_id));
  const copyOf = <T>(ids: T[], of: number[], demoId: number): T => {
    const at = of.indexOf(demoId);
    if (at < 0) throw new Error(`no copy of the seed's project ${demoId} in this sandbox`);
    return ids[at]!;
  };
  const listeners: RecordingListener[] = [];
  const merchant: SandboxWorld['merchant'] = (method, path, body) => callMerchantApi(origin, method, path, body, credentials);
  const project = (demoId: number) => copyOf(made.project_ids, seedProjects, demoId);
  return {
    origin,
    ui,
    merchantId: made.merchant_id,
    apiKey: made.api_key,
    credentials,
    authorization: basicAuth(credentials),
    projectIds: made.project_ids,
    loginProjectIds: made.login_project_ids,
    project,
    loginProject: (demoId) => copyOf(made.login_project_ids, seedLogins, demoId),
    demoMerchant: {
      ...credentials,
      projects: Object.fromEntries(seedProjects.map((id, at) => [id, made.project_ids[at]!])),
      loginProjects: Object.fromEntries(seedLogins.map((id, at) => [id, made.login_project_ids[at]!])),
    },
    client,
    merchant,
    async webhooksSettled() {
      // In a hook as well as in a test, so a loop of its own rather than expect.poll.
      for (const deadline = Date.now() + 15_000; ;) {
        const logs = await Promise.all((['waiting', 'sending'] as const).map((state) => client.listWebhookLog({ query: { state } })));
        if (logs.every((log) => log.deliveries.length === 0)) return;
        if (Date.now() > deadline) throw new Error(`webhooks of sandbox ${made.merchant_id} still waiting or being sent after 15 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async listen(demoId, secret) {
      const listener = await recordingListener();
      listeners.push(listener);
      const set = await merchant('PUT', `/mock/projects/${project(demoId)}/webhooks`, { url: listener.url, secret, variant: 'combined' });
      if (set.status !== 200) throw new Error(`the webhooks of project ${project(demoId)} were not set: ${set.status} ${JSON.stringify(set.body)}`);
      return listener;
    },
    async close() {
      await client.deleteSandbox({ path: { merchant_id: made.merchant_id } });
      await Promise.all(listeners.map((listener) => listener.server.close()));
    },
  };
}
