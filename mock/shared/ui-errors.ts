/** Moved to mock/spec/ui-errors.ts (the contract); kept for the modules that still import it from here. */
export { UI_ERRORS, type UiErrorCode } from '../spec/ui-errors';
