// @vitest-environment happy-dom
// Hardening: 1,200 random steps against two widgets on one page, with the session and lightbox
// code arriving late, so steps also land while an open is still loading.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeMessage } from '../../src/core/protocol';
import type { SurfaceCallbacks } from '../../src/surfaces/surface';
import * as sessionModule from '../../src/session/session';
import { createWidget, type LightboxModule, type PaymentResult, type PayUIWidget } from '../../src/widget';
import { random } from '../fixtures/random';
import { loadInline } from './fake-lightbox';

const UI_ORIGIN = 'http://localhost:5176';

describe('lifecycle torture', () => {
  it('at most one lightbox, isOpen exactly while shown, open/close paired, every open() settles exactly once, with handlers calling back into the API', async () => {
    Object.defineProperty(navigator, 'userAgent', { value: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0.0.0', configurable: true });
    const r = random(1200);
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

    interface Slot {
      widget: PayUIWidget;
      ui: { postMessage: () => void } | null;
      callbacks: SurfaceCallbacks | null;
      /** Destroyed by a handler: replaced before the next step. */
      dead: boolean;
      /** Between an `open` and its `close`. */
      announced: boolean;
      checker: (data: unknown, type: string) => void;
    }
    const settled: { count: number; value?: PaymentResult | string }[] = [];
    const slots: Slot[] = [];
    const problems: string[] = [];
    let reentrantCalls = 0;

    function track(promise: Promise<PaymentResult>): void {
      const entry: { count: number; value?: PaymentResult | string } = { count: 0 };
      settled.push(entry);
      promise.then(
        (result) => { entry.count += 1; entry.value = result; },
        (error: { code: string }) => { entry.count += 1; entry.value = error.code; },
      );
    }

    /** Every `open` is followed by exactly one `close` before the next `open`, whatever the handlers do. */
    function watch(slot: Slot): void {
      slot.widget.off('open close', slot.checker);
      slot.widget.on('open close', slot.checker);
      // And a handler that calls back into the API, so every session meets some.
      slot.widget.on(r.pick(['open', 'close', 'status', 'open-lightbox close-lightbox'] as const), meddler(slot));
    }

    /** A handler that calls back into the widget: any public method, as a merchant's code might. */
    function meddler(slot: Slot) {
      return () => {
        reentrantCalls += 1;
        const { widget } = slot;
        try {
          switch (r.int(7)) {
            case 0: track(widget.open()); break;
            case 1: widget.close(); break;
            case 2: if (r.chance(0.3)) { widget.destroy(); slot.dead = true; } break;
            case 3: widget.init({ access_token: 'R', sandbox: true, preload: 'none' }); break;
            case 4: widget.on(r.pick(['close', 'open', 'status'] as const), meddler(slot)); break;
            case 5: widget.off(r.pick(['close', 'open', 'status', 'error'] as const)); watch(slot); break;
            default: widget.once(r.pick(['close', 'open-lightbox', 'status-done'] as const), meddler(slot));
          }
        } catch (error) {
          if ((error as { name: string }).name !== 'PayUIError') problems.push(String(error));
        }
      };
    }

    function make(index: number): Slot {
      const slot: Slot = {
        widget: null as unknown as PayUIWidget, ui: null, callbacks: null, dead: false, announced: false,
        checker: (_data, type) => {
          if (type === 'open' && slot.announced) problems.push('open twice without a close');
          if (type === 'close' && !slot.announced) problems.push('close without an open');
          slot.announced = type === 'open';
        },
      };
      const module: LightboxModule = {
        openLightbox(params) {
          // Built around the frame the session code made.
          const { host } = params.frame;
          host.dataset.owner = String(index);
          slot.ui = { postMessage: () => undefined };
          slot.callbacks = params.callbacks;
          return {
            target: slot.ui as unknown as Window,
            focus: () => undefined,
            destroy: () => host.remove(),
            setDimensions: () => undefined,
            fail: () => undefined,
          };
        },
      };
      // The code arrives after 0–2 macrotasks, or fails now and then.
      const loadLightbox = () =>
        new Promise<LightboxModule>((resolve, reject) => {
          const fail = r.chance(0.05);
          setTimeout(() => (fail ? reject(new Error('offline')) : resolve(module)), r.int(3));
        });
      // The session code too: at once, a task or two late, or (rarely) not at all.
      const loadSession = () =>
        new Promise<typeof sessionModule>((resolve, reject) => {
          const fail = r.chance(0.03);
          const late = r.int(3);
          if (late === 0 && !fail) resolve(sessionModule);
          else setTimeout(() => (fail ? reject(new Error('offline')) : resolve(sessionModule)), late);
        });
      slot.widget = createWidget({ loadSession, loadLightbox, loadInline });
      watch(slot);
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
        // Open as far as the events said, exactly when shown.
        if (!slot.dead) expect(slot.announced).toBe(shown);
      });
    }

    for (let step = 0; step < 1200; step += 1) {
      const i = r.int(2);
      if (slots[i]!.dead) slots[i] = make(i);
      const slot = slots[i]!;
      const { widget } = slot;
      try {
        switch (r.int(11)) {
          case 0:
          case 1: track(widget.open()); break;
          case 2: widget.close(); break;
          case 3: widget.init(r.chance(0.8) ? { access_token: 'T', sandbox: true, preload: 'none' } : ({ access_token: 7 } as never)); break;
          case 4: if (r.chance(0.3)) { widget.destroy(); slots[i] = make(i); } break;
          case 5: widget.on(r.pick(['close', 'status-done error', 'open', 'open-lightbox', 'status', 'close-lightbox'] as const), meddler(slot)); break;
          case 6: widget.off(r.chance(0.5) ? undefined : 'close'); watch(slot); break;
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
    expect(problems).toEqual([]);
    // The handlers did call back into the API, often.
    expect(reentrantCalls).toBeGreaterThan(50);
    // Both kinds of ending happened.
    expect(settled.some((s) => typeof s.value === 'object')).toBe(true);
    expect(settled.some((s) => typeof s.value === 'string')).toBe(true);
  });

  afterEach(() => vi.restoreAllMocks());

  it('on a phone: every window the widget opened is closed when its open ends, and every open() settles once', async () => {
    Object.defineProperty(navigator, 'userAgent', { value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148', configurable: true });
    const r = random(600);
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    interface Popup { closed: boolean; postMessage: () => void; focus: () => void; close: () => void }
    const popups: Popup[] = [];
    // One window in seven is blocked (the lightbox opens instead, full screen).
    vi.spyOn(window, 'open').mockImplementation(() => {
      if (r.chance(1 / 7)) return null;
      const popup: Popup = { closed: false, postMessage: () => undefined, focus: () => undefined, close: () => void (popup.closed = true) };
      popups.push(popup);
      return popup as unknown as Window;
    });
    const lightbox: LightboxModule = {
      openLightbox({ frame: { host } }) {
        return { target: { postMessage: () => undefined } as unknown as Window, focus: () => undefined, destroy: () => host.remove(), setDimensions: () => undefined, fail: () => undefined };
      },
    };
    const make = () =>
      createWidget({
        loadSession: () => new Promise((resolve, reject) => setTimeout(() => (r.chance(0.04) ? reject(new Error('offline')) : resolve(sessionModule)), r.int(3))),
        loadLightbox: () => Promise.resolve(lightbox),
        loadInline,
      }, { access_token: 'T', sandbox: true, preload: 'none' });
    let widget = make();
    const settled: { count: number }[] = [];
    const promises = new Set<Promise<PaymentResult>>();
    /** The window of each open, while that open has not settled. */
    const live = new Map<{ count: number }, Popup | undefined>();

    for (let step = 0; step < 600; step += 1) {
      switch (r.int(6)) {
        case 0:
        case 1: {
          const before = popups.length;
          const promise = widget.open();
          if (promises.has(promise)) break; // Already open: the same promise.
          const entry = { count: 0 };
          promises.add(promise);
          settled.push(entry);
          if (popups.length > before) live.set(entry, popups.at(-1));
          const done = () => {
            entry.count += 1;
            live.delete(entry);
          };
          promise.then(done, done);
          break;
        }
        case 2: widget.close(); break;
        case 3: if (r.chance(0.2)) { widget.destroy(); widget = make(); } break;
        case 4: {
          const popup = popups.at(-1);
          if (popup && !popup.closed) {
            window.dispatchEvent(new MessageEvent('message', { data: encodeMessage(r.pick(['widget-detection', 'close', 'status'])), origin: UI_ORIGIN, source: popup as unknown as Window }));
          }
          break;
        }
        default: await tick();
      }
      // A window whose open has ended is closed: none is left behind.
      const ended = popups.filter((p) => ![...live.values()].includes(p));
      expect(ended.filter((p) => !p.closed)).toEqual([]);
      if (step % 5 === 0) await tick();
    }
    widget.destroy();
    for (let i = 0; i < 5; i += 1) await tick();
    expect(popups.length).toBeGreaterThan(40);
    expect(popups.filter((p) => !p.closed)).toEqual([]);
    expect(settled.filter((s) => s.count !== 1)).toEqual([]);
    expect(document.querySelectorAll('[data-payui-lightbox]')).toHaveLength(0);
  });
});
