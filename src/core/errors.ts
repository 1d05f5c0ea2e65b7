/**
 * Stable error codes of the widget. A code is public API: renaming or removing one is a
 * breaking change. Messages are for people and may change at any time.
 */
export const ErrorCodes = {
  INVALID_OPTION: 'INVALID_OPTION',
  NOT_INITIALIZED: 'NOT_INITIALIZED',
  DESTROYED: 'DESTROYED',
  ALREADY_OPEN: 'ALREADY_OPEN',
  POPUP_BLOCKED: 'POPUP_BLOCKED',
  LOAD_TIMEOUT: 'LOAD_TIMEOUT',
  UNSUPPORTED_ENVIRONMENT: 'UNSUPPORTED_ENVIRONMENT',
  TOKEN_FAILED: 'TOKEN_FAILED',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export class PayUIError extends Error {
  override readonly name = 'PayUIError';
  readonly code: ErrorCode;
  /** Dotted path of the offending option, e.g. `lightbox.zIndex`, for `INVALID_OPTION`. */
  readonly path?: string;

  constructor(code: ErrorCode, message: string, path?: string) {
    super(path ? `${path}: ${message}` : message);
    this.code = code;
    if (path) this.path = path;
  }
}

/** `INVALID_OPTION` at `path`: the error of every bad option or argument. */
export const invalid = (path: string, message: string) => new PayUIError('INVALID_OPTION', message, path);
