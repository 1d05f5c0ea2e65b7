import { resolve } from 'node:path';
import { DEMO_WEBHOOK_SECRETS } from '../fixtures/catalog';
import { DEFAULT_PORTS } from '../spec/ports';
import { settingsProblem, type WebhookSettings } from '../store/webhook-settings';
import { SANDBOX_LIMITS, type SandboxLimits } from '../domain/service-context';

/** Ports and addresses of the offline world (DESIGN.md §8); each overridable by environment. */
export interface WorldConfig {
  host: string;
  demoPort: number;
  merchantApiPort: number;
  liveUiPort: number;
  sandboxUiPort: number;
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): WorldConfig {
  return {
    host: 'localhost',
    demoPort: port(env, 'PAYUI_DEMO_PORT', DEFAULT_PORTS.demo),
    merchantApiPort: port(env, 'PAYUI_MERCHANT_API_PORT', DEFAULT_PORTS.merchantApi),
    liveUiPort: port(env, 'PAYUI_MOCK_LIVE_PORT', DEFAULT_PORTS.liveUi),
    sandboxUiPort: port(env, 'PAYUI_MOCK_SANDBOX_PORT', DEFAULT_PORTS.sandboxUi),
  };
}

/**
 * Webhook settings for every demo project from the environment, for the mock service run alone:
 * `PAYUI_WEBHOOK_URL` (the listener; none: no webhooks until the API sets some),
 * `PAYUI_WEBHOOK_SECRET` (default: each project's demo secret), `PAYUI_WEBHOOK_VARIANT`
 * (`combined`, the default, or `separate`).
 */
export function webhooksFromEnv(env: NodeJS.ProcessEnv): Record<number, WebhookSettings> {
  const url = env.PAYUI_WEBHOOK_URL;
  if (!url) return {};
  return demoWebhooks({ url, secret: env.PAYUI_WEBHOOK_SECRET || undefined, variant: env.PAYUI_WEBHOOK_VARIANT || undefined }, (path, message, value) =>
    new Error(`PAYUI_WEBHOOK_${path.toUpperCase()} ${message}, got "${value}"`));
}

/**
 * The same webhook settings for every demo project (each with its demo secret unless `secret`
 * says), checked as the sender checks them; a problem is thrown as `refuse` words it.
 */
export function demoWebhooks(
  { url, secret, variant = 'combined' }: { url: string; secret?: string; variant?: string },
  refuse: (path: string, message: string, value: string) => Error,
): Record<number, WebhookSettings> {
  return Object.fromEntries(Object.entries(DEMO_WEBHOOK_SECRETS).map(([project, demoSecret]) => {
    const settings = { url, secret: secret ?? demoSecret, variant };
    const problem = settingsProblem(settings);
    if (problem) throw refuse(problem.path, problem.message, String(settings[problem.path as keyof typeof settings]));
    return [Number(project), settings as WebhookSettings];
  }));
}

/**
 * Where the service keeps its state: `--in-memory` keeps none (tests), else `PAYUI_MOCK_DATA`
 * or `.payui-mock/` in the working directory.
 */
export function dataDirOf(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): string | null {
  if (argv.includes('--in-memory')) return null;
  return resolve(env.PAYUI_MOCK_DATA || '.payui-mock');
}

/**
 * The caps of `POST /mock/sandboxes` from the environment: `PAYUI_MOCK_MAX_SANDBOXES` (sandboxes at
 * once, default 500) and `PAYUI_MOCK_MAX_SEED_BYTES` (a seed document's JSON, default 262144); a
 * value that is not a whole number from 1 is an error naming the variable.
 */
export function sandboxLimitsFromEnv(env: NodeJS.ProcessEnv): SandboxLimits {
  const read = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^[1-9][0-9]{0,9}$/.test(raw)) throw new Error(`${name} must be a whole number from 1, got "${raw}"`);
    return Number(raw);
  };
  return { count: read('PAYUI_MOCK_MAX_SANDBOXES', SANDBOX_LIMITS.count), seedBytes: read('PAYUI_MOCK_MAX_SEED_BYTES', SANDBOX_LIMITS.seedBytes) };
}
