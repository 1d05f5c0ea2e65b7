import { describe, expect, it } from 'vitest';
import { PayUIError } from '../../src/core/errors';
import { normalizeOptions, type NormalizedOptions } from '../../src/core/options';
import { commonLabels } from '../../src/surfaces/i18n';

const token = { access_token: 'abc.def.ghi' };

function errorOf(options: unknown): PayUIError {
  try {
    normalizeOptions(options);
  } catch (error) {
    return error as PayUIError;
  }
  throw new Error('normalizeOptions accepted invalid options');
}

describe('normalizeOptions: defaults', () => {
  it('fills every default of DESIGN.md §2', () => {
    const o = normalizeOptions(token);
    expect(o).toEqual<NormalizedOptions>({
      url: 'http://localhost:5175/?access_token=abc.def.ghi',
      token: undefined,
      iframeOnly: false,
      lightbox: {
        width: null, height: '100%', zIndex: 1000, overlayOpacity: 0.6, overlayBackground: '#000000',
        modal: false, closeByClick: true, closeByKeyboard: true, closeButton: true,
        contentBackground: '#ffffff', contentMargin: '10px', spinner: 'xsolla', spinnerColor: "#7a7a85",
        spinnerUrl: null, spinnerRotationPeriod: 0, allow: 'payment',
      },
      childWindow: { target: '_blank' },
      loadTimeout: 30000,
      tokenTimeout: 15000,
      preload: 'connect',
      preloadTtl: 600000,
      language: null,
    });
    expect(Object.isFrozen(o)).toBe(true);
    expect(Object.isFrozen(o.lightbox)).toBe(true);
  });
});

type Pick = (o: NormalizedOptions) => unknown;
// [option path, options to merge into a valid base, what the normalized value must be]
const valid: [string, Record<string, unknown>, Pick, unknown][] = [
  ['access_token', { access_token: 'x' }, (o) => o.url, 'http://localhost:5175/?access_token=x'],
  ['access_data', { access_data: { user: { id: { value: '1' } }, settings: { project_id: 7 } } }, (o) => new URL(o.url).searchParams.get('access_data'),
    '{"user":{"id":{"value":"1"}},"settings":{"project_id":7}}'],
  ['payment_url', { payment_url: 'https://pay.example.test/p?x=1' }, (o) => o.url, 'https://pay.example.test/p?x=1'],
  ['sandbox', { ...token, sandbox: true }, (o) => o.url, 'http://localhost:5176/?access_token=abc.def.ghi'],
  ['paymentUiUrl', { ...token, paymentUiUrl: 'https://ui.example.test/paystation/?a=1' }, (o) => o.url, 'https://ui.example.test/paystation/?a=1&access_token=abc.def.ghi'],
  ['sandboxPaymentUiUrl', { ...token, sandbox: true, sandboxPaymentUiUrl: 'http://127.0.0.1:9999' }, (o) => o.url, 'http://127.0.0.1:9999/?access_token=abc.def.ghi'],
  ['queryParams', { ...token, queryParams: { a: '1', theme: 'dark' } }, (o) => o.url, 'http://localhost:5175/?access_token=abc.def.ghi&a=1&theme=dark'],
  ['iframeOnly', { ...token, iframeOnly: true }, (o) => o.iframeOnly, true],
  ['lightbox.width number', { ...token, lightbox: { width: 740 } }, (o) => o.lightbox.width, '740px'],
  ['lightbox.width length', { ...token, lightbox: { width: '80vw' } }, (o) => o.lightbox.width, '80vw'],
  ['lightbox.width null', { ...token, lightbox: { width: null } }, (o) => o.lightbox.width, null],
  ['lightbox.height number', { ...token, lightbox: { height: 500.5 } }, (o) => o.lightbox.height, '500.5px'],
  ['lightbox.height length', { ...token, lightbox: { height: ' 90% ' } }, (o) => o.lightbox.height, '90%'],
  ['lightbox.height null (from the UI)', { ...token, lightbox: { height: null } }, (o) => o.lightbox.height, null],
  ['lightbox.zIndex', { ...token, lightbox: { zIndex: 2147483647 } }, (o) => o.lightbox.zIndex, 2147483647],
  ['lightbox.zIndex 0', { ...token, lightbox: { zIndex: 0 } }, (o) => o.lightbox.zIndex, 0],
  ['lightbox.overlayOpacity 0', { ...token, lightbox: { overlayOpacity: 0 } }, (o) => o.lightbox.overlayOpacity, 0],
  ['lightbox.overlayOpacity 1', { ...token, lightbox: { overlayOpacity: 1 } }, (o) => o.lightbox.overlayOpacity, 1],
  ['lightbox.overlayBackground hex', { ...token, lightbox: { overlayBackground: '#123abc' } }, (o) => o.lightbox.overlayBackground, '#123abc'],
  ['lightbox.overlayBackground rgb', { ...token, lightbox: { overlayBackground: 'rgb(0 0 0 / 50%)' } }, (o) => o.lightbox.overlayBackground, 'rgb(0 0 0 / 50%)'],
  ['lightbox.modal', { ...token, lightbox: { modal: true } }, (o) => o.lightbox.modal, true],
  ['lightbox.closeByClick', { ...token, lightbox: { closeByClick: false } }, (o) => o.lightbox.closeByClick, false],
  ['lightbox.closeByKeyboard', { ...token, lightbox: { closeByKeyboard: false } }, (o) => o.lightbox.closeByKeyboard, false],
  ['lightbox.closeButton', { ...token, lightbox: { closeButton: false } }, (o) => o.lightbox.closeButton, false],
  ['lightbox.contentBackground', { ...token, lightbox: { contentBackground: 'transparent' } }, (o) => o.lightbox.contentBackground, 'transparent'],
  ['lightbox.contentMargin number', { ...token, lightbox: { contentMargin: 0 } }, (o) => o.lightbox.contentMargin, '0px'],
  ['lightbox.contentMargin lengths', { ...token, lightbox: { contentMargin: '8px  16px' } }, (o) => o.lightbox.contentMargin, '8px 16px'],
  ['lightbox.contentMargin bare 0', { ...token, lightbox: { contentMargin: '0' } }, (o) => o.lightbox.contentMargin, '0'],
  ['lightbox.spinner round', { ...token, lightbox: { spinner: 'round' } }, (o) => o.lightbox.spinner, 'round'],
  ['lightbox.spinner none', { ...token, lightbox: { spinner: 'none' } }, (o) => o.lightbox.spinner, 'none'],
  ['lightbox.spinner custom', { ...token, lightbox: { spinner: 'custom', spinnerUrl: 'https://cdn.example.test/s.svg' } },
    (o) => [o.lightbox.spinner, o.lightbox.spinnerUrl], ['custom', 'https://cdn.example.test/s.svg']],
  ['lightbox.spinnerColor', { ...token, lightbox: { spinnerColor: 'hsl(210 50% 40%)' } }, (o) => o.lightbox.spinnerColor, 'hsl(210 50% 40%)'],
  ['lightbox.spinnerRotationPeriod', { ...token, lightbox: { spinnerRotationPeriod: 1.5 } }, (o) => o.lightbox.spinnerRotationPeriod, 1.5],
  ['lightbox.allow', { ...token, lightbox: { allow: "payment; fullscreen 'self'" } }, (o) => o.lightbox.allow, "payment; fullscreen 'self'"],
  ['childWindow.target _self', { ...token, childWindow: { target: '_self' } }, (o) => o.childWindow.target, '_self'],
  ['childWindow.target _parent', { ...token, childWindow: { target: '_parent' } }, (o) => o.childWindow.target, '_parent'],
  ['loadTimeout', { ...token, loadTimeout: 1000 }, (o) => o.loadTimeout, 1000],
  ['preload', { ...token, preload: 'none' }, (o) => o.preload, 'none'],
  ['preload ui', { ...token, preload: 'ui' }, (o) => o.preload, 'ui'],
  ['preloadTtl', { ...token, preloadTtl: 60_000 }, (o) => o.preloadTtl, 60_000],
  ['language', { ...token, language: 'de' }, (o) => o.language, 'de'],
  // Any case is taken; the words are chosen by its lowercase.
  ['language in capitals', { ...token, language: 'DE' }, (o) => [o.language, commonLabels(o.language, { documentElement: { lang: 'fr' } } as Document).lang], ['DE', 'de']],
  ['undefined values mean defaults', { ...token, sandbox: undefined, lightbox: { zIndex: undefined } }, (o) => [o.url, o.lightbox.zIndex], ['http://localhost:5175/?access_token=abc.def.ghi', 1000]],
];

describe('normalizeOptions: valid values', () => {
  it.each(valid)('%s', (_name, options, pick, expected) => {
    expect(pick(normalizeOptions(options))).toEqual(expected);
  });
});

const lb = (lightbox: unknown) => ({ ...token, lightbox });
// [what is wrong, options, path the error must name]
const invalid: [string, unknown, string][] = [
  ['options not an object', 'abc', 'options'],
  ['options null', null, 'options'],
  ['options an array', [token], 'options'],
  ['no access at all', {}, 'access_token'],
  ['both token and data', { access_token: 'a', access_data: {} }, 'access_data'],
  ['token and payment_url', { access_token: 'a', payment_url: 'https://x.test' }, 'payment_url'],
  ['token not a string', { access_token: 42 }, 'access_token'],
  ['token empty', { access_token: '  ' }, 'access_token'],
  ['access_data an array', { access_data: [1] }, 'access_data'],
  ['access_data a string', { access_data: '{"a":1}' }, 'access_data'],
  ['access_data with BigInt', { access_data: { n: BigInt(1) } }, 'access_data'],
  ['payment_url javascript:', { payment_url: 'javascript:alert(1)' }, 'payment_url'],
  ['payment_url not a URL', { payment_url: 'http://' }, 'payment_url'],
  ['payment_url with credentials', { payment_url: 'https://u:p@x.test/' }, 'payment_url'],
  ['unknown top-level key', { ...token, acess_token: 'typo' }, 'acess_token'],
  ['prototype key', JSON.parse('{"access_token":"t","__proto__":{"sandbox":true}}'), '__proto__'],
  ['sandbox a string', { ...token, sandbox: 'true' }, 'sandbox'],
  ['paymentUiUrl data:', { ...token, paymentUiUrl: 'data:text/html,hi' }, 'paymentUiUrl'],
  ['sandboxPaymentUiUrl a number', { ...token, sandboxPaymentUiUrl: 5 }, 'sandboxPaymentUiUrl'],
  ['queryParams an array', { ...token, queryParams: ['a'] }, 'queryParams'],
  ['queryParams a number value', { ...token, queryParams: { page: 2 } }, 'queryParams.page'],
  ['queryParams overriding the token', { ...token, queryParams: { access_token: 'other' } }, 'queryParams.access_token'],
  ['iframeOnly a number', { ...token, iframeOnly: 1 }, 'iframeOnly'],
  ['lightbox not an object', lb(true), 'lightbox'],
  ['lightbox unknown key', lb({ widht: 10 }), 'lightbox.widht'],
  ['lightbox.width negative', lb({ width: -5 }), 'lightbox.width'],
  ['lightbox.width NaN', lb({ width: NaN }), 'lightbox.width'],
  ['lightbox.width CSS injection', lb({ width: '10px; background:url(x)' }), 'lightbox.width'],
  ['lightbox.height true', lb({ height: true }), 'lightbox.height'],
  ['lightbox.height no unit', lb({ height: '500' }), 'lightbox.height'],
  ['lightbox.zIndex fraction', lb({ zIndex: 1.5 }), 'lightbox.zIndex'],
  ['lightbox.zIndex negative', lb({ zIndex: -1 }), 'lightbox.zIndex'],
  ['lightbox.zIndex too large', lb({ zIndex: 2 ** 31 }), 'lightbox.zIndex'],
  ['lightbox.zIndex a string', lb({ zIndex: '1000' }), 'lightbox.zIndex'],
  ['lightbox.overlayOpacity above 1', lb({ overlayOpacity: 1.2 }), 'lightbox.overlayOpacity'],
  ['lightbox.overlayOpacity below 0', lb({ overlayOpacity: -0.1 }), 'lightbox.overlayOpacity'],
  ['lightbox.overlayOpacity Infinity', lb({ overlayOpacity: Infinity }), 'lightbox.overlayOpacity'],
  ['lightbox.overlayBackground injection', lb({ overlayBackground: 'red; display:none' }), 'lightbox.overlayBackground'],
  ['lightbox.overlayBackground url()', lb({ overlayBackground: 'url(https://x.test/a.png)' }), 'lightbox.overlayBackground'],
  ['lightbox.overlayBackground 5 hex digits', lb({ overlayBackground: '#12345' }), 'lightbox.overlayBackground'],
  ['lightbox.modal a string', lb({ modal: 'yes' }), 'lightbox.modal'],
  ['lightbox.closeByClick null', lb({ closeByClick: null }), 'lightbox.closeByClick'],
  ['lightbox.closeByKeyboard 0', lb({ closeByKeyboard: 0 }), 'lightbox.closeByKeyboard'],
  ['lightbox.closeButton a string', lb({ closeButton: 'false' }), 'lightbox.closeButton'],
  ['lightbox.contentBackground a number', lb({ contentBackground: 0xffffff }), 'lightbox.contentBackground'],
  ['lightbox.contentMargin negative', lb({ contentMargin: -1 }), 'lightbox.contentMargin'],
  ['lightbox.contentMargin five values', lb({ contentMargin: '1px 2px 3px 4px 5px' }), 'lightbox.contentMargin'],
  ['lightbox.spinner unknown', lb({ spinner: 'dots' }), 'lightbox.spinner'],
  ['lightbox.spinner custom without url', lb({ spinner: 'custom' }), 'lightbox.spinnerUrl'],
  ['lightbox.spinnerUrl javascript:', lb({ spinner: 'custom', spinnerUrl: 'javascript:void 0' }), 'lightbox.spinnerUrl'],
  ['lightbox.spinnerColor an object', lb({ spinnerColor: {} }), 'lightbox.spinnerColor'],
  ['lightbox.spinnerRotationPeriod negative', lb({ spinnerRotationPeriod: -1 }), 'lightbox.spinnerRotationPeriod'],
  ['lightbox.spinnerRotationPeriod too long', lb({ spinnerRotationPeriod: 61 }), 'lightbox.spinnerRotationPeriod'],
  ['lightbox.allow with quotes that break out', lb({ allow: 'payment" onload="x' }), 'lightbox.allow'],
  ['lightbox.allow a boolean', lb({ allow: true }), 'lightbox.allow'],
  ['childWindow not an object', { ...token, childWindow: '_blank' }, 'childWindow'],
  ['childWindow unknown key', { ...token, childWindow: { features: 'width=1' } }, 'childWindow.features'],
  ['childWindow.target unknown', { ...token, childWindow: { target: '_top' } }, 'childWindow.target'],
  ['loadTimeout too short', { ...token, loadTimeout: 999 }, 'loadTimeout'],
  ['loadTimeout too long', { ...token, loadTimeout: 600_001 }, 'loadTimeout'],
  ['loadTimeout fraction', { ...token, loadTimeout: 1500.5 }, 'loadTimeout'],
  ['loadTimeout a string', { ...token, loadTimeout: '30000' }, 'loadTimeout'],
  ['preload unknown', { ...token, preload: 'eager' }, 'preload'],
  ['preload true', { ...token, preload: true }, 'preload'],
  ['preloadTtl too short', { ...token, preloadTtl: 999 }, 'preloadTtl'],
  ['preloadTtl past the token lifetime', { ...token, preloadTtl: 86_400_000 }, 'preloadTtl'],
  ['preloadTtl a string', { ...token, preloadTtl: '600000' }, 'preloadTtl'],
  ['language 3 letters', { ...token, language: 'eng' }, 'language'],
  ['language a locale', { ...token, language: 'en-US' }, 'language'],
];

describe('normalizeOptions: invalid values', () => {
  it.each(invalid)('%s → INVALID_OPTION at the right path', (_name, options, path) => {
    const error = errorOf(options);
    expect(error).toBeInstanceOf(PayUIError);
    expect(error.code).toBe('INVALID_OPTION');
    expect(error.path).toBe(path);
    expect(error.message).toContain(path);
  });

  it('turns a throwing getter into a PayUIError, not a TypeError', () => {
    const options = { get access_token(): string { throw new TypeError('boom'); } };
    const error = errorOf(options);
    expect(error).toBeInstanceOf(PayUIError);
    expect(error.code).toBe('INVALID_OPTION');
  });

  it('turns a hostile proxy into a PayUIError', () => {
    const options = new Proxy({}, { ownKeys() { throw new Error('no keys'); } });
    expect(errorOf(options).code).toBe('INVALID_OPTION');
  });

  it('rejects a cyclic access_data instead of overflowing', () => {
    const data: Record<string, unknown> = {};
    data.self = data;
    expect(errorOf({ access_data: data }).path).toBe('access_data');
  });
});

describe('normalizeOptions: the caller’s objects', () => {
  it('never mutates or keeps them', () => {
    const queryParams = { a: '1' };
    const lightbox = { zIndex: 5 };
    const options = { ...token, queryParams, lightbox };
    const snapshot = structuredClone(options);
    const o = normalizeOptions(options);
    expect(options).toEqual(snapshot);
    queryParams.a = 'changed';
    lightbox.zIndex = 6;
    expect(o.url).toBe('http://localhost:5175/?access_token=abc.def.ghi&a=1');
    expect(o.lightbox.zIndex).toBe(5);
  });

  it('accepts options built in another realm (by tag, not prototype)', () => {
    const foreign = Object.create(null) as Record<string, unknown>;
    foreign.access_token = 't';
    expect(normalizeOptions(foreign).url).toBe('http://localhost:5175/?access_token=t');
  });
});
