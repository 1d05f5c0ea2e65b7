/**
 * What the payment UI sells, as its server resolves it (mock/domain/sessions.ts) from the page's
 * own address and the service's database: `GET /api/session?<the page's query string>`. Every way
 * this can fail maps to one payment UI error code.
 */
import type { PaymentMethod, UiSettings } from './ui-settings';
import { UI_ERRORS, type UiErrorCode } from './ui-errors';

/** Which of the payment UI's two origins: the live one or the sandbox (a token says which it opens). */
export type TokenMode = 'live' | 'sandbox';

export interface Price {
  amount: number;
  currency: string;
}

/**
 * What a paid line gives the player (the server's to deliver). A game's key: of the DRM the token
 * names (`drm`), else of the one the player picks among the game's `drms`.
 */
export type Delivery = { item: number } | { currency: number } | { game: number; drm?: string | null; drms?: string[] } | null;

export interface Line {
  sku: string | null;
  /** In the token's language, else English. */
  name: string;
  quantity: number;
  price: Price;
  /** The catalogue's image address, when it has one. */
  image: string | null;
  delivers: Delivery;
}

export type Purchase =
  | { kind: 'items'; lines: Line[] }
  | { kind: 'virtual_currency'; quantity: number; lines: Line[] }
  | {
      kind: 'subscription';
      lines: Line[];
      planId: number;
      period: { value: number; type: 'day' | 'month' };
      trialDays: number;
      /** The product the token named, as the API shows it (`purchase.subscription.product_id`). */
      product?: Record<string, unknown>;
      /** `operation: change_plan`: the player's subscription whose plan this purchase changes. */
      changes?: number;
    }
  /**
   * Game keys, a line each (`pin_codes.codes`); `drm` null: the player picks one of `drms` for the
   * keys whose DRM the token leaves open (each line's `delivers` says its own).
   */
  | { kind: 'game'; lines: Line[]; drm: string | null; drms: string[] };

/** A gift: who gets what is bought, and what the giver says with it. */
export interface Gift {
  receiver: { id: string; name: string | null; email: string | null };
  /** `giver_id` of the token, else the token's user. */
  giverId: string;
  message: string | null;
  /** `hide_giver_from_receiver` (default true). */
  hideGiver: boolean;
}

/** The DRM the player picks for the game keys whose token names none: one for all of them, or each game's (its SKU → the DRM). */
export type DrmPick = string | Record<string, string>;

/** A DRM pick as Pay may send it: text, or an object of texts. */
export const isDrmPick = (value: unknown): value is DrmPick =>
  typeof value === 'string' || (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((drm) => typeof drm === 'string'));

/** What the player may pick in the store (a token that names no purchase), as Pay sends it back. */
export type Choice = { sku: string } | { package: string } | { plan: string } | { amount: number };

/** A choice as Pay may send it: one key, `sku`, `package` or `plan` with text, or `amount` with a number. */
export function isChoice(value: unknown): value is Choice {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  if (entries.length !== 1) return false;
  const [key, given] = entries[0]!;
  return key === 'amount' ? typeof given === 'number' && Number.isFinite(given) : ['sku', 'package', 'plan'].includes(key) && typeof given === 'string';
}

/** What a payment is paid with: a method the page offers (absent: the test card), or the id the token's `settings.payment_method` names. */
export type PaidWith = Exclude<PaymentMethod, 'test-card'> | number;

/** The transaction's payment method as the webhooks and `paymentInfo` name it: the method, the id as text, or the test card. */
export const methodOf = (paidWith: PaidWith | PaymentMethod | undefined): string => (paidWith === undefined ? 'test-card' : String(paidWith));

/**
 * What the payment of `session` is paid with when the player picks `method` (none: the page's
 * preselected first), or why that is not a method of its page: a token that names
 * `settings.payment_method` is paid with that, and the page offers no other.
 */
export function paidWith(session: Session, method: unknown): { ok: true; paidWith?: PaidWith } | { ok: false; message: string } {
  if (session.paymentMethod !== undefined) {
    return method === undefined ? { ok: true, paidWith: session.paymentMethod } : { ok: false, message: `this token's settings.payment_method names the method (${session.paymentMethod}): the page offers no other to pick` };
  }
  const offered = session.ui.methods;
  const picked = method ?? offered[0];
  if (!offered.includes(picked as PaymentMethod)) return { ok: false, message: `one of the methods this page offers: ${offered.join(', ')}` };
  return picked === 'test-card' ? { ok: true } : { ok: true, paidWith: picked as PaidWith };
}

/** Why the store refuses an `amount` the player types (`custom_amount`), or null when it takes it: from `min` to `max`, whole when the currency is discrete. */
export function amountRefusal(custom: Store['custom'], amount: number): string | null {
  if (!custom) return 'this store takes no typed amount (its token\'s settings.ui.components.virtual_currency.custom_amount is off)';
  if (Number.isFinite(amount) && amount >= custom.min && amount <= custom.max && (!custom.whole || Number.isInteger(amount))) return null;
  return `an amount from ${custom.min} to ${custom.max}${custom.whole ? ', whole' : ''}`;
}

/** One thing the store offers: what picking it buys, and the item groups (codes) it is listed in. */
export interface Offer {
  choice: Choice;
  purchase: Purchase;
  groups: string[];
}

/** The store a token that names no purchase opens on, as its `settings.ui.components` and `purchase.*.available_*` say. */
export interface Store {
  groups: { code: string; name: string }[];
  items: Offer[];
  packages: Offer[];
  plans: Offer[];
  /** `components.virtual_currency.custom_amount`: the player types an amount, from `min` to `max`, at `unit` each (a package of that amount at its price). */
  custom: { name: string; unit: Price; min: number; max: number; whole: boolean } | null;
}

/** `ui.mode: user_account`: what the player's account shows. */
export interface Account {
  balance: number;
  history: { id: number; date: string; amount: number; currency: string; status: string; what: string }[];
  subscriptions: { id: number; plan: string; status: string; nextCharge: string | null; amount: number; currency: string }[];
}

export interface Session {
  /** The merchant whose project this is. */
  merchantId: number;
  /** The project, its name in the session's language. */
  project: { id: number; name: string };
  mode: TokenMode;
  tokenless: boolean;
  user: { id: string; email: string; name: string | null; country: string; phone: string | null };
  language: string;
  theme: 'default' | 'default_dark';
  compact: boolean;
  /** What `settings.ui` (and `payment_widget`) ask the page to show (mock/spec/ui-settings.ts). */
  ui: UiSettings;
  /** The token names no purchase: the player picks one here (`purchase` is the one picked first). */
  store: Store | null;
  /** `ui.mode: user_account`: the player's account instead of a checkout. */
  account: Account | null;
  /** The player's virtual currency balance and the currency's name, for the header; null without a virtual currency. */
  balance: { amount: number; name: string } | null;
  currency: string;
  returnUrl: string | null;
  externalId: string | null;
  /** `custom_parameters` of the token or `access_data`, carried into the webhooks. */
  customParameters: Record<string, unknown> | null;
  /** `purchase.gift`: what is bought goes to `friends[0]` (the receiver); the token's user is the giver, who pays. */
  gift?: Gift;
  /** `settings.payment_method` of the token: the id of the method the payment is made with (absent: the test card). */
  paymentMethod?: number;
  purchase: Purchase;
}

/** A game key sold: the game's SKU, its DRM and the key. */
export interface SoldKey {
  sku: string;
  drm: string;
  code: string;
}

/** What a paid purchase gave: its invoice (the transaction), and the game keys it handed out (`key`: the first). */
export interface Paid {
  invoice: number;
  status: 'done';
  key?: { drm: string; code: string };
  keys?: SoldKey[];
}

/**
 * `paid`: the token has paid already (it serves one rendering), and this is what it paid; the page
 * shows that, and the service takes no second payment with it (409).
 */
export type SessionResult = { ok: true; session: Session; paid?: Paid } | { ok: false; code: UiErrorCode; message: string };

export function total(purchase: Purchase): number {
  return Math.round(purchase.lines.reduce((sum, line) => sum + line.price.amount * line.quantity, 0) * 100) / 100;
}

/** Asks this origin's server for the session of `search` (the page's query string). Never throws. */
export async function fetchSession(search: string): Promise<SessionResult> {
  try {
    const response = await fetch(`/api/session${search}`, { headers: { accept: 'application/json' }, cache: 'no-store' });
    const answer = (await response.json()) as SessionResult;
    if (typeof answer === 'object' && answer !== null && typeof answer.ok === 'boolean') return answer;
  } catch {
    // No answer, or not one of ours: below.
  }
  return { ok: false, code: '1000-0002', message: UI_ERRORS['1000-0002'] };
}
