/**
 * The token request body, checked field by field the way the service's token table describes
 * it. Every failing path is reported, not only the first, as the service does in its 422 answer.
 */
import { MERCHANT_PROJECTS, findProject } from '../shared/catalog';

export interface ExtendedMessage {
  global_errors: string[];
  property_errors: Record<string, string[]>;
}

type Kind = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
type Format = 'email' | 'url' | 'currency' | 'country' | 'language' | 'phone';

interface Field {
  type: Kind;
  required?: boolean;
  enum?: readonly string[];
  format?: Format;
  min?: number;
  max?: number;
  /** Longest string, or most array items. */
  maxLength?: number;
  /** Known fields of an object; absent = any content (attributes, custom_parameters). */
  fields?: Record<string, Field>;
  /** Schema of each array item. */
  items?: Field;
}

const str = (extra: Partial<Field> = {}): Field => ({ type: 'string', maxLength: 255, ...extra });
const obj = (fields: Record<string, Field>, extra: Partial<Field> = {}): Field => ({ type: 'object', fields, ...extra });
const bool: Field = { type: 'boolean' };
const valueOf = (value: Field, extra: Record<string, Field> = {}, required = false): Field => obj({ value: { ...value, required: true }, ...extra }, { required });
const REDIRECT_CONDITIONS = ['none', 'successful', 'successful_or_canceled', 'any'] as const;

/** The token table: every field the mock service understands. */
export const TOKEN_SCHEMA: Field = obj({
  user: obj({
    id: valueOf(str(), { hidden: bool }, true),
    name: valueOf(str(), { hidden: bool }),
    email: valueOf(str({ format: 'email' }), { allow_modify: bool, hidden: bool }, true),
    phone: valueOf(str({ format: 'phone' }), { hidden: bool }),
    country: valueOf(str({ format: 'country' }), { allow_modify: bool }),
    age: { type: 'integer', min: 0, max: 150 },
    attributes: { type: 'object' },
    steam_id: valueOf(str()),
    tracking_id: valueOf(str({ maxLength: 32 })),
    public_id: valueOf(str()),
    utm: obj({
      utm_source: str(), utm_medium: str(), utm_campaign: str(), utm_term: str(), utm_content: str(),
    }),
    is_legal: bool,
    legal: obj({ name: str(), address: str(), vat_id: str(), country: str({ format: 'country' }) }),
  }, { required: true }),
  settings: obj({
    project_id: { type: 'integer', required: true, min: 1 },
    currency: str({ format: 'currency' }),
    language: str({ format: 'language' }),
    external_id: str(),
    mode: str({ enum: ['sandbox'] }),
    payment_method: { type: 'integer', min: 1 },
    payment_widget: str({ enum: ['paybycash', 'giftcard'] }),
    return_url: str({ format: 'url', maxLength: 2048 }),
    redirect_policy: obj({
      redirect_conditions: str({ enum: REDIRECT_CONDITIONS }),
      delay: { type: 'integer', min: 0, max: 3600 },
      status_for_manual_redirection: str({ enum: REDIRECT_CONDITIONS }),
      redirect_button_caption: str(),
    }),
    ui: obj({
      theme: str({ enum: ['default', 'default_dark'] }),
      version: str({ enum: ['desktop', 'mobile'] }),
      size: str({ enum: ['small', 'medium', 'large'] }),
      mode: str({ enum: ['user_account'] }),
      currency_format: str({ enum: ['code'] }),
      is_prevent_external_link_open: bool,
      desktop: { type: 'object' },
      mobile: { type: 'object' },
      components: { type: 'object' },
    }),
  }, { required: true }),
  purchase: obj({
    virtual_currency: obj({ quantity: { type: 'number', required: true, min: 0.01, max: 1e9 } }),
    virtual_items: obj({
      items: { type: 'array', required: true, min: 1, maxLength: 100, items: obj({
        sku: str({ required: true }),
        amount: { type: 'integer', required: true, min: 1, max: 10_000 },
      }) },
      available_groups: { type: 'array', maxLength: 100, items: str() },
    }),
    subscription: obj({
      plan_id: str({ required: true }),
      operation: str({ enum: ['change_plan', 'renew'] }),
      product_id: str(),
      currency: str({ format: 'currency' }),
      available_plans: { type: 'array', maxLength: 100, items: str() },
      trial_days: { type: 'integer', min: 0, max: 365 },
    }),
    checkout: obj({
      currency: str({ required: true, format: 'currency' }),
      amount: { type: 'number', required: true, min: 0.01, max: 1e9 },
    }),
    description: valueOf(str({ maxLength: 4000 })),
  }),
  custom_parameters: { type: 'object' },
});

const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));
const FORMATS: Record<Format, [(value: string) => boolean, string]> = {
  email: [(v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'must be an email address'],
  url: [(v) => /^https?:\/\/[^\s]+$/.test(v) && URL.canParse(v), 'must be an http(s) URL'],
  currency: [(v) => CURRENCIES.has(v), 'must be an ISO 4217 currency code such as USD'],
  country: [(v) => /^[A-Z]{2}$/.test(v), 'must be an uppercase ISO 3166-1 alpha-2 code such as US'],
  language: [(v) => /^[a-z]{2}$/.test(v), 'must be a lowercase 2-letter ISO 639-1 code such as en'],
  phone: [(v) => /^\+?[0-9]{5,15}$/.test(v), 'must be a phone number of 5 to 15 digits'],
};

const TYPE_NAMES: Record<Kind, string> = {
  string: 'a string', integer: 'an integer', number: 'a number', boolean: 'a boolean', object: 'an object', array: 'an array',
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasType(value: unknown, type: Kind): boolean {
  switch (type) {
    case 'string': return typeof value === 'string';
    case 'integer': return Number.isInteger(value);
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'boolean': return typeof value === 'boolean';
    case 'object': return isObject(value);
    case 'array': return Array.isArray(value);
  }
}

function check(field: Field, value: unknown, path: string, add: (path: string, message: string) => void): void {
  if (!hasType(value, field.type)) {
    add(path, `must be ${TYPE_NAMES[field.type]}`);
    return;
  }
  if (typeof value === 'string') {
    if (field.required && value.trim() === '') add(path, 'must not be empty');
    if (field.maxLength !== undefined && value.length > field.maxLength) add(path, `must be at most ${field.maxLength} characters`);
    if (field.enum && !field.enum.includes(value)) add(path, `must be one of: ${field.enum.join(', ')}`);
    if (field.format && value !== '') {
      const [test, message] = FORMATS[field.format];
      if (!test(value)) add(path, message);
    }
  }
  if (typeof value === 'number') {
    if (field.min !== undefined && value < field.min) add(path, `must be at least ${field.min}`);
    if (field.max !== undefined && value > field.max) add(path, `must be at most ${field.max}`);
  }
  if (Array.isArray(value)) {
    if (field.min !== undefined && value.length < field.min) add(path, `must have at least ${field.min} item(s)`);
    if (field.maxLength !== undefined && value.length > field.maxLength) add(path, `must have at most ${field.maxLength} items`);
    if (field.items) value.forEach((item, i) => check(field.items!, item, `${path}[${i}]`, add));
  }
  if (isObject(value) && field.fields) {
    for (const [name, sub] of Object.entries(field.fields)) {
      const child = path ? `${path}.${name}` : name;
      if (Object.prototype.hasOwnProperty.call(value, name) && value[name] !== null) check(sub, value[name], child, add);
      else if (sub.required) add(child, 'is required');
    }
    for (const name of Object.keys(value)) {
      if (!Object.prototype.hasOwnProperty.call(field.fields, name)) add(path ? `${path}.${name}` : name, 'is not a known field');
    }
  }
}

/** Rules that span fields: legal details, the merchant's projects, SKUs and plans. */
function crossCheck(body: Record<string, unknown>, merchantId: number, add: (path: string, message: string) => void, global: (m: string) => void): void {
  const user = isObject(body.user) ? body.user : {};
  const settings = isObject(body.settings) ? body.settings : {};
  const purchase = isObject(body.purchase) ? body.purchase : undefined;

  if (user.is_legal === true) {
    const legal = isObject(user.legal) ? user.legal : {};
    for (const name of ['name', 'address', 'vat_id', 'country']) {
      if (legal[name] === undefined || legal[name] === null) add(`user.legal.${name}`, 'is required when user.is_legal is true');
    }
  }

  const project = Number.isInteger(settings.project_id) ? findProject(settings.project_id) : undefined;
  if (Number.isInteger(settings.project_id) && !(MERCHANT_PROJECTS[merchantId] ?? []).includes(settings.project_id as number)) {
    add('settings.project_id', `project ${String(settings.project_id)} does not belong to merchant ${merchantId}`);
  }

  if (!purchase) return;
  const kinds = ['virtual_currency', 'virtual_items', 'subscription', 'checkout'].filter((k) => purchase[k] !== undefined);
  if (kinds.length === 0) global('purchase must contain virtual_currency, virtual_items, subscription or checkout');
  if (purchase.checkout !== undefined && kinds.length > 1) global('purchase.checkout cannot be combined with other purchase types');
  if (!project) return;

  const items = isObject(purchase.virtual_items) && Array.isArray(purchase.virtual_items.items) ? purchase.virtual_items.items : [];
  items.forEach((item: unknown, i) => {
    if (isObject(item) && typeof item.sku === 'string' && !project.items.some((known) => known.sku === item.sku)) {
      add(`purchase.virtual_items.items[${i}].sku`, `no item "${item.sku}" in project ${project.id}`);
    }
  });
  const subscription = isObject(purchase.subscription) ? purchase.subscription : undefined;
  const plans = new Set(project.plans.map((p) => p.plan_id));
  if (subscription && typeof subscription.plan_id === 'string' && !plans.has(subscription.plan_id)) {
    add('purchase.subscription.plan_id', `no plan "${subscription.plan_id}" in project ${project.id}`);
  }
}

/** Null when `body` is a valid token request for `merchantId`; else the 422 `extended_message`. */
export function validateTokenRequest(body: unknown, merchantId: number): ExtendedMessage | null {
  // No prototype, so a body field named __proto__ is reported like any other path.
  const result: ExtendedMessage = { global_errors: [], property_errors: Object.create(null) as Record<string, string[]> };
  const add = (path: string, message: string) => {
    (result.property_errors[path] ??= []).push(message);
  };
  if (!isObject(body)) {
    result.global_errors.push('the request body must be a JSON object');
    return result;
  }
  check(TOKEN_SCHEMA, body, '', add);
  crossCheck(body, merchantId, add, (message) => result.global_errors.push(message));
  return result.global_errors.length || Object.keys(result.property_errors).length ? result : null;
}
