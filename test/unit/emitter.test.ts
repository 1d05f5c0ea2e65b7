import { describe, expect, it, vi } from 'vitest';
import { createEmitter } from '../../src/core/emitter';
import { PayUIError } from '../../src/core/errors';
import { EventTypes, type EventMap } from '../../src/core/events';

const names = new Set<string>(Object.values(EventTypes));
const make = (report = vi.fn()) => ({ emitter: createEmitter<EventMap>(names, report), report });
const done = { paymentInfo: { status: 'done' } };
const closed = { reason: 'user', lastStatus: null } as const;

describe('emitter', () => {
  it('calls handlers with data and type, in subscription order', () => {
    const { emitter } = make();
    const calls: string[] = [];
    emitter.on('status-done', (data, type) => calls.push(`a:${type}:${data.paymentInfo.status}`));
    emitter.on('status-done', () => calls.push('b'));
    emitter.emit('status-done', done);
    expect(calls).toEqual(['a:status-done:done', 'b']);
  });

  it('takes space-separated names and arrays', () => {
    const { emitter } = make();
    const seen: string[] = [];
    emitter.on(' close   error ', (_d, type) => seen.push(type));
    emitter.on(['status', 'fcp'], (_d, type) => seen.push(type));
    emitter.emit('close', closed);
    emitter.emit('error', { code: 'X', message: '' });
    emitter.emit('status', done);
    emitter.emit('fcp', {});
    emitter.emit('init', {});
    expect(seen).toEqual(['close', 'error', 'status', 'fcp']);
  });

  it('returns an unsubscribe that removes only that subscription', () => {
    const { emitter } = make();
    const handler = vi.fn();
    const first = emitter.on('close', handler);
    emitter.on('close', handler);
    first();
    first();
    emitter.emit('close', closed);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('once runs a handler a single time per name', () => {
    const { emitter } = make();
    const handler = vi.fn();
    emitter.once('close error', handler);
    emitter.emit('close', closed);
    emitter.emit('close', closed);
    emitter.emit('error', { code: 'X', message: '' });
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('off() removes everything, off(types) those events, off(types, h) only h — once wrappers too', () => {
    const { emitter } = make();
    const a = vi.fn();
    const b = vi.fn();
    emitter.on('close', a);
    emitter.once('close', b);
    emitter.on('error', a);
    emitter.off('close', b);
    emitter.emit('close', closed);
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([1, 0]);

    emitter.off('close');
    emitter.emit('close', closed);
    emitter.emit('error', { code: 'X', message: '' });
    expect(a).toHaveBeenCalledTimes(2);

    emitter.on('status', b);
    emitter.off();
    emitter.emit('error', { code: 'X', message: '' });
    emitter.emit('status', done);
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([2, 0]);
  });

  it('off(undefined, h) removes h from every event and leaves every other handler', () => {
    const { emitter } = make();
    const a = vi.fn();
    const b = vi.fn();
    emitter.on('close error', a);
    emitter.once('status', a);
    emitter.on('close status', b);
    emitter.off(undefined, a);
    emitter.emit('close', closed);
    emitter.emit('error', { code: 'X', message: '' });
    emitter.emit('status', done);
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([0, 2]);
  });

  it('off with unknown names or handlers is a harmless no-op', () => {
    const { emitter } = make();
    const a = vi.fn();
    emitter.on('close', a);
    emitter.off('nothing-like-this', a);
    emitter.off('close', () => undefined);
    emitter.emit('close', closed);
    expect(a).toHaveBeenCalledOnce();
  });

  it('a throwing handler is reported and does not stop the others', () => {
    const { emitter, report } = make();
    const after = vi.fn();
    const boom = new Error('merchant bug');
    emitter.on('status', () => { throw boom; });
    emitter.on('status', after);
    expect(() => emitter.emit('status', done)).not.toThrow();
    expect(after).toHaveBeenCalledOnce();
    expect(report).toHaveBeenCalledWith(boom);
  });

  it('handlers added or removed during emit do not disturb the current round', () => {
    const { emitter } = make();
    const late = vi.fn();
    const second = vi.fn();
    emitter.on('close', () => {
      emitter.on('close', late);
      emitter.off('close', second);
    });
    emitter.on('close', second);
    emitter.emit('close', closed);
    expect([late.mock.calls.length, second.mock.calls.length]).toEqual([0, 1]);
  });

  it('reports to console.error by default', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const emitter = createEmitter<EventMap>(names);
    emitter.on('fcp', () => { throw new Error('x'); });
    emitter.emit('fcp', {});
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
  });

  it.each<[string, unknown, unknown, string]>([
    ['an unknown name', 'statusdone', () => undefined, 'types'],
    ['one unknown name among known ones', 'close bogus', () => undefined, 'types'],
    ['an empty string', '  ', () => undefined, 'types'],
    ['a number', 42, () => undefined, 'types'],
    ['an array with something that is not a name', ['close', undefined], () => undefined, 'types'],
    ['a handler that is not a function', 'close', 'nope', 'handler'],
  ])('on() with %s throws INVALID_OPTION', (_name, types, handler, path) => {
    const { emitter } = make();
    const on = emitter.on as (t: unknown, h: unknown) => void;
    let error: unknown;
    try {
      on(types, handler);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PayUIError);
    expect(error).toMatchObject({ code: 'INVALID_OPTION', path });
  });
});
