/**
 * ESM entry of payui-embed: named exports and types only. Importing it has no side effects
 * and needs no DOM, so it is safe in Node and during server-side rendering.
 */
import type { PayUIOptions } from './core/options';
import { chunks } from './loaders/chunks';
import { createWidget, VERSION, type PayUIWidget } from './widget';

/** An independent widget instance; `options` are passed to `init` when given. */
export function createPayUI(options?: PayUIOptions): PayUIWidget {
  return createWidget(chunks, options);
}

/** The shared instance, like `window.PayUI` of the script-tag build. */
export const PayUI: PayUIWidget = /* @__PURE__ */ createPayUI();

export const version: string = VERSION;
export { PayUIError, ErrorCodes } from './core/errors';
export type { ErrorCode } from './core/errors';
export { EventTypes } from './core/events';
export type {
  EventType,
  EventMap,
  PaymentInfo,
  PaymentStatus,
  CloseReason,
  Dimensions,
  StatusEventData,
  CloseEventData,
  ErrorEventData,
  OpenEventData,
  LoadEventData,
  UserCountryEventData,
} from './core/events';
export type { PayUIOptions, LightboxOptions, ChildWindowOptions, SpinnerKind, ChildWindowTarget, PreloadMode } from './core/options';
export { parseReturnParams } from './core/return-params';
export type { ReturnParams } from './core/return-params';
export type { PayUIWidget, PaymentResult } from './widget';
