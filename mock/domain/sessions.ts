/**
 * What the payment UI is asked to sell, resolved on its server from the page's address (a signed
 * `access_token` or tokenless `access_data`) and the catalogue in the database: names localized
 * by the token's `settings.language` (English otherwise), prices and images as the merchant wrote
 * them. The page asks for it (`GET /api/session`) and Pay resolves it again (mock/domain/payments.ts),
 * so the page can never sell what the database does not. Every failure is one payment UI error code.
 */
import { inputProblem } from '../lib/input';
import { httpAddress, isObject, type Plain } from '../lib/plain';
import { checkTokenRequest, checkTokenTable } from './token-request';
import { tokenId, verifyToken } from './token';
import type { TokenMode } from '../spec/session';
import type { ExtendedMessage } from '../spec/errors';
import { UI_ERRORS, type UiErrorCode } from '../spec/ui-errors';
import { amountRefusal, type Choice, type Delivery, type Gift, type Line, type Offer, type Purchase, type Session, type SessionResult, type Store } from '../spec/session';
import { uiSettingsOf, type UiSettings } from '../spec/ui-settings';
import { accountOf } from '../store/accounts';
import { currencyOf } from '../store/catalog';
import type { Database, Sql } from '../store/database';
import { enabledGroups, enabledItems, enabledPackages, findGame, findProject, localize, priceIn, playerAndCurrency, sellables, type ProjectRecord, type Sellable, type VirtualCurrency } from '../store/sellables';
import { activePlans, planByExternalId, planCharge, type PlanRow, planPeriod, planTrialDays, productById } from '../store/subscription-plans';
import { runningSubscription } from '../store/subscriptions';
import type { UserRecord } from '../store/users';
import { offeredTo, skippedWhenMissing } from '../store/attributes';
import { spentToken, type SpentToken } from '../store/spent-tokens';
import { merchantApiKey } from '../store/sandboxes';

const obj = (v: unknown): Plain => (isObject(v) ? v : {});
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const valueText = (v: unknown): string | null => text(obj(v).value);

class Refusal {
  constructor(readonly code: UiErrorCode, readonly detail?: string) {}
}

/** A session kept by a token that paid before the page had `ui` settings: the defaults. */
const reopened = (session: Session): Session => ({ ...session, ui: session.ui ?? uiSettingsOf({}, httpAddress), account: session.account ?? null, balance: session.balance ?? null });

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
  /** The project's virtual currency, read once for the session (a name, a price and the balance all need it). */
  vc: () => Promise<VirtualCurrency | undefined>;
  /** The project's enabled packages, smallest amount first, read once for the session (with the player when it buys an amount of currency). */
  packages: () => Promise<Sellable[]>;
  /** The paying player as the project keeps them, read once (whether they may pay, and their balance). */
  player: UserRecord | undefined;
}

const round = (amount: number) => Math.round(amount * 100) / 100;

function priced(ctx: Context, what: string, prices: Record<string, number>, defaultCurrency: string | null) {
  const price = priceIn(prices, ctx.currency, defaultCurrency);
  if (!price) throw new Refusal('0010-0001', `${what} has no price`);
  return price;
}

async function currencyName(ctx: Context): Promise<string> {
  const vc = await ctx.vc();
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
  const vc = await ctx.vc();
  if (!vc) throw new Refusal('0010-0001', 'the project has no virtual currency');
  const pack = (await ctx.packages()).find((p) => p.amount === quantity);
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
 * picks the DRM of some keys: each game's among its own (its line's `drms`), or one for them all
 * among `drms` (those all games whose DRM the token leaves open have, maybe none); else it is the
 * token's (the first key's), and `drms` the DRMs all the games have.
 */
async function gamePurchase(ctx: Context, codes: Plain[]): Promise<Purchase> {
  const lines: Line[] = [];
  for (const code of codes) lines.push(await gameLine(ctx, code));
  const games = lines.map((line) => line.delivers as Extract<Delivery, { game: number }>);
  const open = games.filter((game) => !game.drm);
  const among = open.length ? open : games;
  const drms = among[0]!.drms!.filter((drm) => among.every((game) => game.drms!.includes(drm)));
  return { kind: 'game', drm: open.length ? null : games[0]!.drm!, drms, lines };
}

/** A plan's purchase; `subscription` is the token's `purchase.subscription` (its operation, trial, product). */
async function planPurchase(ctx: Context, plan: PlanRow, subscription: Plain): Promise<Purchase> {
  const externalId = plan.externalId ?? String(plan.id);
  const price = planCharge(plan.data);
  const name = localize(plan.data.name, ctx.language, externalId);
  const lines = [{ sku: externalId, name, quantity: 1, price, image: null, delivers: null }];
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

/** `ctx` priced in a purchase part's own `currency` when it names one (before `settings.currency`). */
const pricedIn = (ctx: Context, part: Plain): Context => ({ ...ctx, currency: text(part.currency) ?? ctx.currency });

/** The purchase the token names; null when it names none (the player picks in the store). */
async function purchaseOf(ctx: Context, purchase: Plain): Promise<Purchase | null> {
  const items = obj(purchase.virtual_items).items;
  if (Array.isArray(items)) return { kind: 'items', lines: await itemLines(pricedIn(ctx, obj(purchase.virtual_items)), items) };
  const vc = obj(purchase.virtual_currency);
  if (typeof vc.quantity === 'number') return currencyPurchase(pricedIn(ctx, vc), vc.quantity);
  const subscription = obj(purchase.subscription);
  if (typeof subscription.plan_id === 'string') {
    const plan = await planByExternalId(ctx.sql, ctx.project.id, subscription.plan_id);
    if (!plan || plan.status !== 'active') throw new Refusal('0010-0001', `no plan "${subscription.plan_id}"`);
    return planPurchase(ctx, plan, subscription);
  }
  const codes = obj(purchase.pin_codes).codes;
  if (Array.isArray(codes) && codes.some(isObject)) return gamePurchase(pricedIn(ctx, obj(purchase.pin_codes)), codes.filter(isObject));
  // Nothing chosen by the merchant: the store, where the player picks.
  return null;
}

/** A package as the store sells it: its amount of virtual currency (the line names no SKU, as a quantity bought does). */
const packagePurchase = async (ctx: Context, pack: Sellable): Promise<Purchase> =>
  ({ kind: 'virtual_currency', quantity: pack.amount, lines: [{ ...(await packageLine(ctx, pack, 1)), sku: null }] });

/** A refusal becomes nothing: what cannot be sold (no price, a plan change that cannot be) is not offered. */
async function offered(make: () => Promise<Offer>): Promise<Offer[]> {
  try {
    return [await make()];
  } catch (error) {
    if (error instanceof Refusal) return [];
    throw error;
  }
}

/**
 * The store of a token that names no purchase: the project's items (of `available_groups` when
 * the token names some), packages and plans (of `available_plans`), each component only when
 * `ui.components` does not hide it, and a typed amount of virtual currency when it allows one.
 */
async function storeOf(ctx: Context, purchase: Plain, ui: UiSettings): Promise<Store> {
  const { sql, project } = ctx;
  const shown = new Set(ui.components);
  const items = obj(purchase.virtual_items);
  const subscription = obj(purchase.subscription);
  const onlyGroups = Array.isArray(items.available_groups) ? new Set(items.available_groups.map(String)) : null;
  const onlyPlans = Array.isArray(subscription.available_plans) ? new Set(subscription.available_plans.map(String)) : null;
  const store: Store = { groups: [], items: [], packages: [], plans: [], custom: null };
  if (shown.has('virtual_items')) {
    const itemCtx = pricedIn(ctx, items);
    for (const item of await enabledItems(sql, project.id)) {
      const groups = onlyGroups ? item.groups.filter((code) => onlyGroups.has(code)) : item.groups;
      if (onlyGroups && !groups.length) continue;
      store.items.push(...(await offered(async () => ({ choice: { sku: item.sku }, groups, purchase: { kind: 'items', lines: await itemLines(itemCtx, [{ sku: item.sku, amount: 1 }]) } }))));
    }
    const listed = new Set(store.items.flatMap((offer) => offer.groups));
    store.groups = (await enabledGroups(sql, project.id)).filter((g) => listed.has(g.code)).map((g) => ({ code: g.code, name: localize(g.name, ctx.language, g.code) }));
  }
  if (shown.has('virtual_currency')) {
    const currencyCtx = pricedIn(ctx, obj(purchase.virtual_currency));
    for (const pack of await ctx.packages()) {
      store.packages.push(...(await offered(async () => ({ choice: { package: pack.sku }, groups: [], purchase: await packagePurchase(currencyCtx, pack) }))));
    }
    const vc = await ctx.vc();
    const limits = (await currencyOf(sql, project.id)) ?? {};
    const unit = vc && priceIn(vc.base, currencyCtx.currency, vc.defaultCurrency);
    if (ui.customAmount && vc && unit) {
      const bound = (value: unknown, fallback: number) => (typeof value === 'number' && value > 0 ? value : fallback);
      store.custom = { name: localize(vc.name, ctx.language, 'coins'), unit, min: bound(limits.min, 1), max: bound(limits.max, 100_000), whole: limits.is_currency_discrete !== false };
    }
  }
  if (shown.has('subscriptions')) {
    const planCtx = pricedIn(ctx, subscription);
    for (const plan of await activePlans(sql, project.id)) {
      const externalId = plan.externalId ?? String(plan.id);
      if (onlyPlans && !onlyPlans.has(externalId)) continue;
      store.plans.push(...(await offered(async () => ({ choice: { plan: externalId }, groups: [], purchase: await planPurchase(planCtx, plan, subscription) }))));
    }
  }
  return store;
}

/** The store's offer `choice` names (a typed amount: bought as a quantity is), or a refusal: the store does not offer it. */
async function chosenPurchase(ctx: Context, store: Store, choice: Choice, purchase: Plain): Promise<Purchase> {
  if ('amount' in choice) {
    const refusal = amountRefusal(store.custom, choice.amount);
    if (refusal !== null) throw new Refusal('0010-0001', refusal);
    return currencyPurchase(pricedIn(ctx, obj(purchase.virtual_currency)), choice.amount);
  }
  const same = (offer: Offer) => JSON.stringify(offer.choice) === JSON.stringify(choice);
  const offer = [...store.items, ...store.packages, ...store.plans].find(same);
  if (!offer) throw new Refusal('0010-0001', `the store does not offer ${JSON.stringify(choice)}`);
  return offer.purchase;
}

/**
 * What the store sells when the player has picked nothing yet: `selected_item` when the store lists
 * it; else, for a token that names `available_groups` or `available_plans`, the first item or plan
 * of those it offers (the merchant asked for them); else the project's biggest currency package
 * (what a token naming nothing always bought).
 */
async function firstPurchase(ctx: Context, store: Store, ui: UiSettings, purchase: Plain): Promise<Purchase> {
  const selected = store.items.find((offer) => 'sku' in offer.choice && offer.choice.sku === ui.selectedItem);
  if (selected) return selected.purchase;
  const named = [
    ...(Array.isArray(obj(purchase.virtual_items).available_groups) ? store.items : []),
    ...(Array.isArray(obj(purchase.subscription).available_plans) ? store.plans : []),
  ];
  if (named[0]) return named[0].purchase;
  const biggest = store.packages.at(-1) ?? null;
  if (biggest) return biggest.purchase;
  const pack = (await ctx.packages()).at(-1);
  if (!pack) throw new Refusal('1000-0003');
  return packagePurchase(ctx, pack);
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
  sql: Sql, project: ProjectRecord, mode: TokenMode, tokenless: boolean, user: Plain, settings: Plain, purchase: Plain, custom: unknown, choice?: Choice,
): Promise<SessionResult> {
  const ui = obj(settings.ui);
  const uiSettings = uiSettingsOf(settings, httpAddress);
  const language = text(settings.language) ?? 'en';
  const userId = valueText(user.id) ?? 'anonymous';
  // A user the merchant disabled (PUT …/users/{user_id} with enabled false) cannot pay.
  // An amount of currency bought (purchaseOf: no items named) is priced by the packages: read with them.
  const buysAmount = !Array.isArray(obj(purchase.virtual_items).items) && typeof obj(purchase.virtual_currency).quantity === 'number';
  const { player, currency: vc, packages: read } = await playerAndCurrency(sql, project.id, userId, buysAmount);
  if (player?.enabled === false) return fail('0005-0001');
  let packages: Promise<Sellable[]> | undefined = read && Promise.resolve(read);
  const ctx: Context = {
    sql, project, userId, language, currency: text(settings.currency) ?? 'USD', attributes: obj(user.attributes), player, vc: async () => vc,
    packages: () => (packages ??= enabledPackages(sql, project.id)),
  };
  let resolved: Purchase;
  let gift: Gift | null;
  let store: Store | null = null;
  try {
    gift = giftOf(purchase, userId);
    const named = await purchaseOf(ctx, purchase);
    if (named) resolved = named;
    else {
      store = await storeOf(ctx, purchase, uiSettings);
      resolved = choice ? await chosenPurchase(ctx, store, choice, purchase) : await firstPurchase(ctx, store, uiSettings, purchase);
    }
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
    ui: uiSettings,
    store,
    account: uiSettings.account ? await accountOf(sql, project.id, userId, language) : null,
    balance: await balanceOf(ctx),
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

/** The player's virtual currency balance and the currency's name; null when the project has no virtual currency. */
async function balanceOf(ctx: Context): Promise<Session['balance']> {
  const vc = await ctx.vc();
  if (!vc) return null;
  return { amount: Number(ctx.player?.balance ?? 0), name: localize(vc.name, ctx.language, 'coins') };
}

/** The first of the token request's problems, as `path: message`. */
const firstProblem = (problems: ExtendedMessage): string =>
  [...problems.global_errors, ...Object.entries(problems.property_errors).map(([path, [message]]) => `${path}: ${message}`)][0]!;

/** What checking a token reads, each by default a statement of its own (a payment reads them with the rest it needs in one: mock/domain/payments.ts). */
export interface TokenReads {
  /** The API key of the merchant the token names: its signature is checked with the key made from it. */
  apiKey?: (merchantId: number) => Promise<string | undefined>;
  /** What the token paid (`hash`: its tokenId), asked once its signature and expiry are checked; undefined when it has not paid. */
  spent?: (merchantId: number, hash: string) => Promise<SpentToken | undefined>;
}

/**
 * Resolves the session of a payment UI address. `pageMode` is which origin serves it (live or
 * sandbox); `now` is the clock for token expiry (a time, or the clock of the token's merchant);
 * `reads`, what checking a token reads, where the caller has it.
 */
export async function resolveSession(
  db: Database, search: URLSearchParams, pageMode: TokenMode, now: number | ((merchantId: number) => number | Promise<number>) = Date.now(), choice?: Choice,
  { apiKey = (merchantId) => merchantApiKey(db.sql, merchantId), spent: spentOf = (_merchantId, hash) => spentToken(db.sql, hash) }: TokenReads = {},
): Promise<SessionResult> {
  const { sql } = db;
  const token = search.get('access_token');
  const accessData = search.get('access_data');

  if (token !== null) {
    const verified = await verifyToken(token, apiKey, now);
    if (!verified.ok) return fail('0004-0001');
    const { payload } = verified;
    if (payload.mode !== pageMode) return fail('0004-0008');
    // A token that paid reopens on what it paid, whatever became of the catalogue since.
    const spent = await spentOf(payload.merchant_id, await tokenId(token));
    if (spent) return { ok: true, session: { ...reopened(spent.session), store: null }, paid: spent.paid };
    const project = await findProject(sql, payload.project_id);
    if (!project || project.merchantId !== payload.merchant_id) return fail('0002-0002');
    if (project.data.payments_available === false) return fail('0002-0004');
    // What the token says is checked against the token table as the token request was (a hand-made
    // one never was): no negative quantity or amount, no number past what a payment can hold. The
    // catalogue may have changed since it was issued: what it names is sessionOf's (0010-0001).
    const request = { user: payload.user, settings: payload.settings, ...(payload.purchase !== undefined ? { purchase: payload.purchase } : {}), ...(payload.custom_parameters !== undefined ? { custom_parameters: payload.custom_parameters } : {}) };
    const problems = checkTokenTable(request);
    if (problems) return fail('0004-0001', firstProblem(problems));
    if (obj(payload.settings).project_id !== payload.project_id) return fail('0004-0001', `settings.project_id: not the token's project ${payload.project_id}`);
    return sessionOf(sql, project, payload.mode, false, obj(payload.user), obj(payload.settings), obj(payload.purchase), payload.custom_parameters, choice);
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
    if (problems) return { ok: false, code: '0004-0009', message: `${UI_ERRORS['0004-0009']}: ${firstProblem(problems)}` };
    return sessionOf(sql, project, mode, true, obj(data.user), settings, obj(data.purchase), data.custom_parameters, choice);
  }

  return fail('0004-0001');
}
