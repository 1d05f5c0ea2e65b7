/**
 * Payments the mock service takes from its payment UI, and what follows them: `user_validation`
 * asked before a payment (a refusal fails it), then, in one transaction, the payment kept in the
 * `payments` table and what it bought credited to the user (virtual currency to the balance,
 * items to the inventory, game keys handed out; the user is made on their first purchase; a plan's
 * subscription made or changed by mock/domain/billing.ts); the paid webhooks after; a refund takes
 * back what the payment gave and sends the refund webhooks. A declined payment is kept as an
 * `error` transaction, one the game refused as `canceled`: they give nothing. Renewals, retries,
 * grace and expiry are billing's (mock/domain/billing.ts); the transaction with its webhooks and
 * the clock is the ledger's (mock/domain/ledger.ts). No HTTP here: the API maps the answers.
 */
import { paidWith, total, type Choice, type DrmPick, type Paid, type Purchase, type Session, type SessionResult, type SoldKey } from '../spec/session';
import { UI_ERRORS, type UiErrorCode } from '../spec/ui-errors';
import type { TokenMode } from '../spec/session';
import type { Database, Sql } from '../store/database';
import { hasFreeKey, takeKey } from '../store/game-keys';
import { spendToken, spentToken, updatePaid } from '../store/spent-tokens';
import { readToken, tokenId } from './token';
import { creditUser, type Credit } from '../store/users';
import { insertPayment, newPaymentId, paymentById, paymentIdToTry, paymentStart, type PaymentRecord, type PaymentStart } from '../store/payments';
import type { SubscriptionData } from '../store/subscriptions';
import type { Variant } from '../store/webhook-settings';
import { paidWebhooks, recipientOf, refundWebhooks, subscriptionWebhook, userValidation } from '../webhooks/payloads';
import type { WebhookSender } from '../webhooks/sender';
import { resolveSession, type TokenReads } from './sessions';
import { createBilling, PlanGone, type ChangeResult, type RenewResult, type SubscriptionChange } from './billing';
import { createClocks, type Clocks } from './clock';
import { Conflict, createLedger, type Ledger, notRefundable, refundIn, sameGeneration, sameGenerationAndVariant, Superseded, type PaymentCallResult, type PaymentsHook } from './ledger';

export type { HookPoint, HookStage, PaymentCallResult, PaymentsHook } from './ledger';
export type { ChangeResult, RenewResult, SubscriptionChange } from './billing';

export type PayResult =
  | { ok: false; code: string; message: string }
  /** The request's own mistake, not the payment's (`method` not one the page offers, `drm` where no game key is sold): nothing paid. */
  | { ok: false; field: 'method' | 'drm'; message: string }
  /** The token has paid already, this (a token serves one rendering): nothing more is paid with it. */
  | { ok: false; paid: Paid; message: string }
  /** The merchant was reset while the payment was under way (its user_validation waited): nothing was paid, in the state before or after. */
  | { ok: false; reset: true; message: string }
  /** `keys`: the game keys the purchase handed out (`key`: the first). */
  | ({ ok: true } & Paid)
  | { ok: true; invoice: number; status: 'troubled'; reason: 'declined' }
  | { ok: true; invoice: number; status: 'troubled'; reason: 'user_refused'; code: string };

export interface PayRequest {
  /** The payment UI's own query string (`access_token` or `access_data`). */
  search: string;
  /**
   * `declined_renewals`: the purchase goes through, every renewal of the plan it buys declines; an
   * error code (the page's test failures `0003-0001`, …; headless, any the page shows): once the
   * token is read, the payment meets that error, and nothing is paid.
   */
  outcome: 'success' | 'declined' | 'declined_renewals' | UiErrorCode;
  /** Which origin took it (live or sandbox). */
  pageMode: TokenMode;
  /** The player's address, as `user_validation` reports it. */
  ip: string;
  /** The DRM the player picked for the games whose token names none: one for all, or per game (its SKU → the DRM). */
  drm?: DrmPick;
  /** What the player picked in the store, for a token that names no purchase. */
  choice?: Choice;
  /** The payment method the player picked among the page's (`session.ui.methods`); absent: the page's first, as it preselects. */
  method?: string;
}

export interface Payments {
  /** What the payment UI at `search` sells (`GET /api/session` of the payment UI). */
  session(search: string, pageMode: TokenMode): Promise<SessionResult>;
  pay(request: PayRequest): Promise<PayResult>;
  refund(merchantId: number, transactionId: number, reason?: string): Promise<PaymentCallResult>;
  renew(merchantId: number, subscriptionId: number): Promise<RenewResult>;
  /** Runs, in order, everything due by the merchant's clock. */
  runDue(merchantId: number): Promise<number>;
  /** The merchants' clocks: read (what is due by it run first), moved (mock/domain/clock.ts). */
  clocks: Clocks;
  /**
   * Hands the sender what the outbox holds: the webhooks a stopped process committed and did not
   * get accepted. The service's start calls it once, before it takes any event (`startMockService`).
   */
  resume(): Promise<void>;
  /**
   * Queues a webhook of these exact bytes to the project's listener (`POST /mock/webhooks/trigger`,
   * a resend), as an event's: through the outbox, behind the project's queue; answers its delivery
   * as logged, or why it was not queued (no settings, a full queue).
   */
  queueWebhook: Ledger['queue'];
  /** Stops handing the outbox to the sender (on a shared database: frees this process's claims); after the sender's close, before the database's. */
  close(): Promise<void>;
  /**
   * Changes subscription `id` (the merchant API's update) in one transaction, made on the
   * subscription as it is then, its row locked (domain/billing.ts `transition`). The change is kept
   * with its webhook: `cancel_subscription` when it cancels, else `update_subscription`; nothing is
   * written or sent when it already was as asked (`changed: false`). A cancel with `refundLast`
   * refunds the subscription's last payment in that transaction too, the refund's webhooks ending
   * with `cancel_subscription`. Refused (`ok: false`) when the subscription is gone or the change
   * cannot be made (no next charge to move by `timeshift`).
   */
  changeSubscription(id: number, change: SubscriptionChange): Promise<ChangeResult>;
}

/** What the session's lines give the player. */
function creditOf(session: Session): Credit {
  const credit: Credit = { currency: 0, items: [] };
  for (const line of session.purchase.lines) {
    const gives = line.delivers;
    if (gives && 'currency' in gives) credit.currency += gives.currency * line.quantity;
    else if (gives && 'item' in gives) credit.items.push({ id: gives.item, sku: line.sku!, quantity: line.quantity });
  }
  return credit;
}

/** A key a game purchase sells: its line, its game and its DRM. */
interface KeyWanted {
  line: number;
  gameId: number;
  drm: string;
}

/**
 * The keys of a game purchase: each line's, of the DRM the token names, else of the player's pick
 * among the game's (the one pick, or the game's own). A pick for a game whose DRM is not the
 * player's to pick is refused too: the page offers none.
 */
function keysOf(purchase: Extract<Purchase, { kind: 'game' }>, picked: DrmPick | undefined): { ok: true; keys: KeyWanted[] } | { ok: false; message: string } {
  const keys: KeyWanted[] = [];
  const open = new Set<string>();
  const several = purchase.lines.length > 1;
  for (const [line, { sku, delivers }] of purchase.lines.entries()) {
    if (!delivers || !('game' in delivers)) continue;
    // A session kept before lines carried their DRM: the purchase's.
    const drms = delivers.drms ?? purchase.drms;
    const named = delivers.drm === undefined ? purchase.drm : delivers.drm;
    if (!named) open.add(sku!);
    const drm = named ?? (typeof picked === 'object' ? picked[sku!] : picked);
    if (!drm) return { ok: false, message: `pick one of: ${drms.join(', ')}${several ? ` for "${sku}"` : ''}` };
    if (!drms.includes(drm)) return { ok: false, message: `"${drm}" is not a DRM of "${sku}"` };
    keys.push({ line, gameId: delivers.game, drm });
  }
  const stranger = typeof picked === 'object' ? Object.keys(picked).find((sku) => !open.has(sku)) : undefined;
  if (stranger !== undefined) return { ok: false, message: `"${stranger}" is no game of this purchase whose DRM the player picks` };
  return { ok: true, keys };
}

/** Thrown in a payment's transaction when its token turns out to have paid already: the transaction is undone. */
class TokenSpent extends Error {}
/** Thrown in a payment's transaction when the game's last key went to another sale: the transaction is undone. */
class SoldOut extends Error {
  constructor(readonly key: KeyWanted) {
    super('sold out');
  }
}
/** A payment its merchant's reset or delete overtook: refused, nothing paid (a deleted merchant's project is gone, as the page says it). */
const overtaken = (error: Superseded): PayResult => (error.deleted
  ? { ok: false, code: '0002-0002', message: `${UI_ERRORS['0002-0002']} (its merchant was deleted while the payment was under way: nothing was paid)` }
  : { ok: false, reset: true, message: 'the merchant was reset while this payment was under way: nothing was paid; request a new token for the state after the reset' });
const alreadyPaid = (paid: Paid): PayResult => ({
  ok: false, paid, message: `this token has paid already (invoice ${paid.invoice}): a token pays once, request a new one for another payment`,
});

/**
 * The project a payment UI address names (the token's `project_id`, unchecked until its signature is;
 * access_data's `settings.project_id`), or null: what a payment's first read asks about its webhooks.
 */
function namedProject(params: URLSearchParams): number | null {
  const token = params.get('access_token');
  let named: unknown;
  if (token !== null) named = readToken(token)?.project_id;
  else {
    try {
      named = (JSON.parse(params.get('access_data') ?? '') as { settings?: { project_id?: unknown } } | null)?.settings?.project_id;
    } catch {
      return null;
    }
    if (typeof named === 'string' && named.trim() !== '') named = Number(named);
  }
  return typeof named === 'number' && Number.isSafeInteger(named) ? named : null;
}

/** `read` of each key asked once: a request's reads of the same row, memoised for that request. */
function once<T>(read: (key: number) => Promise<T>): (key: number) => Promise<T> {
  const asked = new Map<number, Promise<T>>();
  return (key) => {
    let reading = asked.get(key);
    if (!reading) asked.set(key, (reading = read(key)));
    return reading;
  };
}

/** The service's payments on `db` (by default the process's shared database in memory). */
export function createPayments(sender: WebhookSender, database?: Database | Promise<Database>, fixedNow?: () => Date, hook?: PaymentsHook): Payments {
  const ledger = createLedger(sender, database, fixedNow, hook);
  const billing = createBilling(ledger);
  const { opened, commit, transact, writeWebhooks, now, nowAt, at, ask } = ledger;
  /** What resolveSession reads of a token, from `start` (one statement: mock/store/payments.ts `paymentStart`); `hash`: the token's tokenId. */
  const tokenReads = (db: Database, hash: string | null, start: (merchantId: number) => Promise<PaymentStart | undefined>): TokenReads => ({
    apiKey: async (merchantId) => (await start(merchantId))?.apiKey,
    spent: async (merchantId, asked) => (asked === hash ? (await start(merchantId))?.spent : spentToken(db.sql, asked)),
  });

  return {
    async session(search, pageMode) {
      const db = await opened;
      const params = new URLSearchParams(search);
      // What checking the token reads, in one statement: the merchant's key and clock, what it paid.
      const token = params.get('access_token');
      const hash = token === null ? null : await tokenId(token);
      const read = once((merchantId) => paymentStart(db.sql, merchantId, hash));
      const clock = async (merchantId: number) => nowAt((await read(merchantId))?.clockOffset ?? null).getTime();
      return resolveSession(db, params, pageMode, clock, undefined, tokenReads(db, hash, read));
    },

    async pay({ search, outcome, pageMode, ip, drm: picked, choice, method }) {
      const db = await opened;
      const params = new URLSearchParams(search);
      // The token this payment spends (tokenless access_data describes a purchase, not a rendering).
      const token = params.get('access_token');
      const spends = token === null ? null : await tokenId(token);
      // What the payment reads before its transaction, in one statement, once (issue 48): the
      // merchant's row (the token's key, the generation the payment begins under), its clock (the
      // token's expiry, the payment's moment), what the token paid, whether the project the token
      // names has webhook settings (only then is user_validation asked), and two ids to try (the
      // payment's, and a new subscription's).
      const named = namedProject(params);
      const tryIds = [paymentIdToTry(), paymentIdToTry()] as const;
      const start = once((merchantId) => paymentStart(db.sql, merchantId, spends, { projectId: named, tryIds }));
      const began = once(async (merchantId) => nowAt((await start(merchantId))?.clockOffset ?? null));
      const resolved = await resolveSession(db, params, pageMode, async (merchantId) => (await began(merchantId)).getTime(), choice, tokenReads(db, spends, start));
      if (!resolved.ok) return { ok: false, code: resolved.code, message: resolved.message };
      if (resolved.paid) return alreadyPaid(resolved.paid);
      const { session } = resolved;
      const begun = await start(session.merchantId);
      // The merchant's generation the payment began under: a reset or delete after this refuses it (`Superseded`).
      const generation = begun?.generation;
      const how = paidWith(session, method);
      if (!how.ok) return { ok: false, field: 'method', message: how.message };
      // A test outcome that fails the payment: the page opened, the payment meets the error.
      if (outcome !== 'success' && outcome !== 'declined' && outcome !== 'declined_renewals') return { ok: false, code: outcome, message: UI_ERRORS[outcome] };
      const { purchase } = session;
      // A DRM picked where nothing delivers game keys is a choice the token does not offer.
      if (picked !== undefined && purchase.kind !== 'game') return { ok: false, field: 'drm', message: `this ${purchase.kind.replace('_', ' ')} purchase delivers no game keys: there is no DRM to pick` };
      // A game's keys: of the DRM the token names, else the one the player picked; one must be left of each.
      const game = purchase.kind === 'game' ? keysOf(purchase, picked) : null;
      if (game && !game.ok) return { ok: false, code: '0010-0003', message: `${UI_ERRORS['0010-0003']} (${game.message})` };
      const keys = game?.ok ? game.keys : [];
      const soldOut = (key: KeyWanted): PayResult => ({ ok: false, code: '0010-0001', message: `${UI_ERRORS['0010-0001']} (no ${key.drm} key of "${purchase.lines[key.line]!.sku}" is left)` });
      for (const key of keys) if (!(await hasFreeKey(db.sql, key.gameId, key.drm))) return soldOut(key);
      if (keys.length) await at('key');
      const record: PaymentRecord = {
        id: begun?.freeIds?.[0] ?? (await newPaymentId(db.sql)),
        merchantId: session.merchantId,
        projectId: session.project.id,
        mode: session.mode,
        kind: purchase.kind,
        user: { id: session.user.id, email: session.user.email, name: session.user.name, country: session.user.country, phone: session.user.phone },
        externalId: session.externalId,
        currency: session.currency,
        amount: total(purchase),
        ip,
        lines: purchase.lines.map((line) => ({
          sku: line.sku, name: line.name, quantity: line.quantity, unitPrice: line.price.amount,
          ...(line.delivers && 'currency' in line.delivers ? { units: line.delivers.currency * line.quantity } : {}),
        })),
        date: (await began(session.merchantId)).toISOString(),
        ...(session.customParameters ? { customParameters: session.customParameters } : {}),
        ...(how.paidWith !== undefined ? { paymentMethod: how.paidWith } : {}),
        ...(session.gift ? { gift: session.gift } : {}),
        ...(purchase.kind === 'subscription'
          ? { subscription: { id: purchase.changes ?? begun?.freeIds?.[1] ?? (await newPaymentId(db.sql)), planId: purchase.lines[0]!.sku!, trialDays: purchase.trialDays } }
          : {}),
        refunded: false,
      };
      /** Keeps a payment that gives nothing, unless its merchant was reset or deleted meanwhile (then: how that is answered). */
      const keepFailed = async (status: 'error' | 'canceled'): Promise<PayResult | null> => {
        try {
          await db.transaction(async (sql) => {
            await sameGeneration(sql, record.merchantId, generation);
            await insertPayment(sql, record, status);
          });
          return null;
        } catch (error) {
          if (error instanceof Superseded) return overtaken(error);
          throw error;
        }
      };
      // A failed payment is a transaction too (the reports show it), one that gives nothing.
      if (outcome === 'declined') {
        const refused = await keepFailed('error');
        if (refused) return refused;
        return { ok: true, invoice: record.id, status: 'troubled', reason: 'declined' };
      }

      // Asked only of a project with webhook settings (as the start read them; the ask reads them
      // itself for a project other than the one the address named, which the session refused anyway).
      const asks = named !== record.projectId || begun?.webhooks !== false;
      const answer = asks ? await ask(record.projectId, userValidation(record, ip)) : null;
      if (answer && !answer.accepted) {
        // The listener's own code (e.g. INVALID_USER), else what happened: no answer, or its status.
        const code = answer.code ?? (answer.status === null ? 'NO_ANSWER' : `HTTP_${answer.status}`);
        const refused = await keepFailed('canceled');
        if (refused) return refused;
        return { ok: true, invoice: record.id, status: 'troubled', reason: 'user_refused', code };
      }
      // The payment and what it gives are kept together, or neither; a trial is no payment (nothing is charged until it ends).
      const credit = creditOf(session);
      const trial = purchase.kind === 'subscription' && purchase.trialDays > 0;
      const changed = purchase.kind === 'subscription' && purchase.changes !== undefined;
      let bought: SubscriptionData | undefined;
      if (changed) await at('plan');
      // The payment stands whatever becomes of its webhooks: a full queue refuses them, and the
      // sender logs that with the reason (GET /mock/webhooks), as the service would not undo a payment.
      const paid = (sold: SoldKey[] = []): Paid => ({
        invoice: record.id, status: 'done', ...(sold.length ? { key: { drm: sold[0]!.drm, code: sold[0]!.code }, keys: sold } : {}),
      });
      /** The variant of the project's webhooks, as this attempt of the transaction read it (`keep`'s first statement). */
      let variant: Variant | null = null;
      const keep = async (sql: Sql): Promise<Paid> => {
        await at('credit', 'begun');
        // Nothing of a payment its merchant's reset or delete overtook reaches the state after it;
        // the webhooks' settings are read in the same statement, for the webhooks written below.
        variant = await sameGenerationAndVariant(sql, record.merchantId, generation, record.projectId);
        // First, the conditional write that makes this the token's one payment: a second one, even
        // sent at the same time, finds the token spent and its whole transaction is undone.
        if (spends && !(await spendToken(sql, spends, record.projectId, { session, paid: paid() }, record.date))) throw new TokenSpent();
        if (purchase.kind === 'subscription') {
          bought = purchase.changes ? await billing.changePlan(sql, record, purchase) : await billing.subscribe(sql, record, purchase, outcome === 'declined_renewals');
        }
        if (trial) return paid();
        // Each game key is named on its line, so the webhooks and the reports say which was sold.
        const sold: SoldKey[] = [];
        for (const key of keys) {
          const code = await takeKey(sql, key.gameId, key.drm, record.id);
          // The last key went to a sale at the same moment: this one is undone, token and all.
          if (code === null) throw new SoldOut(key);
          const line = record.lines[key.line]!;
          Object.assign(line, { drm: key.drm, key: code });
          sold.push({ sku: line.sku!, drm: key.drm, code });
        }
        await insertPayment(sql, { ...record, credit }, 'done');
        // To whom it goes: the token's user, or the friend a gift is for.
        const to = recipientOf(record);
        await creditUser(sql, record.projectId, { user_id: to.id, user_name: to.name ?? '', email: to.email }, credit, new Date(record.date), () => at('credit', 'locked'));
        if (!sold.length) return paid();
        const withKeys = paid(sold);
        if (spends) await updatePaid(sql, spends, withKeys);
        return withKeys;
      };
      try {
        const done = await transact(db, async (sql, after) => {
          const paid = await keep(sql);
          await writeWebhooks(sql, after, record.projectId, (variant) => (
            trial ? [subscriptionWebhook('create_subscription', record, bought!)]
            : changed ? [...paidWebhooks(record, variant), subscriptionWebhook('update_subscription', record, bought!)]
            : paidWebhooks(record, variant, bought)
          ), variant);
          return paid;
        });
        return { ok: true, ...done };
      } catch (error) {
        const spent = error instanceof TokenSpent && (await spentToken(db.sql, spends!));
        if (spent) return alreadyPaid(spent.paid);
        if (error instanceof SoldOut) return soldOut(error.key);
        if (error instanceof Superseded) return overtaken(error);
        if (error instanceof PlanGone) return { ok: false, code: '1004-0001', message: `${UI_ERRORS['1004-0001']} (the subscription ended while the payment waited)` };
        throw error;
      }
    },

    async refund(merchantId, transactionId, reason = 'Refunded by the merchant') {
      const db = await opened;
      // A quick answer for what is not the merchant's or cannot be refunded; for what can, the
      // refund's guarded write decides (a refund at the same moment may have come first).
      const kept = await paymentById(db.sql, transactionId);
      if (!kept || kept.payment.merchantId !== merchantId) return { ok: false, problem: 'unknown', message: `no transaction ${transactionId} of merchant ${merchantId}` };
      if (kept.status !== 'done') return { ok: false, problem: 'conflict', message: notRefundable(transactionId, kept) };
      await at('refund');
      // The merchant's clock as the refund's transaction reads it (DESIGN.md §8c).
      let date = '';
      try {
        const refunded = await commit(db, kept.payment.projectId, async (sql) => {
          await at('refund', 'begun');
          date = (await now(merchantId, sql)).toISOString();
          return refundIn(sql, transactionId, reason, date, () => at('refund', 'locked'));
        }, ({ payment, canceled }, variant) => refundWebhooks(payment, variant, reason, date, canceled));
        return { ok: true, payment: refunded.payment };
      } catch (error) {
        if (error instanceof Conflict) return { ok: false, problem: 'conflict', message: error.message };
        throw error;
      }
    },

    renew: (merchantId, subscriptionId) => billing.renew(merchantId, subscriptionId),
    runDue: (merchantId) => billing.runDue(merchantId),
    clocks: createClocks(ledger, billing),
    changeSubscription: (id, change) => billing.changeSubscription(id, change),
    queueWebhook: (projectId, webhook) => ledger.queue(projectId, webhook),
    resume: () => ledger.resume(),
    close: () => ledger.close(),
  };
}
