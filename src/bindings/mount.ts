/**
 * Inline mode for the framework bindings: `mount(container)` of the widget (DESIGN.md §1, §11).
 */
import type { PayUIWidget, PaymentResult } from '../widget';

/** `widget.mount(container)`. */
export const mountIn = (widget: PayUIWidget, container: Element): Promise<PaymentResult> => widget.mount(container);
