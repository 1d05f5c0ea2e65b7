/**
 * `payui-embed/react` (DESIGN.md §12): `usePayUI(options)` and `<PayUICheckout mode="inline" />`.
 * One widget per component, made in an effect and destroyed when the component unmounts, so the
 * server renders no widget (and nothing here touches `window` at import) and React's StrictMode
 * double mount ends the first widget before it makes the second.
 */
import { createElement, useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { mountIn } from '../bindings/mount';
import { relayEvents } from '../bindings/relay';
import { PayUIError } from '../core/errors';
import type { EventMap, EventType, PaymentStatus } from '../core/events';
import type { PayUIOptions } from '../core/options';
import { chunks } from '../loaders/chunks';
import { createWidget, type PayUIWidget, type PaymentResult } from '../widget';

export interface PayUIHook {
  /** Opens the payment UI with the latest options; settles as the widget's open() does. */
  open(): Promise<PaymentResult>;
  /**
   * Prepares the next open()'s payment UI, hidden, with the latest options (DESIGN.md §15), e.g.
   * on the buy button's `onPointerEnter` and `onFocus`; resolves when it has loaded, never rejects.
   */
  prepare(): Promise<void>;
  /** Closes it; nothing when closed. */
  close(): void;
  /** True while the payment UI is shown. */
  isOpen: boolean;
  /** The last status the payment UI reported in the latest open (null before one). Not proof of payment. */
  lastStatus: PaymentStatus | null;
  /** This component's widget (null on the server and before the first effect), for `on`, `sendMessage`, … */
  widget: PayUIWidget | null;
}

const STATUS_EVENTS = ['status-invoice', 'status-delivering', 'status-done', 'status-troubled'] as const;

/** The latest value of `value`, for callbacks made once (updated after each render is committed). */
function useLatest<T>(value: T): { readonly current: T } {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  return latest;
}

/** A widget for this component's lifetime; `setUp` wires it and returns what to undo. */
function useWidget(setUp: (widget: PayUIWidget) => () => void): { readonly current: PayUIWidget | null } {
  const current = useRef<PayUIWidget | null>(null);
  useEffect(() => {
    const widget = (current.current = createWidget(chunks));
    const undo = setUp(widget);
    return () => {
      if (current.current === widget) current.current = null;
      undo();
      widget.destroy();
    };
    // One widget per mount: what changes later is read through refs.
  }, []);
  return current;
}

/**
 * A widget for this component: `open()` opens it with the options of the latest render (a token
 * provider is asked at each open), and the component re-renders with `isOpen` and `lastStatus`.
 */
export function usePayUI(options: PayUIOptions): PayUIHook {
  const [isOpen, setOpen] = useState(false);
  const [lastStatus, setLastStatus] = useState<PaymentStatus | null>(null);
  const [widget, setWidget] = useState<PayUIWidget | null>(null);
  const latest = useLatest(options);
  /** The options the widget was last given. */
  const given = useRef<PayUIOptions | null>(null);

  const current = useWidget((made) => {
    const offs = [
      made.on('open', () => {
        setOpen(true);
        setLastStatus(null);
      }),
      made.on(STATUS_EVENTS, (_, type) => setLastStatus(type.slice('status-'.length) as PaymentStatus)),
      made.on('close', () => setOpen(false)),
    ];
    given.current = null;
    try {
      // Now, so that the code of an open is fetched while the page is idle (`preload`).
      made.init(latest.current);
      given.current = latest.current;
    } catch {
      // Told by open().
    }
    setWidget(made);
    return () => offs.forEach((off) => off());
  });

  /** The widget, given the latest options when they changed since (not while open); throws what init() throws. */
  const ready = (call: string): PayUIWidget => {
    const made = current.current;
    if (!made) throw new PayUIError('NOT_INITIALIZED', `usePayUI: ${call}() before the component is mounted`);
    if (!made.isOpen && given.current !== latest.current) {
      made.init(latest.current);
      given.current = latest.current;
    }
    return made;
  };
  const open = useCallback((): Promise<PaymentResult> => {
    try {
      return ready('open').open();
    } catch (error) {
      return Promise.reject(error);
    }
  }, [current, latest]);
  // (Options that are new at each render make open() init() again, which drops what was prepared:
  // between the prepare() of a hover and the click, nothing renders.)
  const prepare = useCallback(async (): Promise<void> => {
    try {
      await ready('prepare').prepare();
    } catch {
      // Silent, as the widget's prepare(): open() tells what is wrong.
    }
  }, [current, latest]);
  const close = useCallback(() => current.current?.close(), [current]);

  return { open, prepare, close, isOpen, lastStatus, widget };
}

export interface PayUICheckoutProps extends PayUIOptions {
  /** In the page (the only mode of this component; `usePayUI` opens over the page). */
  mode?: 'inline';
  /** Every widget event, as `on()` gives it. */
  onEvent?: (type: EventType, data: EventMap[EventType]) => void;
  /** The open has ended: the result (not proof of payment). Not called after unmount. */
  onResult?: (result: PaymentResult) => void;
  /** The open failed (the error is also an `error` event). */
  onError?: (error: PayUIError) => void;
  className?: string;
  id?: string;
}

/**
 * The payment UI inline, in a `<div>` this component renders (empty on the server). It mounts
 * once, with the props of its first render: give it a new `key` to start a new payment.
 */
export function PayUICheckout(props: PayUICheckoutProps): ReactElement {
  const { className, id } = props;
  const container = useRef<HTMLDivElement>(null);
  const latest = useLatest(props);
  useWidget((widget) => {
    const { mode: _mode, onEvent: _event, onResult: _result, onError: _error, className: _class, id: _id, ...options } = latest.current;
    let live = true;
    const off = relayEvents(widget, (type, data) => latest.current.onEvent?.(type, data));
    const failed = (error: unknown) => live && latest.current.onError?.(error as PayUIError);
    try {
      widget.init(options);
      mountIn(widget, container.current!).then((result) => live && latest.current.onResult?.(result), failed);
    } catch (error) {
      failed(error);
    }
    return () => {
      live = false;
      off();
    };
  });
  return createElement('div', { ref: container, className, id, 'data-payui-checkout': '' });
}

export type { PayUIOptions, PaymentResult, PayUIWidget, PaymentStatus, EventMap, EventType } from '../index';
export type { PayUICheckoutElement, PayUICheckoutAttributes } from '../element/types';
// React's JSX types `<payui-checkout>` with this entry.
export type { PayUICheckoutElementProps } from './jsx';
