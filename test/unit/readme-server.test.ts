// The docs show the demo's own backend code (server/shop.ts), not code written for the page: the
// README's quick start and docs/server-kit.md quote its token request and its webhook handler, and
// the server kit page its delivery once per transaction. That each quoted block is the file's
// current text, line for line, is test/unit/docs.test.ts's check.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

/** The code of a page's blocks quoted from server/shop.ts (`<!-- quote: server/shop.ts#region -->`). */
function quotedFromShop(page: string): string {
  const markdown = readFileSync(new URL(`../../${page}`, import.meta.url), 'utf8');
  return [...markdown.matchAll(/^<!-- quote: server\/shop\.ts#[\w,-]+ -->\n```ts\n([\s\S]*?)```/gm)].map(([, code]) => code).join('\n');
}

it.each(['README.md', 'docs/server-kit.md'])('%s quotes the token request and the webhook handler from server/shop.ts', (page) => {
  const code = quotedFromShop(page);
  expect(code).toContain('createMerchantClient({ merchantId, apiKey, baseUrl: merchantApi })');
  expect(code).toContain('await client.createToken(');
  expect(code).toContain('return createWebhookHandler({');
  expect(code).toContain("throw new WebhookRefusal('INVALID_USER'");
});

it('docs/server-kit.md quotes the delivery once per transaction from server/shop.ts', () => {
  expect(quotedFromShop('docs/server-kit.md')).toContain('if (byTransaction.has(paid.order.id)) return;');
});
