// @vitest-environment happy-dom
// Hardening: 1,200 random steps against two widgets on one page, with the lightbox code arriving
// late, so steps also land while an open is still loading.
import { describe, expect, it } from 'vitest';
import { encodeMessage } from '../../src/core/protocol';
import type { LauncherCallbacks } from '../../src/launchers/types';
import * as sessionModule from '../../src/session';
import { createWidget, type LightboxModule, type PaymentResult, type PayUIWidget } from '../../src/widget';
import { random } from '../fixtures/random';

const UI_ORIGIN = 'http://localhost:5176';

describe('lifecycle torture', () => {
  it('at most one lightbox, isOpen exactly while shown, every open() settles exactly once', async () => {
    Object.defineProperty(navigator, 'userAgent', { value: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0.0.0', configurable: true });
    const r = random(1200);
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

    interface Slot {
      widget: PayUIWidget;
      ui: { postMessage: () => void } | null;
      callbacks: LauncherCallbacks | null;
    }
    const settled: { count: number; value?: PaymentResult | string }[] = [];
    const slots: Slot[] = [];

    function make(index: number): Slot {
      const slot: Slot = { widget: null as unknown as PayUIWidget, ui: null, callbacks: null };
      const module: LightboxModule = {
        openLightbox(params) {
          const host = document.createElement('div');
          host.setAttribute('data-payui-lightbox', '');
          host.dataset.owner = String(index);
          document.body.append(host);
          slot.ui = { postMessage: () => undefined };
          slot.callbacks = params.callbacks;
          return {
            target: slot.ui as unknown as Window,
            focus: () => undefined,
            destroy: () => host.remove(),
          };
        },
      };
      // The code arrives after 0–2 macrotasks, or fails now and then.
      const loadLightbox = () =>
        new Promise<LightboxModule>((resolve, reject) => {
          const fail = r.chance(0.05);
          setTimeout(() => (fail ? reject(new Error('offline')) : resolve(module)), r.int(3));
        });
      slot.widget = createWidget({ loadSession: () => Promise.resolve(sessionModule), loadLightbox });
      return slot;
    }
    slots.push(make(0), make(1));

    const say = (slot: Slot, command: string, data?: object) => {
      if (!slot.ui) return;
      window.dispatchEvent(new MessageEvent('message', { data: encodeMessage(command, data), origin: UI_ORIGIN, source: slot.ui as unknown as Window }));
    };

    function check() {
      const hosts = document.querySelectorAll<HTMLElement>('[data-payui-lightbox]');
      expect(hosts.length).toBeLessThanOrEqual(1);
      slots.forEach((slot, i) => {
        const shown = [...hosts].some((h) => h.dataset.owner === String(i));
        expect(slot.widget.isOpen).toBe(shown);
      });
    }

    for (let step = 0; step < 1200; step += 1) {
      const i = r.int(2);
      const slot = slots[i]!;
      const { widget } = slot;
      try {
        switch (r.int(11)) {
          case 0:
          case 1: {
            const entry: { count: number; value?: PaymentResult | string } = { count: 0 };
            settled.push(entry);
            widget.open().then(
              (result) => { entry.count += 1; entry.value = result; },
              (error: { code: string }) => { entry.count += 1; entry.value = error.code; },
            );
            break;
          }
          case 2: widget.close(); break;
          case 3: widget.init(r.chance(0.8) ? { access_token: 'T', sandbox: true, preload: 'none' } : ({ access_token: 7 } as never)); break;
          case 4: if (r.chance(0.3)) { widget.destroy(); slots[i] = make(i); } break;
          case 5: widget.on(r.pick(['close', 'status-done error', 'open'] as const), () => undefined); break;
          case 6: widget.off(r.chance(0.5) ? undefined : 'close'); break;
          case 7: say(slot, 'status', { paymentInfo: { status: r.pick(['invoice', 'done', 'troubled']) } }); break;
          case 8: say(slot, r.pick(['close', 'widget-close', 'dimensions']), { dimensions: { width: 700, height: 600 } }); break;
          case 9: if (widget.isOpen) slot.callbacks?.onUserClose(); break;
          default: await tick(); break;
        }
      } catch (error) {
        // Only init with bad options and calls on a destroyed widget may throw, and only PayUIErrors.
        expect((error as { name: string }).name).toBe('PayUIError');
      }
      check();
      if (step % 7 === 0) {
        await tick();
        check();
      }
    }

    slots.forEach((slot) => slot.widget.destroy());
    for (let i = 0; i < 5; i += 1) await tick();
    check();
    expect(document.querySelectorAll('[data-payui-lightbox]')).toHaveLength(0);
    expect(settled.length).toBeGreaterThan(150);
    expect(settled.filter((s) => s.count !== 1)).toEqual([]);
    // Both kinds of ending happened.
    expect(settled.some((s) => typeof s.value === 'object')).toBe(true);
    expect(settled.some((s) => typeof s.value === 'string')).toBe(true);
  });
});
