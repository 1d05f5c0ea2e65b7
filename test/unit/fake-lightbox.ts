// A stand-in for the lightbox code (payui-lightbox.js) in unit tests: each open is built around the
// frame the session code made (its host element) and hands back a fake payment UI window the test
// can speak through, with every surface method a spy; `go` hears the address the frame gets.
// `loaded` holds the code back until it settles (a slow download).
import { vi, type Mock } from 'vitest';
import type { LightboxParams } from '../../src/surfaces/lightbox/lightbox';
import type { LightboxModule } from '../../src/widget';

export interface FakeLightbox {
  params: LightboxParams;
  host: HTMLElement;
  ui: { postMessage: Mock<(message: string, origin: string) => void> };
  go: Mock<(url: string) => void>;
  fail: Mock<() => void>;
  destroy: Mock<() => void>;
}

export function fakeLightboxes(loaded: Promise<unknown> = Promise.resolve()) {
  const opened: FakeLightbox[] = [];
  const module: LightboxModule = {
    openLightbox(params) {
      const { host } = params.frame;
      const entry: FakeLightbox = { params, host, ui: { postMessage: vi.fn() }, go: vi.fn(), fail: vi.fn(), destroy: vi.fn(() => host.remove()) };
      params.frame.listen({ address: () => entry.go(params.frame.frame.getAttribute('src')!), load: () => undefined });
      opened.push(entry);
      return { target: entry.ui as unknown as Window, setDimensions: vi.fn(), focus: vi.fn(), fail: entry.fail, destroy: entry.destroy };
    },
  };
  return { opened, load: vi.fn(() => loaded.then(() => module)) };
}

/** The real inline surface's code (surfaces/inline/inline.ts), for widgets that never mount or do. */
export const loadInline = () => import('../../src/surfaces/inline/inline');
