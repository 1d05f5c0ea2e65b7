/** The offline world on test ports (so a running `npm start` on the defaults is left alone). */
const ports = { demo: 15173, merchantApi: 15174, live: 15175, sandbox: 15176 };

export const testWorld = {
  env: {
    PAYUI_DEMO_PORT: String(ports.demo),
    PAYUI_MERCHANT_API_PORT: String(ports.merchantApi),
    PAYUI_MOCK_LIVE_PORT: String(ports.live),
    PAYUI_MOCK_SANDBOX_PORT: String(ports.sandbox),
  },
  demo: `http://localhost:${ports.demo}`,
  merchantApi: `http://localhost:${ports.merchantApi}`,
  live: `http://localhost:${ports.live}`,
  sandbox: `http://localhost:${ports.sandbox}`,
};
