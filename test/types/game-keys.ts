// Type-level tests of the server kit's game keys: a game is priced per DRM (`drm[].prices`, one
// `{currency, amount}` per currency), so a merchant can write and read that price through
// `gameKeys` with its fields typed (an untyped entry was `Record<string, never>`: nothing compiled).
import { expectTypeOf } from 'vitest';
import { createMerchantClient } from '../../src/server/client';

const client = createMerchantClient({ merchantId: 100001, apiKey: 'demo-api-key', baseUrl: 'http://localhost:5174' });

export async function priceAGame() {
  const { id } = await client.gameKeys.create(200001, {
    sku: 'star-miners-deluxe',
    name: { en: 'Star Miners Deluxe' },
    description: { en: 'The deluxe edition' },
    system_requirements: '4 GB RAM',
    default_currency: 'USD',
    drm: [{ id: 1, name: 'Steam', prices: [{ currency: 'USD', amount: 19.99 }, { currency: 'EUR', amount: 18.49 }] }],
  });
  await client.gameKeys.update(200001, id, {
    // @ts-expect-error an amount is a number, not text
    drm: [{ id: 1, name: 'Steam', prices: [{ currency: 'USD', amount: '19.99' }] }],
  });
  // @ts-expect-error a price names its currency
  await client.gameKeys.update(200001, id, { drm: [{ id: 1, name: 'Steam', prices: [{ amount: 19.99 }] }] });

  const game = await client.gameKeys.get(200001, id);
  const price = game.drm[0]?.prices?.[0];
  if (price) {
    expectTypeOf(price.currency).toBeString();
    expectTypeOf(price.amount).toEqualTypeOf<number>();
  }
}
