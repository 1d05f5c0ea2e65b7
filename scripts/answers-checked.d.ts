/** Starts the check of the offline service's answers (PAYUI_MOCK_CHECK_ANSWERS); `end()` stops it and gives what was found. */
export function checkAnswers(): { end(): string[] };
/** What a run found, in words, or null. */
export function foundMessage(found: readonly string[]): string | null;
/** Runs the commands with the check on and gives the exit code (1 if an answer was off). */
export function runChecked(commands: readonly (readonly string[])[], options?: { env?: NodeJS.ProcessEnv; stdio?: 'inherit' | 'ignore' | 'pipe' }): number;
