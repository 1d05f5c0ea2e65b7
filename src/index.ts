/**
 * ESM entry of payui-embed: named exports and types only. Importing it has no side effects
 * and needs no DOM, so it is safe in Node and during server-side rendering.
 */
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

/** The package version, from package.json through the build. */
export const version: string = __PAYUI_VERSION__;
