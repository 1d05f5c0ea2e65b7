/**
 * What the merchant console's browser tests share: the merchant API as a merchant's backend calls
 * it, names no other test uses, the console's navigation, the CSP watch and the axe audit.
 */
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import { callMerchantApi } from '../fixtures/merchant-call';
import { world } from './world';

/** A name no other test (or earlier run on a kept state) uses. */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The merchant API, as a merchant's backend calls it (the demo merchant's credentials). */
export const merchantApi = (method: string, path: string, body?: unknown) => callMerchantApi(world.merchantApi, method, path, body);

/** A link of the console's navigation. */
export const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true });

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

/** axe-core run on the page as it is now (the test bypasses the CSP to inject it): no violation. */
export async function audit(page: Page, what: string): Promise<void> {
  const require = createRequire(import.meta.url);
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document);
    return result.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations, what).toEqual([]);
}
