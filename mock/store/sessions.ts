/**
 * What the payment UI is asked to sell, resolved on its server from the page's address (a signed
 * `access_token` or tokenless `access_data`) and the catalogue in the database: names localized
 * by the token's `settings.language` (English otherwise), prices and images as the merchant wrote
 * them. The page asks for it (`GET /api/session`) and Pay resolves it again (mock/webhooks/payments.ts),
 * so the page can never sell what the database does not. Every failure is one payment UI error code.
 */
import { inputProblem } from '../shared/input';
import { httpAddress, isObject, type Plain } from '../shared/plain';
import { checkTokenRequest } from '../merchant-api/validate';
import { verifyToken, type TokenMode } from '../shared/token';
import { UI_ERRORS, type UiErrorCode } from '../shared/ui-errors';
import type { Delivery, Gift, Line, Purchase, Session, SessionResult } from '../ui/session';
import type { Database, Sql } from './database';
import { enabledPackages, findGame, findProject, localize, priceIn, sellables, virtualCurrency, type ProjectRecord, type Sellable } from './sellables';
import { planByExternalId, planCharge, planPeriod, planTrialDays, productById, runningSubscription } from './subscriptions';
import { findUser } from './users';
import { offeredTo, skippedWhenMissing } from './attributes';
import { spentToken, tokenHash } from './spent-tokens';

const obj = (v: unknown): Plain => (isObject(v) ? v : {});
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const valueText = (v: unknown): string | null => text(obj(v).value);

class Refusal {
  constructor(readonly code: UiErrorCode, readonly detail?: string) {}
}

function fail(code: UiErrorCode, detail?: string): SessionResult {
  return { ok: false, code, message: detail ? `${UI_ERRORS[code]} (${detail})` : UI_ERRORS[code] };
}

interface Context {
  sql: Sql;
  /** The paying player's id. */
  userId: string;
  project: ProjectRecord;
  language: string;
  currency: string;
  /** The token's `user.attributes`, which the items' `user_attribute_conditions` are checked against. */
  attributes: Plain;
  /** The project's attribute keys whose conditions hold when the token lacks them (read once, when an item has conditions). */
  skip?: Promise<Set<string>>;
}

const round = (amount: number) => Math.round(amount * 100) / 100;

function priced(ctx: Context, what: string, prices: Record<string, number>, defaultCurrency: string | null) {
  const price = priceIn(prices, ctx.currency, defaultCurrency);
  if (!price) throw new Refusal('0010-0001', `${what} has no price`);
  return price;
}

async function currencyName(ctx: Context): Promise<string> {
  const vc = await virtualCurrency(ctx.sql, ctx.project.id);
  return localize(vc?.name, ctx.language, 'coins');
}

async function packageLine(ctx: Context, pack: Sellable, quantity: number): Promise<Line> {
  return {
    sku: pack.sku,
    name: localize(pack.name, ctx.language, `${pack.amount} ${await currencyName(ctx)}`),
    quantity,
    price: priced(ctx, `package "${pack.sku}"`, pack.prices, pack.defaultCurrency),
    image: pack.image,
    delivers: { currency: pack.amount },
  };
}

async function itemLines(ctx: Context, items: unknown[]): Promise<Line[]> {
  const wanted = items.filter(isObject).filter((item) => typeof item.sku === 'string');
  const known = await sellables(ctx.sql, ctx.project.id, wanted.map((item) => item.sku as string));
  const lines: Line[] = [];
  for (const item of wanted) {
    const sku = item.sku as string;
    const quantity = typeof item.amount === 'number' ? item.amount : 1;
    const found = known.get(sku);
    if (!found || !found.enabled) throw new Refusal('0010-0001', `"${sku}"`);
    if (found.conditions.length && !offeredTo(found.conditions, ctx.attributes, await (ctx.skip ??= skippedWhenMissing(ctx.sql, ctx.project.id)))) {
      throw new Refusal('0010-0001', `"${sku}" is not offered to this player: its user_attribute_conditions do not hold for the token's user.attributes`);
    }
    if (found.kind === 'package') {
      lines.push(await packageLine(ctx, found, quantity));
      continue;
    }
    lines.push({
      sku,
      name: localize(found.name, ctx.language, sku),
      quantity,
      price: priced(ctx, `item "${sku}"`, found.prices, found.defaultCurrency),
      image: found.image,
      delivers: { item: found.id },
    });
  }
  return lines;
}

/** A quantity of virtual currency: the package of that amount, else the currency's unit price. */
async function currencyPurchase(ctx: Context, quantity: number): Promise<Purchase> {
  const vc = await virtualCurrency(ctx.sql, ctx.project.id);
  if (!vc) throw new Refusal('0010-0001', 'the project has no virtual currency');
  const pack = (await enabledPackages(ctx.sql, ctx.project.id)).find((p) => p.amount === quantity);
  const unit = priceIn(vc.base, ctx.currency, vc.defaultCurrency);
  const price = pack ? priceIn(pack.prices, ctx.currency, pack.defaultCurrency) : unit && { amount: round(unit.amount * quantity), currency: unit.currency };
  if (!price) throw new Refusal('0010-0001', 'the virtual currency has no price');
  const name = `${quantity} ${localize(vc.name, ctx.language, 'coins')}`;
  return { kind: 'virtual_currency', quantity, lines: [{ sku: null, name, quantity: 1, price, image: pack?.image ?? vc.image, delivers: { currency: quantity } }] };
}

/** One game key of `pin_codes.codes`: its game, priced, and the DRM the token names (null: the player picks one of the game's). */
async function gameLine(ctx: Context, code: Plain): Promise<Line> {
  const sku = text(code.digital_content) ?? '';
  const game = await findGame(ctx.sql, ctx.project.id, sku);
  if (!game) throw new Refusal('0010-0001', `"${sku}"`);
  if (!game.drms.length) throw new Refusal('0010-0003', `"${sku}"`);
  const drm = text(code.drm);
  if (drm !== null && !game.drms.includes(drm)) throw new Refusal('0010-0003', `"${sku}" has no ${drm}`);
  const price = priced(ctx, `game "${sku}"`, game.prices, game.defaultCurrency);
  return { sku, name: localize(game.name, ctx.language, sku), quantity: 1, price, image: game.image, delivers: { game: game.id, drm, drms: game.drms } };
}

/**
 * Every key of `pin_codes.codes`, one line each. The purchase's `drm` is null when the player
 * picks a DRM, one of `drms` (those all games whose DRM the token leaves open have), for those
 * keys; else it is the token's (the first key's), and `drms` the DRMs all the games have.
 */
async function gamePurchase(ctx: Context, codes: Plain[]): Promise<Purchase> {
  const lines: Line[] = [];
  for (const code of codes) lines.push(await gameLine(ctx, code));
  const games = lines.map((line) => line.delivers as Extract<Delivery, { game: number }>);
  const open = games.filter((game) => !game.drm);
  const among = open.length ? open : games;
  const drms = among[0]!.drms!.filter((drm) => among.every((game) => game.drms!.includes(drm)));
  if (open.length && !drms.length) throw new Refusal('0010-0003', 'the games whose DRM the player picks have none in common');
  return { kind: 'game', drm: open.length ? null : games[0]!.drm!, drms, lines };
}

/** `ctx` priced in a purchase part's own `currency` when it names one (before `settings.currency`). */
const pricedIn = (ctx: Context, part: Plain): Context => ({ ...ctx, currency: text(part.currency) ?? ctx.currency });

async function purchaseOf(ctx: Context, purchase: Plain): Promise<Purchase> {
  const items = obj(purchase.virtual_items).items;
  if (Array.isArray(items)) return { kind: 'items', lines: await itemLines(pricedIn(ctx, obj(purchase.virtual_items)), items) };
  const vc = obj(purchase.virtual_currency);
  if (typeof vc.quantity === 'number') return currencyPurchase(pricedIn(ctx, vc), vc.quantity);
  const subscription = obj(purchase.subscription);
  if (typeof subscription.plan_id === 'string') {
    const plan = await planByExternalId(ctx.sql, ctx.project.id, subscription.plan_id);
    if (!plan || plan.status !== 'active') throw new Refusal('0010-0001', `no plan "${subscription.plan_id}"`);
    const price = planCharge(plan.data);
    const name = localize(plan.data.name, ctx.language, subscription.plan_id);
    const lines = [{ sku: subscription.plan_id, name, quantity: 1, price, image: null, delivers: null }];
    if (subscription.operation === 'change_plan') {
      // The player's running subscription of the project changes plan: charged at once, no trial.
      const current = await runningSubscription(ctx.sql, ctx.project.id, ctx.userId);
      if (!current || current.planId === plan.id) throw new Refusal('1004-0001', current ? 'it is already the plan' : 'the player has no running subscription');
      if (current.data.currency !== price.currency) throw new Refusal('0007-0009', `${current.data.currency} → ${price.currency}`);
      return { kind: 'subscription', planId: plan.id, period: planPeriod(plan.data), trialDays: 0, changes: current.id, lines };
    }
    const trialDays = typeof subscription.trial_days === 'number' ? subscription.trial_days : planTrialDays(plan.data);
    // A product named by the token (checked when it was issued) and deleted since is not sold.
    const product = subscription.product_id === undefined ? undefined : await productById(ctx.sql, ctx.project.id, subscription.product_id);
    if (subscription.product_id !== undefined && !product) throw new Refusal('0010-0001', `no product "${String(subscription.product_id)}"`);
    return { kind: 'subscription', planId: plan.id, period: planPeriod(plan.data), trialDays, lines, ...(product ? { product } : {}) };
  }
  const codes = obj(purchase.pin_codes).codes;
  if (Array.isArray(codes) && codes.some(isObject)) return gamePurchase(pricedIn(ctx, obj(purchase.pin_codes)), codes.filter(isObject));
  // Nothing chosen by the merchant: offer the project's biggest currency package.
  const pack = (await enabledPackages(ctx.sql, ctx.project.id)).at(-1);
  if (!pack) throw new Refusal('1000-0003');
  return { kind: 'virtual_currency', quantity: pack.amount, lines: [{ ...(await packageLine(ctx, pack, 1)), sku: null }] };
}

/** `purchase.gift`: to `friends[0]`, who must have an `id` to be given to; null when the token gives nothing. */
function giftOf(purchase: Plain, userId: string): Gift | null {
  if (!isObject(purchase.gift)) return null;
  const { gift } = purchase;
  const friend = Array.isArray(gift.friends) ? gift.friends[0] : undefined;
  const id = isObject(friend) ? text(friend.id) : null;
  if (!isObject(friend) || id === null) throw new Refusal('0010-0001', 'the gift names no friend to give to: purchase.gift.friends[0].id');
  return {
    receiver: { id, name: text(friend.name), email: text(friend.email) },
    giverId: text(gift.giver_id) ?? userId,
    message: text(gift.message),
    hideGiver: gift.hide_giver_from_receiver !== 'false',
  };
}

async function sessionOf(
  sql: Sql, project: ProjectRecord, mode: TokenMode, tokenless: boolean, user: Plain, settings: Plain, purchase: Plain, custom: unknown,
): Promise<SessionResult> {
  const ui = obj(settings.ui);
  const language = text(settings.language) ?? 'en';
  const userId = valueText(user.id) ?? 'anonymous';
  // A user the merchant disabled (PUT …/users/{user_id} with enabled false) cannot pay.
  if ((await findUser(sql, project.id, userId))?.enabled === false) return fail('0005-0001');
  const ctx: Context = { sql, project, userId, language, currency: text(settings.currency) ?? 'USD', attributes: obj(user.attributes) };
  let resolved: Purchase;
  let gift: Gift | null;
  try {
    gift = giftOf(purchase, userId);
    resolved = await purchaseOf(ctx, purchase);
  } catch (error) {
    if (error instanceof Refusal) return fail(error.code, error.detail);
    throw error;
  }
  const session: Session = {
    merchantId: project.merchantId,
    project: { id: project.id, name: localize(project.data.name, language, `Project ${project.id}`) },
    mode,
    tokenless,
    user: { id: userId, email: valueText(user.email) ?? '', name: valueText(user.name), country: valueText(user.country) ?? 'US', phone: valueText(user.phone) },
    language,
    theme: ui.theme === 'default_dark' ? 'default_dark' : 'default',
    compact: ui.version === 'mobile',
    currency: ctx.currency,
    // Only http(s): the token's signing key is public, so a token can say what the token endpoint would refuse.
    returnUrl: httpAddress(settings.return_url),
    externalId: text(settings.external_id),
    customParameters: isObject(custom) ? custom : null,
    ...(Number.isSafeInteger(settings.payment_method) ? { paymentMethod: settings.payment_method as number } : {}),
    ...(gift ? { gift } : {}),
    purchase: resolved,
  };
  return { ok: true, session };
}

/**
 * Resolves the session of a payment UI address. `pageMode` is which origin serves it (live or
 * sandbox); `now` is the clock for token expiry (a time, or the clock of the token's merchant).
 */
export async function resolveSession(db: Database, search: URLSearchParams, pageMode: TokenMode, now: number | ((merchantId: number) => number) = Date.now()): Promise<SessionResult> {
  const { sql } = db;
  const token = search.get('access_token');
  const accessData = search.get('access_data');

  if (token !== null) {
    const verified = await verifyToken(token, now);
    if (!verified.ok) return fail('0004-0001');
    const { payload } = verified;
    if (payload.mode !== pageMode) return fail('0004-0008');
    // A token that paid reopens on what it paid, whatever became of the catalogue since.
    const spent = await spentToken(sql, tokenHash(token));
    if (spent) return { ok: true, session: spent.session, paid: spent.paid };
    const project = await findProject(sql, payload.project_id);
    if (!project || project.merchantId !== payload.merchant_id) return fail('0002-0002');
    if (project.data.payments_available === false) return fail('0002-0004');
    return sessionOf(sql, project, payload.mode, false, obj(payload.user), obj(payload.settings), obj(payload.purchase), payload.custom_parameters);
  }

  if (accessData !== null) {
    let data: unknown;
    try {
      data = JSON.parse(accessData);
    } catch {
      return fail('0004-0009');
    }
    if (!isObject(data)) return fail('0004-0009');
    // Text Postgres cannot keep, numbers past Infinity, nesting past every need: refused as the token's body is.
    const unstorable = inputProblem(data);
    if (unstorable) return { ok: false, code: '0004-0009', message: `${UI_ERRORS['0004-0009']}: ${unstorable.path}: ${unstorable.message}` };
    const settings = obj(data.settings);
    if (settings.project_id === undefined || settings.project_id === null || settings.project_id === '') return fail('0004-0003');
    const project = await findProject(sql, typeof settings.project_id === 'string' ? Number(settings.project_id) : Number(settings.project_id));
    if (!project) return fail('0002-0002');
    if (project.data.payments_available === false) return fail('0002-0004');
    // Tokenless integration is the project's own setting (service-spec.md "Authentication" 3).
    if (project.data.send_json_to_payui !== true) return fail('0004-0010');
    const mode: TokenMode = settings.mode === 'sandbox' ? 'sandbox' : 'live';
    if (mode !== pageMode) return fail('0004-0008');
    // Checked as a token body is (unknown SKUs and plans, types, formats): never a $0 item.
    const problems = await checkTokenRequest(sql, data, project.merchantId);
    if (problems) {
      const first = [...problems.global_errors, ...Object.entries(problems.property_errors).map(([path, [message]]) => `${path}: ${message}`)][0];
      return { ok: false, code: '0004-0009', message: `${UI_ERRORS['0004-0009']}: ${first}` };
    }
    return sessionOf(sql, project, mode, true, obj(data.user), settings, obj(data.purchase), data.custom_parameters);
  }

  return fail('0004-0001');
}
