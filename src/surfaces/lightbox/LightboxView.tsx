import type { Signal } from '@preact/signals-core';
import { createPortal, type Ref } from 'preact';
import type { Dimensions } from '../../core/events';
import type { NormalizedLightbox } from '../../core/options';
import type { Labels } from '../i18n';
import type { FrameParts } from './frame';

/** `timeout`: the payment UI did not load in time; `failed`: a token provider failed. Both show a message and the close button. */
export type Phase = 'loading' | 'ready' | 'timeout' | 'failed';

export interface LightboxState {
  phase: Signal<Phase>;
  /** What the payment UI last reported with `dimensions`. */
  dimensions: Signal<Dimensions | null>;
}

export interface LightboxProps {
  options: NormalizedLightbox;
  labels: Labels;
  fullScreen: boolean;
  state: LightboxState;
  /** The frame and the elements above it, made before the lightbox (frame.ts): never Preact's. */
  parts: FrameParts;
  closeRef: Ref<HTMLButtonElement>;
  onCloseRequest: () => void;
  /** The guard after the frame: Shift+Tab from the first control passes through it into the payment UI's last control. */
  endGuardRef: Ref<HTMLSpanElement>;
  /** A focus guard at either end of the dialog took focus. */
  onGuardFocus: () => void;
}

const MIN = { width: 600, height: 500 };

/** Frame size: the option when set, else the UI's report (at least 600×500), fitted by CSS. */
export function frameSize(options: NormalizedLightbox, dimensions: Dimensions | null, fullScreen: boolean) {
  if (fullScreen) return { width: '100%', height: '100%' };
  return {
    width: options.width ?? (dimensions ? `${Math.max(MIN.width, dimensions.width)}px` : `${MIN.width}px`),
    height: options.height ?? (dimensions ? `${Math.max(MIN.height, dimensions.height)}px` : '100%'),
  };
}

const failed = (phase: Phase) => phase === 'timeout' || phase === 'failed';

/** Whether the player may close it now: never while `modal`, except to leave a failed open. */
export function userMayClose(options: NormalizedLightbox, phase: Phase): boolean {
  return !options.modal || failed(phase);
}

function Spinner({ options }: { options: NormalizedLightbox }) {
  switch (options.spinner) {
    case 'none':
      return null;
    case 'round':
      return <div class="ring" data-spinner="round" />;
    case 'custom':
      return <img class={`custom${options.spinnerRotationPeriod > 0 ? ' turning' : ''}`} data-spinner="custom" src={options.spinnerUrl ?? ''} alt="" />;
    default:
      // The default indicator ('xsolla', the service's name for it): three neutral dots.
      return (
        <div class="dots" data-spinner="xsolla">
          <span />
          <span />
          <span />
        </div>
      );
  }
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M2 2l12 12M14 2L2 14" stroke="currentColor" stroke-width="2" stroke-linecap="round" fill="none" />
    </svg>
  );
}

/**
 * Tabbing out of either end of the dialog lands on a guard, which sends focus round to the other
 * end instead of out to the browser's own controls (the page behind is inert).
 */
function FocusGuard({ onFocus, guardRef }: { onFocus: () => void; guardRef?: Ref<HTMLSpanElement> }) {
  return <span class="hidden" tabIndex={0} data-part="focus-guard" ref={guardRef} onFocus={onFocus} />;
}

/** What the chrome shows, from the options and the signals (the component and `dress` read the same). */
function view({ options, fullScreen, state }: LightboxProps) {
  const phase = state.phase.value;
  const mayClose = userMayClose(options, phase);
  return { phase, mayClose, showClose: (options.closeButton && mayClose) || failed(phase), size: frameSize(options, state.dimensions.value, fullScreen) };
}

/**
 * The attributes of the elements above the frame, which are not Preact's (a moved iframe
 * reloads): the root's phase, the dialog's label, busy state and size, the frame's title.
 * Runs in the same effect as the render, so it follows the same signals.
 */
export function dress(props: LightboxProps): void {
  const { phase, size } = view(props);
  const { root, dialog, frame } = props.parts;
  root.className = `root ${phase}${props.fullScreen ? ' full' : ''}`;
  dialog.setAttribute('aria-label', props.labels.dialog);
  dialog.setAttribute('aria-busy', String(phase === 'loading'));
  dialog.style.setProperty('width', size.width);
  dialog.style.setProperty('height', size.height);
  frame.title = props.labels.frame;
}

/**
 * The lightbox's chrome, rendered into the frame's status slot, and through portals into the other
 * slots around the frame (frame.ts): overlay, focus guards, close button, indicator, message.
 */
export function Lightbox(props: LightboxProps) {
  const { options, labels, parts } = props;
  const { phase, mayClose, showClose } = view(props);
  const onOverlay = () => {
    if (options.closeByClick && mayClose) props.onCloseRequest();
  };

  return (
    <>
      {createPortal(<div class="overlay" data-part="overlay" onClick={onOverlay} />, parts.slots.overlay)}
      {createPortal(
        <>
          <FocusGuard onFocus={props.onGuardFocus} />
          {showClose && (
            <button type="button" class="close" aria-label={labels.close} title={labels.close} ref={props.closeRef} onClick={props.onCloseRequest}>
              <CloseIcon />
            </button>
          )}
        </>,
        parts.slots.start,
      )}
      {createPortal(<FocusGuard onFocus={props.onGuardFocus} guardRef={props.endGuardRef} />, parts.slots.end)}
      {phase === 'loading' && (
        <div class="loading" role="status">
          <Spinner options={options} />
          <span class="hidden">{labels.loading}</span>
        </div>
      )}
      {failed(phase) && (
        <div class="message" role="alert">
          <p>{phase === 'failed' ? labels.failed : labels.timeout}</p>
        </div>
      )}
    </>
  );
}
