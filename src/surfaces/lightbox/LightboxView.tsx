import type { Signal } from '@preact/signals-core';
import type { Ref } from 'preact';
import type { Dimensions } from '../../core/events';
import type { NormalizedLightbox } from '../../core/options';
import type { Labels } from '../i18n';

/** `timeout`: the payment UI did not load in time; `failed`: a token provider failed. Both show a message and the close button. */
export type Phase = 'loading' | 'ready' | 'timeout' | 'failed';

export interface LightboxState {
  phase: Signal<Phase>;
  /** What the payment UI last reported with `dimensions`. */
  dimensions: Signal<Dimensions | null>;
  /** The frame's address; null until a token provider has answered. */
  url: Signal<string | null>;
}

export interface LightboxProps {
  options: NormalizedLightbox;
  labels: Labels;
  fullScreen: boolean;
  state: LightboxState;
  frameRef: Ref<HTMLIFrameElement>;
  closeRef: Ref<HTMLButtonElement>;
  dialogRef: Ref<HTMLDivElement>;
  onCloseRequest: () => void;
  onFrameLoad: () => void;
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

export function Lightbox(props: LightboxProps) {
  const { options, labels, fullScreen, state } = props;
  const phase = state.phase.value;
  const size = frameSize(options, state.dimensions.value, fullScreen);
  const mayClose = userMayClose(options, phase);
  const showClose = (options.closeButton && mayClose) || failed(phase);
  const onOverlay = () => {
    if (options.closeByClick && mayClose) props.onCloseRequest();
  };

  return (
    <div class={`root ${phase}${fullScreen ? ' full' : ''}`}>
      <div class="overlay" data-part="overlay" onClick={onOverlay} />
      <div class="viewport">
        <div
          class="dialog"
          role="dialog"
          aria-modal="true"
          aria-label={labels.dialog}
          aria-busy={phase === 'loading'}
          tabIndex={-1}
          ref={props.dialogRef}
          style={{ width: size.width, height: size.height }}
        >
          <FocusGuard onFocus={props.onGuardFocus} />
          {showClose && (
            <button type="button" class="close" aria-label={labels.close} title={labels.close} ref={props.closeRef} onClick={props.onCloseRequest}>
              <CloseIcon />
            </button>
          )}
          <iframe
            class="frame"
            ref={props.frameRef}
            src={state.url.value ?? undefined}
            title={labels.frame}
            allow={options.allow}
            tabIndex={0}
            onLoad={props.onFrameLoad}
          />
          <FocusGuard onFocus={props.onGuardFocus} guardRef={props.endGuardRef} />
        </div>
      </div>
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
    </div>
  );
}
