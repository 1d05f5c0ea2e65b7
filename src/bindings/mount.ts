/**
 * Inline mode for the framework bindings: `mount(container)` of the widget (DESIGN.md §1, §11).
 * Until a build has it, mounting refuses with a clear error instead of failing on an undefined call.
 */
import { PayUIError } from '../core/errors';
import type { PayUIWidget, PaymentResult } from '../widget';

/** A widget with the inline mode of DESIGN.md §11. */
export type MountableWidget = PayUIWidget & { mount(container: Element | string): Promise<PaymentResult> };

const canMount = (widget: PayUIWidget): widget is MountableWidget => typeof (widget as Partial<MountableWidget>).mount === 'function';

/** `widget.mount(container)`; rejected with `UNSUPPORTED_ENVIRONMENT` by a widget without inline mode. */
export function mountIn(widget: PayUIWidget, container: Element): Promise<PaymentResult> {
  return canMount(widget) ? widget.mount(container) : Promise.reject(new PayUIError('UNSUPPORTED_ENVIRONMENT', 'this widget has no inline mode (mount)'));
}
