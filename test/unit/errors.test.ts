import { describe, expect, it } from 'vitest';
import { ErrorCodes, PayUIError } from '../../src/core/errors';
import { EVENT_NAMES, EventTypes, isPaymentStatus } from '../../src/core/events';

describe('PayUIError', () => {
  it('carries a stable code and the option path, and is a real Error', () => {
    const error = new PayUIError('INVALID_OPTION', 'expected a number', 'lightbox.zIndex');
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(PayUIError);
    expect(new Error('x')).not.toBeInstanceOf(PayUIError);
    expect([error.name, error.code, error.path, error.message]).toEqual(['PayUIError', 'INVALID_OPTION', 'lightbox.zIndex', 'lightbox.zIndex: expected a number']);
    expect('path' in new PayUIError('DESTROYED', 'gone')).toBe(false);
  });

  it('lists exactly the codes of DESIGN.md §5', () => {
    expect(Object.keys(ErrorCodes)).toEqual(['INVALID_OPTION', 'NOT_INITIALIZED', 'DESTROYED', 'ALREADY_OPEN', 'POPUP_BLOCKED', 'LOAD_TIMEOUT', 'UNSUPPORTED_ENVIRONMENT', 'TOKEN_FAILED']);
    for (const [key, value] of Object.entries(ErrorCodes)) expect(value).toBe(key);
  });
});

describe('EventTypes', () => {
  it('names exactly the events of DESIGN.md §3', () => {
    expect(Object.values(EventTypes)).toEqual(['init', 'open', 'open-lightbox', 'open-window', 'open-inline', 'load', 'close', 'close-lightbox', 'close-window', 'close-inline',
      'status', 'status-invoice', 'status-delivering', 'status-done', 'status-troubled', 'user-country', 'fcp', 'error']);
    expect(EventTypes.STATUS_DONE).toBe('status-done');
    expect(EVENT_NAMES.has('close-window')).toBe(true);
    expect(EVENT_NAMES.has('close-inline')).toBe(true);
    expect(EventTypes.OPEN_INLINE).toBe('open-inline');
    expect(EVENT_NAMES.has('closewindow')).toBe(false);
    expect(isPaymentStatus('troubled')).toBe(true);
    expect(isPaymentStatus('canceled')).toBe(false);
  });
});
