// What the benchmark page has on window.
import type { PayUIWidget } from '../src/index';

declare global {
  interface Window {
    PayUI: PayUIWidget;
    token: () => Promise<string>;
    /** Where this run's payment UI is (test/fixtures/bench/main.ts); the same shape as test/e2e/globals.d.ts says. */
    bases: { paymentUiUrl?: string; sandboxPaymentUiUrl?: string };
  }
}
