import { describe, expect, it, vi } from 'vitest';
import { createChannel, type MessageHost } from '../../src/core/channel';
import { MAX_MESSAGE_BYTES, decodeMessage, encodeMessage, toUiMessage } from '../../src/core/protocol';

/** A raw message as the channel reads it: decoded, then shaped by its command. */
const parseUiMessage = (raw: unknown) => {
  const decoded = decodeMessage(raw);
  return decoded && toUiMessage(decoded);
};

/** A fake merchant window: records listeners and lets the test dispatch message events. */
function fakeHost() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const host: MessageHost = {
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  const deliver = (data: unknown, origin: string, source: unknown) =>
    listeners.forEach((listener) => listener({ data, origin, source } as MessageEvent));
  return { host, listeners, deliver };
}
const fakeWindow = () => ({ postMessage: vi.fn() });

const ORIGIN = 'http://localhost:5175';
function setup() {
  const { host, listeners, deliver } = fakeHost();
  const target = fakeWindow();
  const onMessage = vi.fn();
  const channel = createChannel({ target, url: `${ORIGIN}/?access_token=T`, onMessage, host });
  return { channel, target, onMessage, listeners, deliver };
}

describe('channel: incoming', () => {
  it('accepts a well-formed message from the exact origin and window', () => {
    const { deliver, target, onMessage } = setup();
    deliver(encodeMessage('status', { paymentInfo: { status: 'done', invoice: 7 } }), ORIGIN, target);
    expect(onMessage).toHaveBeenCalledWith({ command: 'status', data: { paymentInfo: { status: 'done', invoice: 7 } } });
  });

  it.each<[string, string, 'target' | 'other' | 'null']>([
    ['another port', 'http://localhost:5176', 'target'],
    ['127.0.0.1 instead of localhost', 'http://127.0.0.1:5175', 'target'],
    ['https instead of http', 'https://localhost:5175', 'target'],
    ['an origin that only starts the same', 'http://localhost:51750', 'target'],
    ['the opaque origin', 'null', 'target'],
    ['the right origin but another window', ORIGIN, 'other'],
    ['the right origin but no source', ORIGIN, 'null'],
  ])('drops a message from %s', (_name, origin, source) => {
    const { deliver, target, onMessage } = setup();
    const from = source === 'target' ? target : source === 'other' ? fakeWindow() : null;
    deliver(encodeMessage('close'), origin, from);
    expect(onMessage).not.toHaveBeenCalled();
  });

  it.each<[string, unknown]>([
    ['an object instead of a string', { command: 'close', data: {} }],
    ['a number', 42],
    ['null', null],
    ['unparsable JSON', '{"command":"close"'],
    ['JSON that is not an object', '"close"'],
    ['an array', '[{"command":"close"}]'],
    ['no command', '{"data":{}}'],
    ['a non-string command', '{"command":7}'],
    ['an unknown command', encodeMessage('make-me-admin')],
    ['data that is not an object', '{"command":"close","data":"x"}'],
    ['status without paymentInfo', encodeMessage('status', {})],
    ['status with paymentInfo a string', encodeMessage('status', { paymentInfo: 'done' })],
    ['dimensions with strings', encodeMessage('dimensions', { dimensions: { width: '600', height: 500 } })],
    ['dimensions negative', encodeMessage('dimensions', { dimensions: { width: -1, height: 500 } })],
    ['user-country without a string', encodeMessage('user-country', { user_country: 1 })],
    ['error without a code', encodeMessage('error', { message: 'x' })],
    ['a message over 64 KiB', encodeMessage('status', { paymentInfo: { pad: 'x'.repeat(MAX_MESSAGE_BYTES) } })],
    ['a message over 64 KiB only in UTF-8', encodeMessage('status', { paymentInfo: { pad: 'é'.repeat(MAX_MESSAGE_BYTES / 2) } })],
  ])('drops %s', (_name, raw) => {
    const { deliver, target, onMessage } = setup();
    deliver(raw, ORIGIN, target);
    expect(onMessage).not.toHaveBeenCalled();
  });

  it('accepts a message just under 64 KiB', () => {
    const { deliver, target, onMessage } = setup();
    const envelope = encodeMessage('status', { paymentInfo: { pad: '' } });
    deliver(encodeMessage('status', { paymentInfo: { pad: 'x'.repeat(MAX_MESSAGE_BYTES - envelope.length) } }), ORIGIN, target);
    expect(onMessage).toHaveBeenCalledOnce();
  });

  it('strips __proto__ keys at every depth so nothing downstream can pollute a prototype', () => {
    const { deliver, target, onMessage } = setup();
    deliver('{"command":"status","__proto__":{"x":1},"data":{"paymentInfo":{"status":"done","__proto__":{"polluted":true},"deep":{"__proto__":{"p":1}}}}}', ORIGIN, target);
    const info = onMessage.mock.calls[0]![0].data.paymentInfo;
    expect(Object.keys(info)).toEqual(['status', 'deep']);
    expect(Object.getPrototypeOf(info)).toBe(Object.prototype);
    const merged = Object.assign({}, info, info.deep);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(merged.polluted).toBeUndefined();
  });

  it('keeps error codes from the payment UI as strings', () => {
    const { deliver, target, onMessage } = setup();
    deliver(encodeMessage('error', { code: '0004-0001', message: 'Token expired', extra: 1 }), ORIGIN, target);
    deliver(encodeMessage('error', { code: 42 }), ORIGIN, target);
    expect(onMessage.mock.calls.map((c) => c[0].data)).toEqual([
      { code: '0004-0001', message: 'Token expired', extra: 1 },
      { code: '42', message: '' },
    ]);
  });

  it('survives a throwing onMessage and keeps listening', () => {
    const { host, deliver } = fakeHost();
    const target = fakeWindow();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    createChannel({ target, url: ORIGIN, host, onMessage: (m) => { seen.push(m.command); throw new Error('handler'); } });
    deliver(encodeMessage('fcp'), ORIGIN, target);
    deliver(encodeMessage('close'), ORIGIN, target);
    expect(seen).toEqual(['fcp', 'close']);
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
  });
});

describe('channel: commands outside the protocol', () => {
  it('go to onOther when given (for onMessage subscribers), never to onMessage', () => {
    const { host, deliver } = fakeHost();
    const target = fakeWindow();
    const onMessage = vi.fn();
    const onOther = vi.fn();
    createChannel({ target, url: ORIGIN, host, onMessage, onOther });
    deliver(encodeMessage('loyalty-points', { points: 5 }), ORIGIN, target);
    deliver(encodeMessage('status', {}), ORIGIN, target);
    deliver(encodeMessage('loyalty-points', { points: 6 }), 'http://evil.test', target);
    expect(onOther.mock.calls).toEqual([[{ command: 'loyalty-points', data: { points: 5 } }]]);
    expect(onMessage).not.toHaveBeenCalled();
  });
});

describe('channel: outgoing and lifecycle', () => {
  it('sends JSON strings to the exact origin, never "*"', () => {
    const { channel, target } = setup();
    channel.send('widget-detected', { version: '1.0.0' });
    channel.send('custom');
    expect(target.postMessage.mock.calls).toEqual([
      ['{"command":"widget-detected","data":{"version":"1.0.0"}}', ORIGIN],
      ['{"command":"custom","data":{}}', ORIGIN],
    ]);
  });

  it('swallows a postMessage that throws (a closed window)', () => {
    const { channel, target } = setup();
    target.postMessage.mockImplementation(() => { throw new Error('closed'); });
    expect(() => channel.send('x')).not.toThrow();
  });

  it('destroy() removes its listener, stops sending, and is idempotent', () => {
    const { channel, target, onMessage, listeners, deliver } = setup();
    expect(listeners.size).toBe(1);
    channel.destroy();
    channel.destroy();
    expect(listeners.size).toBe(0);
    deliver(encodeMessage('close'), ORIGIN, target);
    channel.send('x');
    expect(onMessage).not.toHaveBeenCalled();
    expect(target.postMessage).not.toHaveBeenCalled();
  });

  it('listens on the current window by default', () => {
    const add = vi.fn();
    const remove = vi.fn();
    vi.stubGlobal('addEventListener', add);
    vi.stubGlobal('removeEventListener', remove);
    createChannel({ target: fakeWindow(), url: ORIGIN, onMessage: vi.fn() }).destroy();
    vi.unstubAllGlobals();
    expect(add).toHaveBeenCalledOnce();
    expect(remove).toHaveBeenCalledWith('message', add.mock.calls[0]![1]);
  });

  it('outside a browser, fails with UNSUPPORTED_ENVIRONMENT instead of a TypeError', () => {
    expect(() => createChannel({ target: fakeWindow(), url: ORIGIN, onMessage: vi.fn() }))
      .toThrow(expect.objectContaining({ name: 'PayUIError', code: 'UNSUPPORTED_ENVIRONMENT' }));
  });
});

describe('protocol', () => {
  it('decodes envelopes without data as empty data', () => {
    expect(decodeMessage('{"command":"close"}')).toEqual({ command: 'close', data: {} });
  });
  it('turns widget commands into typed UI messages', () => {
    expect(parseUiMessage(encodeMessage('dimensions', { dimensions: { width: 740, height: 620, extra: 1 } })))
      .toEqual({ command: 'dimensions', data: { dimensions: { width: 740, height: 620 } } });
    expect(parseUiMessage(encodeMessage('user-country', { user_country: 'DE' }))).toEqual({ command: 'user-country', data: { user_country: 'DE' } });
    expect(parseUiMessage(encodeMessage('widget-close'))).toEqual({ command: 'widget-close', data: {} });
    expect(parseUiMessage(encodeMessage('widget-detection'))).toEqual({ command: 'widget-detection', data: {} });
  });
  it('survives deeply nested JSON', () => {
    const deep = `{"command":"fcp","data":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
    expect(() => parseUiMessage(deep)).not.toThrow();
  });
});
