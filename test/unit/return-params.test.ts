import { describe, expect, it, vi } from 'vitest';
import { parseReturnParams } from '../../src/core/return-params';

const none = { user_id: null, foreigninvoice: null, invoice_id: null, status: null };

describe('parseReturnParams', () => {
  it.each<[string, string | URL, object]>([
    ['all four', 'https://game.example.test/return?user_id=p-1&foreigninvoice=order-9&invoice_id=123456789&status=done',
      { user_id: 'p-1', foreigninvoice: 'order-9', invoice_id: '123456789', status: 'done' }],
    ['a troubled payment without foreigninvoice', 'https://g.test/r?user_id=u&invoice_id=5&status=troubled', { ...none, user_id: 'u', invoice_id: '5', status: 'troubled' }],
    ['among the merchant’s own parameters', 'https://g.test/r?from=shop&status=done&lang=de', { ...none, status: 'done' }],
    ['escaped values', 'https://g.test/r?user_id=a%20b%26c&status=done', { ...none, user_id: 'a b&c', status: 'done' }],
    ['a relative address', '/return.html?invoice_id=77', { ...none, invoice_id: '77' }],
    ['just a query', '?status=invoice', { ...none, status: 'invoice' }],
    ['a URL object', new URL('https://g.test/?user_id=x'), { ...none, user_id: 'x' }],
    ['empty values count as missing', 'https://g.test/?user_id=&status=', none],
    ['parameters in the fragment do not count', 'https://g.test/#status=done', none],
    ['the first of repeated parameters', 'https://g.test/?status=done&status=troubled', { ...none, status: 'done' }],
    ['no parameters', 'https://g.test/', none],
    ['an empty string', '', none],
    ['something that is not an address', 'http://[bad', none],
  ])('%s', (_name, address, expected) => {
    expect(parseReturnParams(address)).toEqual(expected);
  });

  it('reads the current page by default', () => {
    vi.stubGlobal('location', { href: 'https://g.test/r?status=done&invoice_id=1' });
    expect(parseReturnParams()).toEqual({ ...none, status: 'done', invoice_id: '1' });
    vi.unstubAllGlobals();
  });
});
