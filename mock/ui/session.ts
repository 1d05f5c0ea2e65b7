/**
 * What the payment UI is asked to sell, read from its own address: a signed `access_token`
 * or tokenless `access_data`. Every way this can fail maps to one payment UI error code.
 */
import { MERCHANT_PROJECTS, currencyPrice, findProject, type Price, type Project } from '../shared/catalog';
import { validateTokenRequest } from '../merchant-api/validate';
import { verifyToken, type TokenMode } from '../shared/token';
import { UI_ERRORS, type UiErrorCode } from '../shared/ui-errors';

export interface Line {
  sku: string | null;
  name: string;
  quantity: number;
  price: Price;
}

export type Purchase =
  | { kind: 'items'; lines: Line[] }
  | { kind: 'virtual_currency'; quantity: number; lines: Line[] }
  | { kind: 'subscription'; lines: Line[]; period: 'month' | 'year'; trialDays: number };

export interface Session {
  /** The merchant whose project this is. */
  merchantId: number;
  project: Project;
  mode: TokenMode;
  tokenless: boolean;
  user: { id: string; email: string; name: string | null; country: string };
  language: string;
  theme: 'default' | 'default_dark';
  compact: boolean;
  currency: string;
  returnUrl: string | null;
  externalId: string | null;
  /** `custom_parameters` of the token or `access_data`, carried into the webhooks. */
  customParameters: Record<string, unknown> | null;
  purchase: Purchase;
}

export type SessionResult = { ok: true; session: Session } | { ok: false; code: UiErrorCode; message: string };

/** The merchant a project belongs to. */
const ownerOf = (projectId: number) => Number(Object.keys(MERCHANT_PROJECTS).find((id) => MERCHANT_PROJECTS[Number(id)]!.includes(projectId)));

type Plain = Record<string, unknown>;
const isObject = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Plain => (isObject(v) ? v : {});
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const valueText = (v: unknown): string | null => text(obj(v).value);

function fail(code: UiErrorCode): SessionResult {
  return { ok: false, code, message: UI_ERRORS[code] };
}

function purchaseOf(project: Project, purchase: Plain): Purchase {
  const items = obj(purchase.virtual_items).items;
  if (Array.isArray(items)) {
    const lines = items.filter(isObject).filter((item) => typeof item.sku === 'string').map((item): Line => {
      const known = project.items.find((i) => i.sku === item.sku);
      const quantity = typeof item.amount === 'number' ? item.amount : 1;
      return { sku: String(item.sku), name: known?.name ?? String(item.sku), quantity, price: known?.price ?? { amount: 0, currency: 'USD' } };
    });
    return { kind: 'items', lines };
  }
  const vc = obj(purchase.virtual_currency);
  if (typeof vc.quantity === 'number') {
    const price = currencyPrice(project, vc.quantity);
    return { kind: 'virtual_currency', quantity: vc.quantity, lines: [{ sku: null, name: `${vc.quantity} ${project.virtualCurrency.name}`, quantity: 1, price }] };
  }
  const subscription = obj(purchase.subscription);
  const plan = project.plans.find((p) => p.plan_id === subscription.plan_id);
  if (plan) {
    const trialDays = typeof subscription.trial_days === 'number' ? subscription.trial_days : 0;
    return { kind: 'subscription', period: plan.period, trialDays, lines: [{ sku: plan.plan_id, name: plan.name, quantity: 1, price: plan.price }] };
  }
  // Nothing chosen by the merchant: offer the project's biggest currency pack.
  const pack = project.virtualCurrency.packages.at(-1)!;
  return { kind: 'virtual_currency', quantity: pack.quantity, lines: [{ sku: null, name: `${pack.quantity} ${project.virtualCurrency.name}`, quantity: 1, price: pack.price }] };
}

function sessionOf(project: Project, mode: TokenMode, tokenless: boolean, user: Plain, settings: Plain, purchase: Plain, custom: unknown): Session {
  const ui = obj(settings.ui);
  const purchaseResolved = purchaseOf(project, purchase);
  return {
    merchantId: ownerOf(project.id),
    project,
    mode,
    tokenless,
    user: {
      id: valueText(user.id) ?? 'anonymous',
      email: valueText(user.email) ?? '',
      name: valueText(user.name),
      country: valueText(user.country) ?? 'US',
    },
    language: text(settings.language) ?? 'en',
    theme: ui.theme === 'default_dark' ? 'default_dark' : 'default',
    compact: ui.version === 'mobile',
    currency: text(settings.currency) ?? 'USD',
    returnUrl: text(settings.return_url),
    externalId: text(settings.external_id),
    customParameters: isObject(custom) ? custom : null,
    purchase: purchaseResolved,
  };
}

/**
 * Resolves the session for this page. `pageMode` is which origin this copy of the UI serves
 * (live or sandbox); `now` is the clock for token expiry.
 */
export async function resolveSession(search: URLSearchParams, pageMode: TokenMode, now: number = Date.now()): Promise<SessionResult> {
  const token = search.get('access_token');
  const accessData = search.get('access_data');

  if (token !== null) {
    const verified = await verifyToken(token, now);
    if (!verified.ok) return fail('0004-0001');
    const { payload } = verified;
    if (payload.mode !== pageMode) return fail('0004-0008');
    const project = findProject(payload.project_id);
    if (!project) return fail('0002-0002');
    return { ok: true, session: sessionOf(project, payload.mode, false, obj(payload.user), obj(payload.settings), obj(payload.purchase), payload.custom_parameters) };
  }

  if (accessData !== null) {
    let data: unknown;
    try {
      data = JSON.parse(accessData);
    } catch {
      return fail('0004-0009');
    }
    if (!isObject(data)) return fail('0004-0009');
    const settings = obj(data.settings);
    if (settings.project_id === undefined || settings.project_id === null || settings.project_id === '') return fail('0004-0003');
    const project = findProject(typeof settings.project_id === 'string' ? Number(settings.project_id) : settings.project_id);
    if (!project) return fail('0002-0002');
    if (!project.tokenless) return fail('0004-0010');
    const mode: TokenMode = settings.mode === 'sandbox' ? 'sandbox' : 'live';
    if (mode !== pageMode) return fail('0004-0008');
    // Checked as a token body is (unknown SKUs and plans, types, formats): never a $0 item.
    const problems = validateTokenRequest(data, ownerOf(project.id));
    if (problems) {
      const first = [...problems.global_errors, ...Object.entries(problems.property_errors).map(([path, [message]]) => `${path}: ${message}`)][0];
      return { ok: false, code: '0004-0009', message: `${UI_ERRORS['0004-0009']}: ${first}` };
    }
    return { ok: true, session: sessionOf(project, mode, true, obj(data.user), settings, obj(data.purchase), data.custom_parameters) };
  }

  return fail('0004-0001');
}

export function total(purchase: Purchase): number {
  return Math.round(purchase.lines.reduce((sum, line) => sum + line.price.amount * line.quantity, 0) * 100) / 100;
}
