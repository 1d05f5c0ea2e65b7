/** Playwright's global setup: says which engines the journeys run in, and which are skipped and why. */
import { ENGINES, missing } from './available';

export default function report(): void {
  const lines = ENGINES.map((name) => {
    const absent = missing(name);
    return absent ? `  ${name.padEnd(9)} SKIPPED — ${absent}` : `  ${name.padEnd(9)} runs the journeys`;
  });
  console.log(`engines:\n${lines.join('\n')}`);
  const absent = ENGINES.filter((name) => missing(name));
  if (absent.length && process.env.PAYUI_REQUIRE_ENGINES === '1') {
    throw new Error(`PAYUI_REQUIRE_ENGINES=1 but ${absent.join(', ')} cannot run here (see above)`);
  }
}
