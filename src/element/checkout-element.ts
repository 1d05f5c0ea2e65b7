/**
 * `<payui-checkout>` (DESIGN.md §12): one widget per element, made when the element enters the
 * page and destroyed when it leaves it. The class is made by a function, so this module imports
 * where `HTMLElement` does not exist (Node, server-side rendering).
 */
import { invalid, PayUIError } from '../core/errors';
import type { PayUIOptions, PreloadMode } from '../core/options';
import { chunks } from '../loaders/chunks';
import { createWidget, type PayUIWidget, type PaymentResult } from '../widget';
import { mountIn } from '../bindings/mount';
import { relayEvents } from '../bindings/relay';
import { sameOriginUrl, tokenUrlProvider } from './token-url';
import type { PayUICheckoutElement, PayUICheckoutMode } from './types';

export const TAG = 'payui-checkout';
const ATTRIBUTES = ['token', 'token-url', 'sandbox', 'mode', 'language', 'preload'];

/** What one element holds. */
interface State {
  /** Its widget, while the element is in the page. */
  widget: PayUIWidget | null;
  /** The widget has not been given the current attributes and options yet. */
  stale: boolean;
  options: PayUIOptions;
  /** The destruction waiting for the end of the task in which the element left the page (a move cancels it). */
  leaving?: ReturnType<typeof setTimeout>;
  /** Where `inline` mode shows the payment UI: in the element's shadow root, after its slotted content. */
  frame: HTMLElement;
}

const states = new WeakMap<HTMLElement, State>();
const stateOf = (element: HTMLElement) => states.get(element)!;

/** The widget's options from the element's attributes, over its `options` property. */
function optionsOf(element: HTMLElement, { options }: State): PayUIOptions {
  const attribute = (name: string) => element.getAttribute(name);
  const token = attribute('token');
  const url = attribute('token-url');
  if (token !== null && url !== null) throw invalid('token-url', 'set token or token-url, not both');
  modeOf(element);
  const next: PayUIOptions = { ...options };
  if (token !== null || url !== null) {
    // The attribute says how this element gets its token, whatever `options` says.
    next.access_data = next.payment_url = undefined;
    next.access_token = url === null ? token! : tokenUrlProvider(sameOriginUrl(url), () => ({ ...element.dataset }));
  }
  if (element.hasAttribute('sandbox')) next.sandbox = attribute('sandbox') !== 'false';
  const language = attribute('language');
  if (language !== null) next.language = language;
  // `ui`: the payment UI prepared before the click (DESIGN.md §15); inline, where it shows in the
  // page anyway, nothing is prepared (never a token spent for a hidden lightbox): `connect`.
  const preload = attribute('preload');
  if (preload !== null) next.preload = (preload === 'ui' && modeOf(element) === 'inline' ? 'connect' : preload) as PreloadMode;
  return next;
}

function modeOf(element: HTMLElement): PayUICheckoutMode {
  const mode = element.getAttribute('mode') ?? 'lightbox';
  if (mode !== 'lightbox' && mode !== 'inline') throw invalid('mode', 'expected lightbox or inline');
  return mode;
}

/** Gives the widget the element's current attributes and options, when they changed since it was last given them. */
function configure(element: HTMLElement, state: State): void {
  if (!state.stale) return;
  state.widget!.init(optionsOf(element, state));
  state.stale = false;
}

/**
 * configure() now, so that the widget fetches the code of an open when the page is idle
 * (`preload`); a problem with the options is told by the next open().
 */
function tryConfigure(element: HTMLElement, state: State): void {
  try {
    configure(element, state);
  } catch {
    // Told by open().
  }
}

const dispatch = (element: HTMLElement, type: string, detail: unknown) =>
  element.dispatchEvent(new CustomEvent(`payui-${type}`, { detail, bubbles: true, composed: true }));

/** A refusal of the element's own, told like the widget's: an `error` event, and the rejection. */
function refuse(element: HTMLElement, error: PayUIError): Promise<never> {
  const { code, message, path } = error;
  dispatch(element, 'error', { code, message, path });
  return Promise.reject(error);
}

function reflect(element: HTMLElement, name: string, value: string | null): void {
  if (value === null || value === undefined) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

/** The class of `<payui-checkout>`, on the page's own `HTMLElement`. */
export function defineCheckoutElement(Base: typeof HTMLElement): new () => PayUICheckoutElement {
  class PayUICheckout extends Base {
    static get observedAttributes() {
      return ATTRIBUTES;
    }

    constructor() {
      super();
      const root = this.attachShadow({ mode: 'open' });
      const frame = document.createElement('div');
      frame.setAttribute('part', 'frame');
      root.append(document.createElement('slot'), frame);
      states.set(this, { widget: null, stale: true, options: {}, frame });
      // A click on the element or anything in it (its slotted button): the event reaches the
      // host from the light DOM.
      this.addEventListener('click', (event) => {
        // Not a click in what inline mode shows (its own controls may end the open they belong to).
        if (event.defaultPrevented || event.composedPath().includes(frame)) return;
        // A button in a form would submit it.
        event.preventDefault();
        this.open().catch(() => undefined);
      });
    }

    connectedCallback(): void {
      const state = stateOf(this);
      clearTimeout(state.leaving);
      if (state.widget) return; // Moved within the page: the same widget goes on.
      const widget = (state.widget = createWidget(chunks));
      state.stale = true;
      relayEvents(widget, (type, detail) => dispatch(this, type, detail));
      tryConfigure(this, state);
      // Inline with nothing to click: the payment UI shows in the element at once (after the
      // script that put it in the page, or imported this, has set its `options`).
      if (this.getAttribute('mode') === 'inline' && !this.firstElementChild) {
        queueMicrotask(() => this.isConnected && state.widget === widget && this.open().catch(() => undefined));
      }
    }

    disconnectedCallback(): void {
      const state = stateOf(this);
      // Removed, not moved: a move puts it back in the page in the same task.
      state.leaving = setTimeout(() => {
        if (this.isConnected) return;
        state.widget?.destroy();
        state.widget = null;
      });
    }

    attributeChangedCallback(): void {
      stateOf(this).stale = true;
    }

    open(): Promise<PaymentResult> {
      const state = stateOf(this);
      const { widget } = state;
      if (!widget) return refuse(this, new PayUIError('NOT_INITIALIZED', 'the element is not in the page'));
      if (widget.isOpen) return widget.open();
      try {
        configure(this, state);
      } catch (error) {
        return refuse(this, error as PayUIError);
      }
      return modeOf(this) === 'inline' ? mountIn(widget, state.frame) : widget.open();
    }

    close(): void {
      stateOf(this).widget?.close();
    }

    get widget(): PayUIWidget | null {
      return stateOf(this).widget;
    }

    get isOpen(): boolean {
      return !!stateOf(this).widget?.isOpen;
    }

    get options(): PayUIOptions {
      return stateOf(this).options;
    }

    set options(value: PayUIOptions) {
      const state = stateOf(this);
      state.options = value ?? {};
      state.stale = true;
      // Given to the widget now (in the page), so that the code of an open is fetched when the page is idle.
      if (state.widget) tryConfigure(this, state);
    }

    get token(): string | null {
      return this.getAttribute('token');
    }
    set token(value: string | null) {
      reflect(this, 'token', value);
    }
    get tokenUrl(): string | null {
      return this.getAttribute('token-url');
    }
    set tokenUrl(value: string | null) {
      reflect(this, 'token-url', value);
    }
    get sandbox(): boolean {
      return this.hasAttribute('sandbox') && this.getAttribute('sandbox') !== 'false';
    }
    set sandbox(value: boolean) {
      reflect(this, 'sandbox', value ? '' : null);
    }
    get mode(): PayUICheckoutMode {
      return this.getAttribute('mode') === 'inline' ? 'inline' : 'lightbox';
    }
    set mode(value: PayUICheckoutMode) {
      this.setAttribute('mode', value);
    }
    get language(): string | null {
      return this.getAttribute('language');
    }
    set language(value: string | null) {
      reflect(this, 'language', value);
    }

  }
  return PayUICheckout as unknown as new () => PayUICheckoutElement;
}
