/** Error codes the payment UI shows and posts as `error { code, message }` (DESIGN.md §5). */
export const UI_ERRORS = {
  '0004-0001': 'The access token has expired or is incorrect.',
  '0004-0003': 'No project ID was passed.',
  '0004-0008': 'This token is for the other environment: open sandbox tokens on the sandbox address and live tokens on the live one.',
  '0004-0009': 'access_data is not valid JSON.',
  '0004-0010': 'This project does not allow tokenless integration; request an access token instead.',
  '0002-0002': 'The project does not exist.',
} as const;

export type UiErrorCode = keyof typeof UI_ERRORS;
