import { describe, expect, it } from 'vitest';
import { normalizeOptions } from '../../src/core/options';
import { buildPaymentUrl, withAccessToken } from '../../src/core/url';

const url = (options: Record<string, unknown>) => normalizeOptions(options).url;

describe('the payment UI address', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['token on the live default', { access_token: 'T1' }, 'http://localhost:5175/?access_token=T1'],
    ['token on the sandbox default', { access_token: 'T1', sandbox: true }, 'http://localhost:5176/?access_token=T1'],
    ['token with characters that need escaping', { access_token: 'a+b/c=&d' }, 'http://localhost:5175/?access_token=a%2Bb%2Fc%3D%26d'],
    ['access_data as JSON', { access_data: { settings: { project_id: 1 } } },
      `http://localhost:5175/?access_data=${encodeURIComponent('{"settings":{"project_id":1}}').replace(/%20/g, '+')}`],
    ['a base with path and query keeps both', { access_token: 'T', paymentUiUrl: 'https://ui.example.test/pay/?locale=de' },
      'https://ui.example.test/pay/?locale=de&access_token=T'],
    ['sandbox base chosen by sandbox', { access_token: 'T', sandbox: true, paymentUiUrl: 'https://live.test/', sandboxPaymentUiUrl: 'https://sb.test/x' },
      'https://sb.test/x?access_token=T'],
    ['queryParams appended in order', { access_token: 'T', queryParams: { b: '2', a: 'x y' } }, 'http://localhost:5175/?access_token=T&b=2&a=x+y'],
    ['queryParams replace a same-named base parameter', { access_token: 'T', paymentUiUrl: 'https://u.test/?theme=light', queryParams: { theme: 'dark' } },
      'https://u.test/?theme=dark&access_token=T'],
    ['payment_url used as is', { payment_url: 'https://custom.test/pay?id=9', queryParams: { ignored: '1' } }, 'https://custom.test/pay?id=9'],
  ];
  it.each(cases)('%s', (_name, options, expected) => {
    expect(url(options)).toBe(expected);
  });

  it('round-trips access_data through the address', () => {
    const data = { user: { id: { value: 'ü 1&2' } }, settings: { project_id: 200001 } };
    const parsed = JSON.parse(new URL(url({ access_data: data })).searchParams.get('access_data')!);
    expect(parsed).toEqual(data);
  });

  it('never mutates queryParams', () => {
    const queryParams = Object.freeze({ a: '1' });
    expect(() => url({ access_token: 'T', queryParams })).not.toThrow();
    expect(queryParams).toEqual({ a: '1' });
  });
});

describe('buildPaymentUrl and withAccessToken (core/url.ts)', () => {
  it('adds the access, then queryParams, each replacing a parameter of the same name', () => {
    expect(buildPaymentUrl('https://u.test/pay?theme=light&access_token=old', { access_token: 'a b', theme: 'dark' })).toBe('https://u.test/pay?theme=dark&access_token=a+b');
    expect(buildPaymentUrl('https://u.test/', { access_data: '{"a":1}' })).toBe('https://u.test/?access_data=%7B%22a%22%3A1%7D');
  });

  it("fills a token provider's token into the address built with an empty one", () => {
    const url = normalizeOptions({ access_token: () => 'x', paymentUiUrl: 'https://u.test/?l=de', queryParams: { q: '1' } }).url;
    expect(url).toBe('https://u.test/?l=de&access_token=&q=1');
    expect(withAccessToken(url, 'T&1')).toBe('https://u.test/?l=de&access_token=T%261&q=1');
  });
});
