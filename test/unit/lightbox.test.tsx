// @vitest-environment happy-dom
import { effect, signal } from '@preact/signals-core';
import { fireEvent, within } from '@testing-library/preact';
import { render } from 'preact';
import { createRef } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dimensions } from '../../src/core/events';
import { normalizeOptions, type LightboxOptions } from '../../src/core/options';
import { commonLabels, withLightboxLabels } from '../../src/surfaces/i18n';
import { createFrame, showHost } from '../../src/surfaces/lightbox/frame';
import { Lightbox, dress, frameSize, type Phase } from '../../src/surfaces/lightbox/LightboxView';

const URL_ = 'http://localhost:5176/?access_token=T';
const lightbox = (options: LightboxOptions = {}) => normalizeOptions({ access_token: 'T', lightbox: options }).lightbox;

function show(options: LightboxOptions = {}, { phase = 'ready' as Phase, dimensions = null as Dimensions | null, fullScreen = false, language = 'en' } = {}) {
  const onCloseRequest = vi.fn();
  const onFrameLoad = vi.fn();
  const state = { phase: signal<Phase>(phase), dimensions: signal(dimensions) };
  const opts = lightbox(options);
  // The frame and the elements above it, as the session code makes them; the chrome goes around it.
  const parts = createFrame(opts, URL_);
  showHost(parts.host);
  parts.frame.addEventListener('load', onFrameLoad);
  const props = {
    options: opts, labels: withLightboxLabels(commonLabels(language)), fullScreen, state, parts,
    closeRef: createRef<HTMLButtonElement>(), onCloseRequest, endGuardRef: createRef<HTMLSpanElement>(), onGuardFocus: () => undefined,
  };
  // As in openLightbox: dressed and rendered again whenever a signal the component read changes.
  stops.push(effect(() => {
    dress(props);
    render(<Lightbox {...props} />, parts.slots.status);
  }));
  stops.push(() => {
    render(null, parts.slots.status);
    parts.remove();
  });
  const container = parts.root;
  screen = within(container);
  const dialog = screen.getByRole('dialog');
  const overlay = container.querySelector<HTMLElement>('[data-part="overlay"]')!;
  return { container, state, dialog, overlay, onCloseRequest, onFrameLoad };
}

/** Queries inside the lightbox's shadow root, of the latest `show`. */
let screen: ReturnType<typeof within>;
const stops: (() => void)[] = [];
const cleanup = () => stops.splice(0).forEach((stop) => stop());
afterEach(cleanup);

describe('Lightbox component', () => {
  it('is a labelled modal dialog with a titled, focusable iframe of the payment UI', () => {
    const { dialog } = show();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-label')).toBe('Payment');
    const frame = screen.getByTitle('Payment form') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(URL_);
    expect(frame.getAttribute('allow')).toBe('payment');
    expect(frame.tabIndex).toBe(0);
  });

  it('lightbox.allow sets the iframe permissions', () => {
    show({ allow: 'payment; fullscreen' });
    expect(screen.getByTitle('Payment form').getAttribute('allow')).toBe('payment; fullscreen');
  });

  it('closeButton: a labelled button that asks to close; false hides it', () => {
    const { onCloseRequest } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onCloseRequest).toHaveBeenCalledOnce();
    cleanup();
    show({ closeButton: false });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('labels follow language', () => {
    show({}, { language: 'de' });
    expect(screen.getByRole('button', { name: 'Schließen' })).toBeTruthy();
    expect(screen.getByRole('dialog').getAttribute('aria-label')).toBe('Zahlung');
  });

  it('closeByClick: the overlay asks to close; false does not', () => {
    const first = show();
    fireEvent.click(first.overlay);
    expect(first.onCloseRequest).toHaveBeenCalledOnce();
    cleanup();
    const second = show({ closeByClick: false });
    fireEvent.click(second.overlay);
    expect(second.onCloseRequest).not.toHaveBeenCalled();
  });

  it('modal: no close button and the overlay does nothing', () => {
    const { overlay, onCloseRequest } = show({ modal: true });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.click(overlay);
    expect(onCloseRequest).not.toHaveBeenCalled();
  });

  it('modal still offers a way out when the load timed out', () => {
    const { onCloseRequest } = show({ modal: true, closeButton: false }, { phase: 'timeout' });
    expect(screen.getByRole('alert').textContent).toMatch(/did not load/);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onCloseRequest).toHaveBeenCalledOnce();
  });

  it.each([
    ['xsolla', {}, 'xsolla'],
    ['round', { spinner: 'round' }, 'round'],
    ['custom', { spinner: 'custom', spinnerUrl: 'http://localhost:5173/spin.svg' }, 'custom'],
  ] as const)('spinner %s shows while loading, with a spoken status', (_name, options, kind) => {
    const { container, state } = show(options as LightboxOptions, { phase: 'loading' });
    expect(container.querySelector(`[data-spinner="${kind}"]`)).not.toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading the payment page…');
    expect(screen.getByRole('dialog').getAttribute('aria-busy')).toBe('true');
    state.phase.value = 'ready';
    expect(container.querySelector('[data-spinner]')).toBeNull();
  });

  it("spinner 'none' draws nothing but still says it is loading", () => {
    const { container } = show({ spinner: 'none' }, { phase: 'loading' });
    expect(container.querySelector('[data-spinner]')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('custom spinner: the image, turning only with a rotation period', () => {
    const { container } = show({ spinner: 'custom', spinnerUrl: 'http://localhost:5173/s.png', spinnerRotationPeriod: 2 }, { phase: 'loading' });
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('http://localhost:5173/s.png');
    expect(img.getAttribute('alt')).toBe('');
    expect(img.classList.contains('turning')).toBe(true);
    cleanup();
    const still = show({ spinner: 'custom', spinnerUrl: 'http://localhost:5173/s.png' }, { phase: 'loading' });
    expect(still.container.querySelector('img')!.classList.contains('turning')).toBe(false);
  });

  it('sizes the dialog from the options, else from dimensions (at least 600×500)', () => {
    const { dialog, state } = show({}, { dimensions: null });
    expect([dialog.style.width, dialog.style.height]).toEqual(['600px', '100%']);
    state.dimensions.value = { width: 740, height: 620 };
    expect(dialog.style.width).toBe('740px');
  });

  it('calls onFrameLoad for the iframe load event', () => {
    const { onFrameLoad } = show();
    fireEvent.load(screen.getByTitle('Payment form'));
    expect(onFrameLoad).toHaveBeenCalledOnce();
  });
});

describe('frameSize', () => {
  it.each<[string, LightboxOptions, Dimensions | null, boolean, { width: string; height: string }]>([
    ['defaults before dimensions', {}, null, false, { width: '600px', height: '100%' }],
    ['width from dimensions', {}, { width: 740, height: 300 }, false, { width: '740px', height: '100%' }],
    ['small dimensions clamped to 600', {}, { width: 320, height: 200 }, false, { width: '600px', height: '100%' }],
    ['height null follows dimensions, at least 500', { height: null }, { width: 700, height: 320 }, false, { width: '700px', height: '500px' }],
    ['height null, tall content', { height: null }, { width: 700, height: 880 }, false, { width: '700px', height: '880px' }],
    ['set sizes win over dimensions', { width: 500, height: '80vh' }, { width: 740, height: 900 }, false, { width: '500px', height: '80vh' }],
    ['full screen ignores everything', { width: 500, height: 300 }, { width: 740, height: 900 }, true, { width: '100%', height: '100%' }],
  ])('%s', (_name, options, dimensions, fullScreen, expected) => {
    expect(frameSize(lightbox(options), dimensions, fullScreen)).toEqual(expected);
  });
});
