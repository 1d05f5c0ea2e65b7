/**
 * The demo merchant of the offline world (DESIGN.md §8) as the demo's shops show it. The service
 * itself sells from the catalogue in its database (seeded from mock/fixtures/demo.json; see
 * mock/store/catalog.ts; its subscription plans are rows of `subscription_plans` in the fixture;
 * whether a project takes tokenless `access_data` is its `send_json_to_payui`).
 */

export interface Price {
  amount: number;
  currency: string;
}
export interface CatalogItem {
  sku: string;
  name: string;
  price: Price;
}
export interface CurrencyPackage {
  quantity: number;
  price: Price;
}
export interface Project {
  id: number;
  name: string;
  virtualCurrency: { name: string; packages: CurrencyPackage[] };
  items: CatalogItem[];
}

export const DEMO_MERCHANT = {
  id: 100001,
  apiKey: 'demo-api-key',
} as const;

/**
 * Each demo project's secret key, which signs its webhooks (the service's project setting `key`).
 * The mock service and the demo server both know them, as the service and a merchant do.
 */
export const DEMO_WEBHOOK_SECRETS: Readonly<Record<number, string>> = {
  200001: 'star-miners-webhook-secret',
  200002: 'puzzle-harbor-webhook-secret',
};

/**
 * Each demo project's Login project (DESIGN.md §8a): its id and the secret key that signs its
 * players' JWTs. The fixtures (mock/fixtures/demo.json) seed the service with the same; the demo
 * server checks the JWTs with the secret and sets it again at start (server/login.ts).
 */
export const DEMO_LOGIN: Readonly<Record<number, { projectId: string; secret: string }>> = {
  200001: { projectId: '7c1e2a90-4b3d-4f5e-8a6b-000000200001', secret: 'star-miners-login-secret-key' },
  200002: { projectId: '7c1e2a90-4b3d-4f5e-8a6b-000000200002', secret: 'puzzle-harbor-login-secret-key' },
};

const usd = (amount: number): Price => ({ amount, currency: 'USD' });

export const PROJECTS: Readonly<Record<number, Project>> = {
  200001: {
    id: 200001,
    name: 'Star Miners',
    virtualCurrency: {
      name: 'Crystals',
      packages: [
        { quantity: 100, price: usd(0.99) },
        { quantity: 550, price: usd(4.99) },
        { quantity: 1200, price: usd(9.99) },
      ],
    },
    items: [
      { sku: 'starter-pack', name: 'Starter pack', price: usd(4.99) },
      { sku: 'plasma-drill', name: 'Plasma drill', price: usd(2.49) },
      { sku: 'hull-skin-aurora', name: 'Aurora hull skin', price: usd(1.99) },
      { sku: 'cargo-expansion', name: 'Cargo bay expansion', price: usd(3.99) },
    ],
  },
  200002: {
    id: 200002,
    name: 'Puzzle Harbor',
    virtualCurrency: {
      name: 'Pearls',
      packages: [
        { quantity: 50, price: usd(0.99) },
        { quantity: 300, price: usd(4.99) },
      ],
    },
    items: [
      { sku: 'hint-bundle', name: 'Bundle of 10 hints', price: usd(1.49) },
      { sku: 'ad-free', name: 'Ad-free harbour', price: usd(3.99) },
    ],
  },
};

export function findProject(id: unknown): Project | undefined {
  return typeof id === 'number' ? PROJECTS[id] : undefined;
}
