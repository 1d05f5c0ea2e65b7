// Hardening: thousands of random inputs, each checked against what must hold for any input.
import { describe, expect, it, vi } from 'vitest';
import { createChannel, type MessageHost } from '../../src/core/channel';
import { PayUIError } from '../../src/core/errors';
import { normalizeOptions } from '../../src/core/options';
import { encodeMessage } from '../../src/core/protocol';
import { anyValue, random, type Random } from '../fixtures/random';

const ORIGIN = 'http://localhost:5175';

/** A random message and whether the channel must deliver it. */
function randomMessage(r: Random, target: object, other: object): { data: unknown; origin: string; source: unknown; valid: boolean } {
  const rightOrigin = r.chance(0.6);
  const rightSource = r.chance(0.6);
  const origin = rightOrigin ? ORIGIN : r.pick(['http://localhost:5176', 'http://127.0.0.1:5175', 'https://localhost:5175', 'null', '', 'http://localhost:51750']);
  const source = rightSource ? target : r.pick([other, null, undefined, {}]);
  let data: unknown;
  let wellFormed = false;
  switch (r.int(8)) {
    case 0: data = anyValue(r); break; // not even a string, mostly
    case 1: try { data = JSON.stringify(anyValue(r)) ?? 'undefined'; } catch { data = '1n'; } break;
    case 2: data = `${'{"command":"status","data":'.repeat(r.int(3))}{`; break;
    case 3: data = encodeMessage('status', { paymentInfo: { status: r.pick(['done', 'x']), pad: 'x'.repeat(r.pick([10, 70_000])) } }); wellFormed = (data as string).length <= 65536; break;
    case 4: data = encodeMessage(r.pick(['close', 'widget-close', 'fcp', 'widget-detection'])); wellFormed = true; break;
    case 5: data = encodeMessage('dimensions', { dimensions: { width: r.pick([600, -1, '600', NaN]), height: 500 } }); wellFormed = /"width":600,/.test(data as string); break;
    case 6: data = `{"command":"status","data":{"paymentInfo":{"__proto__":{"polluted":1},"status":"done"}},"__proto__":{"x":1}}`; wellFormed = true; break;
    default: data = encodeMessage(r.pick(['admin', 'eval', 'statusdone', '']), { x: 1 }); break;
  }
  return { data, origin, source, valid: rightOrigin && rightSource && wellFormed };
}

describe('channel fuzz', () => {
  it('10,000 random messages: no exception, and an event exactly for each valid one from the right window', () => {
    const r = random(20261122);
    const listeners = new Set<(event: MessageEvent) => void>();
    const host: MessageHost = { addEventListener: (_t, l) => listeners.add(l), removeEventListener: (_t, l) => listeners.delete(l) };
    const target = { postMessage: vi.fn() };
    const other = { postMessage: vi.fn() };
    const onMessage = vi.fn();
    createChannel({ target, url: ORIGIN, host, onMessage });
    let expected = 0;
    for (let i = 0; i < 10_000; i += 1) {
      const message = randomMessage(r, target, other);
      if (message.valid) expected += 1;
      expect(() => listeners.forEach((l) => l(message as unknown as MessageEvent))).not.toThrow();
    }
    expect(expected).toBeGreaterThan(500);
    expect(onMessage).toHaveBeenCalledTimes(expected);
    for (const [message] of onMessage.mock.calls) expect(JSON.stringify(message)).not.toContain('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('option fuzz', () => {
  const TOP = ['access_token', 'access_data', 'payment_url', 'sandbox', 'paymentUiUrl', 'sandboxPaymentUiUrl', 'queryParams', 'iframeOnly', 'lightbox', 'childWindow', 'loadTimeout', 'preload', 'language', 'acess_token'];
  const LIGHTBOX = ['width', 'height', 'zIndex', 'overlayOpacity', 'overlayBackground', 'modal', 'closeByClick', 'closeByKeyboard', 'closeButton', 'contentBackground', 'contentMargin', 'spinner', 'spinnerColor', 'spinnerUrl', 'spinnerRotationPeriod', 'allow', 'widht'];

  function randomOptions(r: Random): unknown {
    if (r.chance(0.03)) return anyValue(r);
    const options: Record<string, unknown> = r.chance(0.8) ? { access_token: 'T' } : {};
    for (let i = r.int(5); i > 0; i -= 1) options[r.pick(TOP)] = anyValue(r);
    if (r.chance(0.5)) {
      const lightbox: Record<string, unknown> = {};
      for (let i = r.int(5); i > 0; i -= 1) lightbox[r.pick(LIGHTBOX)] = r.chance(0.5) ? anyValue(r) : r.pick(['round', 'custom', 12, '12px', '#abc', true, 0.4, null]);
      options.lightbox = lightbox;
    }
    if (r.chance(0.2)) options.childWindow = { target: r.pick(['_blank', '_self', '_top', 3]) };
    return options;
  }

  it('5,000 random option objects: valid, or PayUIError INVALID_OPTION with a path — never anything else', () => {
    const r = random(5000);
    let valid = 0;
    for (let i = 0; i < 5000; i += 1) {
      const options = randomOptions(r);
      try {
        const normalized = normalizeOptions(options);
        expect(() => new URL(normalized.url)).not.toThrow();
        valid += 1;
      } catch (error) {
        expect(error, String(error)).toBeInstanceOf(PayUIError);
        expect((error as PayUIError).code).toBe('INVALID_OPTION');
        expect((error as PayUIError).path).toMatch(/^[\w.$-]+$|^__proto__$/);
      }
    }
    // Both outcomes are exercised.
    expect(valid).toBeGreaterThan(250);
    expect(valid).toBeLessThan(4750);
  });
});
