import { EventTypes, type EventMap, type EventType } from '../core/events';
import type { PayUIWidget } from '../widget';

/** Every event name of the widget (DESIGN.md §3). */
export const ALL_EVENTS: readonly EventType[] = /* @__PURE__ */ Object.values(EventTypes);

/** Calls `to(type, data)` for every event of `widget`, in order; returns the unsubscribe function. */
export function relayEvents(widget: PayUIWidget, to: (type: EventType, data: EventMap[EventType]) => void): () => void {
  return widget.on(ALL_EVENTS, (data, type) => to(type, data));
}
