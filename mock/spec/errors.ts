/**
 * The `extended_message` of the service's error body (DESIGN.md §8): the errors of the request as a
 * whole, and those of each field at its path (`items[0].sku`). Written by the one error handler
 * (mock/http/service-error.ts); every check of a request reports in this shape.
 */
export interface ExtendedMessage {
  global_errors: string[];
  property_errors: Record<string, string[]>;
}
