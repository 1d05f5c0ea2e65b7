/** What every test of the merchant console's pages checks: the strict CSP is never broken, axe finds nothing. */
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

/** Every CSP violation the page reports, kept across its navigations. */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => seen;
}

/** An axe-core run on the page as it is now (the test must `bypassCSP` to add the script), failing with `what` and the rules broken. */
export function axeAudit(page: Page): (what: string) => Promise<void> {
  const require = createRequire(import.meta.url);
  return async (what) => {
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    const violations = await page.evaluate(async () => {
      const result = await (window as any).axe.run(document);
      return result.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
    });
    expect(violations, what).toEqual([]);
  };
}
