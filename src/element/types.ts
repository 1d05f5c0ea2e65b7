/**
 * Types of `<payui-checkout>` (DESIGN.md §12): the element, its attributes as JSX takes them,
 * and its events. Types only: nothing here is in a build.
 */
import type { EventMap, EventType } from '../core/events';
import type { PayUIOptions } from '../core/options';
import type { PayUIWidget, PaymentResult } from '../widget';
import type { HTMLAttributes as PreactAttributes } from 'preact';

export type PayUICheckoutMode = 'lightbox' | 'inline';

/** The element's attributes, as JSX (React, Preact) and templates (Vue, Svelte) set them. */
export interface PayUICheckoutAttributes {
  /** A token from the merchant's server, for every open. */
  token?: string;
  /** The merchant's same-origin endpoint: POSTed the element's `data-*` as JSON at every open, it answers `{"token": "…"}`. */
  'token-url'?: string;
  /** The sandbox payment UI (present, or `true`). */
  sandbox?: boolean | '' | 'true' | 'false';
  /** Over the page (`lightbox`, the default; a child window on phones) or in it (`inline`). */
  mode?: PayUICheckoutMode;
  /** Language of the widget's own labels (2 letters). */
  language?: string;
  /**
   * `ui`: the payment UI is prepared, hidden, when the page is idle, so a click shows it at once
   * (one token per prepared payment UI; not in `inline` mode); `connect` (default) or `none`.
   */
  preload?: 'connect' | 'ui' | 'none';
}

/** `payui-<event>` for every widget event, `detail` = the event's data. */
export type PayUICheckoutEventMap = { [K in EventType as `payui-${K}`]: CustomEvent<EventMap[K]> };

type Listener<E> = (this: PayUICheckoutElement, event: E) => unknown;

export interface PayUICheckoutElement extends HTMLElement {
  /** The `token` attribute. */
  token: string | null;
  /** The `token-url` attribute. */
  tokenUrl: string | null;
  /** The `sandbox` attribute. */
  sandbox: boolean;
  /** The `mode` attribute (`lightbox` when absent). */
  mode: PayUICheckoutMode;
  /** The `language` attribute. */
  language: string | null;
  /**
   * Further widget options (`paymentUiUrl`, `lightbox`, `access_token` as a function, …); the
   * attributes take precedence. Read at the next open.
   */
  options: PayUIOptions;
  /** The element's own widget while it is in the page (null before and after). */
  readonly widget: PayUIWidget | null;
  /** True while the payment UI is shown. */
  readonly isOpen: boolean;
  /** Opens the payment UI (in `inline` mode, in the element); settles as the widget's open() does. */
  open(): Promise<PaymentResult>;
  /** Closes it; nothing when closed. */
  close(): void;
  addEventListener<K extends keyof PayUICheckoutEventMap>(type: K, listener: Listener<PayUICheckoutEventMap[K]>, options?: boolean | AddEventListenerOptions): void;
  addEventListener<K extends keyof HTMLElementEventMap>(type: K, listener: Listener<HTMLElementEventMap[K]>, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof PayUICheckoutEventMap>(type: K, listener: Listener<PayUICheckoutEventMap[K]>, options?: boolean | EventListenerOptions): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(type: K, listener: Listener<HTMLElementEventMap[K]>, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'payui-checkout': PayUICheckoutElement;
  }
}

// JSX in Preact apps (Preact is a dependency of this package, so its types are always there). React's
// JSX gets the element from `payui-embed/react`, whose types need React's anyway.
declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'payui-checkout': Omit<PreactAttributes<PayUICheckoutElement>, keyof PayUICheckoutAttributes> & PayUICheckoutAttributes;
    }
  }
}
