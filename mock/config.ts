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
    demoPort: port(env, 'PAYUI_DEMO_PORT', 5173),
    merchantApiPort: port(env, 'PAYUI_MERCHANT_API_PORT', 5174),
    liveUiPort: port(env, 'PAYUI_MOCK_LIVE_PORT', 5175),
    sandboxUiPort: port(env, 'PAYUI_MOCK_SANDBOX_PORT', 5176),
  };
}
