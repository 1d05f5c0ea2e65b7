/** Error codes the payment UI shows and posts as `error { code, message }` (DESIGN.md §5). */
export const UI_ERRORS = {
  '0004-0001': 'The access token has expired or is incorrect.',
  '0004-0003': 'No project ID was passed.',
  '0004-0008': 'This token is for the other environment: open sandbox tokens on the sandbox address and live tokens on the live one.',
  '0004-0009': 'access_data is not valid JSON.',
  '0004-0010': 'This project does not allow tokenless integration; request an access token instead.',
  '0002-0002': 'The project does not exist.',
  '0002-0004': 'This game cannot take payments yet: its agreement with the payment service is not signed.',
  '0005-0001': 'Payments are turned off for this account by the game. Contact the game’s support.',
  '0010-0001': 'What this payment sells is not in the game’s catalogue.',
  '0010-0003': 'This game has no DRM configured, so no key can be sold.',
  '1000-0002': 'The payment service did not answer while the payment was opening. Try again in a moment.',
  '1000-0003': 'This project sells nothing yet.',
  '0007-0009': 'The plan cannot be changed here: the new plan is charged in another currency than the current one.',
  '1004-0001': 'Changing the subscription plan is not possible.',
  '0003-0001': 'Payment is not possible from the chosen country.',
  '0004-0002': 'The payment’s digital signature is incorrect.',
  '1000-0001': 'The payment service does not answer. Try again in a moment.',
} as const;

export type UiErrorCode = keyof typeof UI_ERRORS;

/**
 * The errors a payment can be made to meet on purpose (the payment UI's test outcomes, and
 * `outcome` of `POST /mock/payments`), which nothing offline meets by itself: a country the
 * service forbids, a bad signature, the service's API not answering. Nothing is paid.
 */
export const TEST_FAILURES = ['0003-0001', '0004-0002', '1000-0001'] as const satisfies readonly UiErrorCode[];
export type TestFailure = (typeof TEST_FAILURES)[number];
