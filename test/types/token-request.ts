// Type-level tests of the server kit's TokenRequest (generated from openapi.json's schema, which is
// the token table): a body that uses every group of the table compiles; what the mock refuses with
// 422 does not compile.
import type { TokenRequest } from '../../src/server/token-request';

export const everyGroup: TokenRequest = {
  user: {
    id: { value: 'player-42' },
    name: { value: 'Nova' },
    email: { value: 'player42@example.test' },
    phone: { value: '+4930123456' },
    country: { value: 'DE', allow_modify: true },
    attributes: { level: 12, guild: 'miners' },
    steam_id: { value: '7656119' },
    tracking_id: { value: 't-1' },
    public_id: { value: 'NOVA-42' },
    utm: { utm_source: 'news', utm_medium: 'email', utm_campaign: 'winter', utm_term: 'drill', utm_content: 'a' },
    is_legal: true,
    legal: { name: 'Acme GmbH', address: 'Hauptstr. 1, Berlin', vat_id: 'DE123456789', country: 'DE' },
  },
  settings: {
    project_id: 200001,
    external_id: 'order-1001',
    language: 'de',
    return_url: 'https://shop.example.test/return',
    currency: 'EUR',
    mode: 'sandbox',
    payment_method: 1380,
    payment_widget: 'giftcard',
    ui: {
      theme: 'default_dark',
      size: 'medium',
      version: 'desktop',
      mode: 'user_account',
      license_url: 'https://shop.example.test/eula',
      header: { visible_virtual_currency_balance: false },
      desktop: {
        header: { is_visible: true, visible_logo: true, visible_name: true, visible_purchase: false, type: 'compact', close_button: true },
        subscription_list: { layout: 'grid', description: 'Plans', display_local_price: true },
        virtual_item_list: { layout: 'list', button_with_price: true, view: 'horizontal_navigation' },
        virtual_currency_list: { description: 'Crystals', button_with_price: true },
      },
      mobile: { mode: 'saved_accounts', header: { close_button: true }, footer: { is_visible: false } },
      components: {
        virtual_items: { order: 1, hidden: false, selected_group: 'tools', selected_item: 'plasma-drill' },
        virtual_currency: { custom_amount: true, order: 2, hidden: false },
        subscriptions: { order: 3, hidden: true },
      },
      user_account: {
        info: { order: 1, enable: true },
        history: { order: 2, enable: true },
        payment_accounts: { order: 3, enable: false },
        subscriptions: { order: 4, enable: true },
      },
    },
  },
  purchase: {
    virtual_currency: { quantity: 550, currency: 'USD' },
    virtual_items: { currency: 'USD', items: [{ sku: 'starter-pack', amount: 1 }], available_groups: ['tools'] },
    subscription: { plan_id: 'captain-monthly', product_id: 'pass', currency: 'USD', operation: 'change_plan', available_plans: ['captain-yearly'], trial_days: 7 },
    pin_codes: { currency: 'USD', codes: [{ digital_content: 'star-miners', drm: 'steam' }], upgrade: { id_user_history: 1, id: 2 } },
    gift: { giver_id: 'p-1', message: 'Enjoy', hide_giver_from_receiver: 'true', friends: [{ id: 'p-2', name: 'Ada', email: 'ada@example.test' }] },
    coupon_code: { value: 'WINTER', hidden: true },
  },
  custom_parameters: { campaign: 'winter', nested: { anything: [1, 'two'] } },
};

export const refused: TokenRequest[] = [
  // @ts-expect-error user.id is required
  { user: { email: { value: 'a@example.test' } }, settings: { project_id: 1 } },
  // @ts-expect-error settings.project_id is an integer, not a string
  { user: { id: { value: '1' }, email: { value: 'a@example.test' } }, settings: { project_id: '200001' } },
  // @ts-expect-error header.type is compact or normal
  { user: { id: { value: '1' }, email: { value: 'a@example.test' } }, settings: { project_id: 1, ui: { desktop: { header: { type: 'big' } } } } },
  // @ts-expect-error a parameter the table does not list
  { user: { id: { value: '1' }, email: { value: 'a@example.test' }, age: 30 }, settings: { project_id: 1 } },
  // @ts-expect-error drm is one of the eleven stores
  { user: { id: { value: '1' }, email: { value: 'a@example.test' } }, settings: { project_id: 1 }, purchase: { pin_codes: { codes: [{ drm: 'itch' }] } } },
  // @ts-expect-error renew is not an operation of the table
  { user: { id: { value: '1' }, email: { value: 'a@example.test' } }, settings: { project_id: 1 }, purchase: { subscription: { operation: 'renew' } } },
];
