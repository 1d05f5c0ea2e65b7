/**
 * `payui-embed/element`: importing it registers `<payui-checkout>` (DESIGN.md §12). Where there is
 * no `customElements` (Node, server-side rendering) it does nothing, so it imports anywhere.
 */
import { defineCheckoutElement, TAG } from './checkout-element';

if (typeof customElements !== 'undefined' && !customElements.get(TAG)) customElements.define(TAG, defineCheckoutElement(HTMLElement));

export type { PayUICheckoutElement, PayUICheckoutAttributes, PayUICheckoutEventMap, PayUICheckoutMode } from './types';
export type { PayUIOptions, PaymentResult, PayUIWidget, EventMap, EventType } from '../index';
