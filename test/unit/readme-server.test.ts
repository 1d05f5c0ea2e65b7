// The docs show the demo's own backend code (server/shop.ts), not code written for the page: the
// README's quick start and docs/server-kit.md quote its token request and its webhook handler, and
// the server kit page its delivery once per transaction. That each quoted block is the file's
// current text, line for line, is test/unit/docs.test.ts's check.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

/** The code of a page's blocks quoted from a file of the demo server (`<!-- quote: server/shop.ts#region -->`). */
function quotedFromServer(page: string, file = 'shop'): string {
  const markdown = readFileSync(new URL(`../../${page}`, import.meta.url), 'utf8');
  return [...markdown.matchAll(new RegExp(`^<!-- quote: server/${file}\\.ts#[\\w,-]+ -->\\n\`\`\`ts\\n([\\s\\S]*?)\`\`\``, 'gm'))].map(([, code]) => code).join('\n');
}

it.each(['README.md', 'docs/server-kit.md'])('%s quotes the token request and the webhook handler from server/shop.ts', (page) => {
  const code = quotedFromServer(page);
  expect(code).toContain('createMerchantClient({ merchantId, apiKey, baseUrl: merchantApi })');
  expect(code).toContain('await client.createToken(');
  expect(code).toContain('return createWebhookHandler({');
  expect(code).toContain("throw new WebhookRefusal('INVALID_USER'");
});

it('docs/server-kit.md quotes the delivery once per transaction from server/shop.ts', () => {
  expect(quotedFromServer('docs/server-kit.md')).toContain('if (byTransaction.has(transaction)) return;');
});

it('docs/server-kit.md quotes the pass kept from the subscription webhooks, its cancel, and the reconciliation with the reports', () => {
  const shop = quotedFromServer('docs/server-kit.md');
  expect(shop).toContain('function keepPass(');
  expect(shop).toContain("await client.subscriptions.update(projectId, player, pass.id, { status: 'canceled', cancel_subscription_payment: refundLastPayment });");
  expect(quotedFromServer('docs/server-kit.md', 'reconcile')).toContain('of client.reports.transactions(query)) {');
});
