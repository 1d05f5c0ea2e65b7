// What test/fixtures/dist exposes on window (that fixture imports dist/, so typecheck skips it;
// the types of dist/index.js are those of src/index.ts).
import type * as lib from '../../src/index';

declare global {
  interface Window {
    lib: typeof lib;
    token: () => Promise<string>;
    /** Where this run's payment UI is (demo/api.ts, paymentUiBases). */
    bases: { paymentUiUrl?: string; sandboxPaymentUiUrl?: string };
  }
}
