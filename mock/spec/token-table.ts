/**
 * The service's token table (service-spec.md, "Payment token") as data: every path, type, enum,
 * requirement and conditional the table states, and nothing it does not. Two things come from
 * it: the mock merchant API's validation (`mock/domain/token-request.ts`) and openapi.json's
 * `TokenRequest` schema, from which the server kit's `TokenRequest` type is generated (a unit test,
 * openapi.test.ts, fails when the schema and the table differ). `doc` is the table's Rules column.
 */

/** Formats the table names in its Rules column. */
export type Format = 'email' | 'country' | 'language' | 'currency' | 'url';

interface Common {
  /** `true`, or the path of a boolean that makes this parameter required when it is true. */
  required?: true | string;
  doc?: string;
}
export interface Leaf extends Common {
  type: 'string' | 'integer' | 'number' | 'boolean';
  enum?: readonly string[];
  format?: Format;
  /** The least a number may be, and the bound it must be above (a purchase's amounts and quantities). */
  minimum?: number;
  exclusiveMinimum?: number;
  /** The most a number may be (the offline service's choice, where the table gives none: a purchase's amounts and quantities). */
  maximum?: number;
  /**
   * A value the mock accepts, where the type alone does not give one (a SKU of the demo
   * catalogue, a plan); tests and the README's examples use it.
   */
  example?: string | number | boolean;
}
export interface Group extends Common {
  type: 'object';
  /** The parameters of the object; `'free'` = any keys and values (custom key-value pairs). */
  fields: Readonly<Record<string, Param>> | 'free';
}
export interface List extends Common {
  type: 'array';
  items: Param;
}
export type Param = Leaf | Group | List;

const string = (doc?: string, extra: Partial<Leaf> = {}): Leaf => ({ type: 'string', ...(doc ? { doc } : {}), ...extra });
const oneOf = (values: readonly string[], doc?: string): Leaf => string(doc, { enum: values });
const integer = (doc?: string): Leaf => ({ type: 'integer', ...(doc ? { doc } : {}) });
const boolean = (doc?: string): Leaf => ({ type: 'boolean', ...(doc ? { doc } : {}) });
const group = (fields: Record<string, Param>, extra: Partial<Group> = {}): Group => ({ type: 'object', fields, ...extra });
const free = (doc: string): Group => ({ type: 'object', fields: 'free', doc });
const list = (items: Param, doc?: string): List => ({ type: 'array', items, ...(doc ? { doc } : {}) });
/** The table's `x.value` parameters: an object whose `value` carries the data. */
const valued = (value: Leaf, extra: Record<string, Param> = {}, required?: true): Group => group({ value, ...extra }, required ? { required } : {});

/** The most a token's quantity or item amount may be: the offline service's bound, so no total overflows what a payment keeps. */
export const PURCHASE_MAX = 1_000_000_000;
const LIST_LAYOUT = ['list', 'grid'] as const;
/** The DRMs a token may name (`purchase.pin_codes.codes[].drm`). */
export const DRM = ['steam', 'playstation', 'xbox', 'uplay', 'origin', 'drmfree', 'gog', 'epicgames', 'nintendo_eshop', 'discord_game_store', 'oculus'] as const;
const LEGAL = 'user.is_legal';
const order = () => integer();
/** Every currency of the service is a three-letter ISO 4217 code (service-spec.md, conventions). */
const currency = () => string('ISO 4217', { format: 'currency', example: 'EUR' });
const userAccountSection = () => group({ order: order(), enable: boolean('Default false') });

export const TOKEN_TABLE: Group = group({
  user: group({
    id: valued(string(undefined, { required: true, example: 'player-42' }), {}, true),
    name: valued(string('Screen name')),
    email: valued(string('Valid per RFC 822; a missing value can lower acceptance', { required: true, format: 'email', example: 'player42@example.test' }), {}, true),
    phone: valued(string()),
    country: valued(string('ISO 3166-1 alpha-2, uppercase', { format: 'country', example: 'DE' }), { allow_modify: boolean('Default false') }),
    attributes: free('Key-value pairs to filter the item list'),
    steam_id: valued(string()),
    tracking_id: valued(string()),
    public_id: valued(string('Identifier known to the user; allows purchases through cash kiosks')),
    utm: group({
      utm_source: string(), utm_medium: string(), utm_campaign: string(), utm_term: string(), utm_content: string(),
    }, { doc: 'Traffic attributes' }),
    is_legal: { type: 'boolean', example: false },
    legal: group({
      name: string(undefined, { required: LEGAL }),
      address: string(undefined, { required: LEGAL }),
      vat_id: string(undefined, { required: LEGAL }),
      country: string('ISO 3166-1 alpha-2, uppercase', { required: LEGAL, format: 'country', example: 'DE' }),
    }, { doc: 'All required when `user.is_legal` is true' }),
  }, { required: true }),
  settings: group({
    project_id: { type: 'integer', required: true, example: 200001 },
    external_id: string('Transaction external ID'),
    language: string('Two-letter, lowercase', { format: 'language', example: 'en' }),
    return_url: string('The parameters user_id, foreigninvoice, invoice_id and status are appended', { format: 'url', example: 'https://shop.example.test/return' }),
    currency: currency(),
    mode: oneOf(['sandbox'], '`sandbox` for testing'),
    payment_method: integer('Payment method ID'),
    payment_widget: oneOf(['paybycash', 'giftcard']),
    ui: group({
      theme: oneOf(['default', 'default_dark']),
      size: string('Allowed values are not listed by the service; the mock accepts any string'),
      version: oneOf(['desktop', 'mobile'], '`desktop` (default) or `mobile`'),
      mode: oneOf(['user_account'], 'Desktop only'),
      license_url: string('Link to the EULA'),
      header: group({ visible_virtual_currency_balance: boolean('Default true') }),
      desktop: group({
        header: group({
          is_visible: boolean(),
          visible_logo: boolean(),
          visible_name: boolean(),
          visible_purchase: boolean('Default true'),
          type: oneOf(['compact', 'normal'], '`normal` (default) or `compact`'),
          close_button: boolean('Default false; redirects to settings.return_url'),
        }),
        subscription_list: group({
          layout: oneOf(LIST_LAYOUT, '`list` (default) or `grid`'),
          description: string(),
          display_local_price: boolean(),
        }),
        virtual_item_list: group({
          layout: oneOf(LIST_LAYOUT, '`list` (default) or `grid`'),
          button_with_price: boolean('Default false'),
          view: oneOf(['horizontal_navigation', 'vertical'], '`vertical` (default) or `horizontal_navigation`'),
        }),
        virtual_currency_list: group({
          description: string(),
          button_with_price: boolean('Default false'),
        }),
      }),
      mobile: group({
        mode: oneOf(['saved_accounts']),
        header: group({ close_button: boolean('Default false') }),
        footer: group({ is_visible: boolean() }),
      }),
      components: group({
        virtual_items: group({
          order: order(),
          hidden: boolean(),
          selected_group: string(),
          selected_item: string('Item SKU'),
        }),
        virtual_currency: group({ custom_amount: boolean(), order: order(), hidden: boolean() }),
        subscriptions: group({ order: order(), hidden: boolean() }),
      }),
      user_account: group({
        info: userAccountSection(),
        history: userAccountSection(),
        payment_accounts: userAccountSection(),
        subscriptions: userAccountSection(),
      }),
    }),
  }, { required: true }),
  purchase: group({
    virtual_currency: group({
      // What a purchase describes is never negative or empty: amounts from 1, quantities above 0; and
      // never more than a payment can hold (the offline service's bound: the table gives none).
      quantity: { type: 'number', exclusiveMinimum: 0, maximum: PURCHASE_MAX, doc: `More than 0, at most ${PURCHASE_MAX} (the offline service's bound)`, example: 550 },
      currency: currency(),
    }),
    virtual_items: group({
      currency: currency(),
      // An entry without a SKU or an amount buys nothing: both are required.
      items: list(group({ sku: string(undefined, { required: true, example: 'starter-pack' }), amount: { type: 'integer', required: true, minimum: 1, maximum: PURCHASE_MAX, doc: `At least 1, at most ${PURCHASE_MAX} (the offline service's bound)`, example: 1 } })),
      available_groups: list(string(), 'Only items of these groups are shown'),
    }),
    subscription: group({
      plan_id: string(undefined, { example: 'captain-monthly' }),
      product_id: string(undefined, { example: '1' }),
      currency: currency(),
      operation: oneOf(['change_plan'], '`change_plan` changes the plan; the new plan ID goes to plan_id'),
      available_plans: list(string()),
      trial_days: integer(),
    }),
    pin_codes: group({
      currency: currency(),
      codes: list(group({
        digital_content: string('Game SKU'),
        drm: oneOf(DRM, 'When omitted the user chooses in the payment UI'),
      })),
      upgrade: group({ id_user_history: integer(), id: integer() }),
    }),
    gift: group({
      giver_id: string(),
      message: string(),
      hide_giver_from_receiver: string('Default true'),
      friends: list(group({ id: string(), name: string(), email: string() })),
    }),
    coupon_code: group({
      value: string(),
      hidden: boolean('Default false'),
    }),
  }),
  custom_parameters: free('Custom key-value pairs'),
});
