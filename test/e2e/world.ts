/**
 * The offline world the browser tests run against. Its ports come from the environment, which
 * playwright.config.ts fills with free ports (so `npm test` runs beside a running `npm start`);
 * without it, the defaults of `npm start`. Read when used, so the config may set them first.
 */
const at = (name: string, fallback: number) => `http://localhost:${Number(process.env[name] || fallback)}`;

export const world = {
  get demo() {
    return at('PAYUI_DEMO_PORT', 5173);
  },
  get merchantApi() {
    return at('PAYUI_MERCHANT_API_PORT', 5174);
  },
  get live() {
    return at('PAYUI_MOCK_LIVE_PORT', 5175);
  },
  get sandbox() {
    return at('PAYUI_MOCK_SANDBOX_PORT', 5176);
  },
};
