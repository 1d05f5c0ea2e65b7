// A desktop page of its own for each test of a file that makes widgets: call at the top level.
import { afterEach, beforeEach, vi } from 'vitest';
import type { PayUIWidget } from '../../src/widget';
import { DESKTOP_UA } from './user-agents';

/** The list to put each test's widgets in: destroyed after it, with mocks restored and the DOM emptied. */
export function freshDesktopPage(): PayUIWidget[] {
  const widgets: PayUIWidget[] = [];
  beforeEach(() => {
    Object.defineProperty(navigator, 'userAgent', { value: DESKTOP_UA, configurable: true });
    widgets.length = 0;
  });
  afterEach(() => {
    widgets.forEach((w) => w.destroy());
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    document.body.innerHTML = '';
    document.head.innerHTML = '';
  });
  return widgets;
}
