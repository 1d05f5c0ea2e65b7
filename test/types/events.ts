// Type-level tests: `npm run typecheck` compiles this file, so an assertion that stops holding,
// or a `@ts-expect-error` that no longer sees an error, fails the test run.
import { expectTypeOf } from 'vitest';
import { createEmitter } from '../../src/core/emitter';
import { EventTypes, type CloseReason, type EventMap, type EventType, type PaymentInfo } from '../../src/core/events';

const emitter = createEmitter<EventMap>(new Set(Object.values(EventTypes)));

// Every name in EventTypes has data in EventMap, and nothing more.
expectTypeOf<keyof EventMap>().toEqualTypeOf<EventType>();

emitter.on('status-done', (data, type) => {
  expectTypeOf(data.paymentInfo).toEqualTypeOf<PaymentInfo>();
  expectTypeOf(type).toEqualTypeOf<'status-done'>();
});
emitter.on(EventTypes.CLOSE, (data) => {
  expectTypeOf(data.reason).toEqualTypeOf<CloseReason>();
  expectTypeOf(data.lastStatus).toEqualTypeOf<string | null>();
});
emitter.on('user-country', (data) => expectTypeOf(data.user_country).toBeString());
emitter.once('error', (data) => expectTypeOf(data.code).toBeString());

// Several names at once: the handler sees the union of their data and names.
emitter.on('close error', (data, type) => {
  expectTypeOf(type).toEqualTypeOf<'close' | 'error'>();
  expectTypeOf(data).toEqualTypeOf<EventMap['close'] | EventMap['error']>();
});
emitter.on(['status', 'fcp'], (_data, type) => expectTypeOf(type).toEqualTypeOf<'status' | 'fcp'>());

// @ts-expect-error an unknown event name does not compile
emitter.on('status-complete', () => undefined);
// @ts-expect-error one unknown name among known ones does not compile
emitter.on('close status-complete', () => undefined);
// @ts-expect-error nor in an array
emitter.on(['close', 'statusdone'], () => undefined);
// @ts-expect-error the handler's data is typed: close has no paymentInfo
emitter.on('close', (data) => data.paymentInfo);

emitter.emit('status', { paymentInfo: { status: 'done' } });
// @ts-expect-error emit checks the data against the event
emitter.emit('status', { reason: 'user' });

// open()'s result always carries paymentInfo (null when the UI sent none), as DESIGN.md §1 types it.
declare const result: import('../../src/index').PaymentResult;
const info: import('../../src/index').PaymentInfo | null = result.paymentInfo;
void info;
