// What the benchmark page has on window.
import type { PayUIWidget } from '../src/index';

declare global {
  interface Window {
    PayUI: PayUIWidget;
    token: () => Promise<string>;
  }
}
