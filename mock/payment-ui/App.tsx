import { signal, useComputed, type Signal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { Bridge } from './bridge';
import type { Translate } from './i18n';
import { fetchSession, methodOf, total, type Choice, type DrmPick, type Paid, type Purchase, type Session, type SoldKey } from '../spec/session';
import { httpAddress } from '../lib/plain';
import { TEST_FAILURES, type TestFailure } from '../spec/ui-errors';
import type { PaymentMethod } from '../spec/ui-settings';
import { StoreView } from './Store';

export type Phase = 'checkout' | 'invoice' | 'delivering' | 'done' | 'troubled';
/**
 * `declined_renewals` (a plan's purchase only): it goes through, and every renewal of the
 * subscription declines; a test failure (`0003-0001`, …): the payment meets that error.
 */
export type Outcome = 'success' | 'declined' | 'declined_renewals' | TestFailure;
const OUTCOMES: readonly Outcome[] = ['success', 'declined', 'declined_renewals', ...TEST_FAILURES];
const isTestFailure = (outcome: Outcome): outcome is TestFailure => (TEST_FAILURES as readonly string[]).includes(outcome);
const OUTCOME_LABELS = { success: 'outcomeSuccess', declined: 'outcomeDeclined', declined_renewals: 'outcomeDeclinedRenewals' } as const;
const outcomeLabel = (t: Translate, outcome: Outcome) => (outcome in OUTCOME_LABELS ? t(OUTCOME_LABELS[outcome as keyof typeof OUTCOME_LABELS]) : t('outcomeError', { code: outcome }));

/** How long each payment step shows before the next status: long enough to see, short for tests. */
export const STEP_MS = 400;

/** Why a payment ended troubled, when it was not the bank: the game refused the player, or the service failed. */
export type Trouble = { kind: 'refused' | 'service'; code: string } | null;

export interface PaymentState {
  phase: Signal<Phase>;
  outcome: Signal<Outcome>;
  invoice: Signal<number | null>;
  trouble: Signal<Trouble>;
  /** The DRM the player picked for each game whose token names none (its SKU → the DRM). */
  drm: Signal<Record<string, string>>;
  /** The game keys a paid purchase handed out. */
  keys: Signal<SoldKey[]>;
  /** What is sold: the token's purchase, or what the player picked in the store (`choice`, null until they pick). */
  purchase: Signal<Purchase>;
  choice: Signal<Choice | null>;
  /** How the player pays: the first of the methods the token's `payment_widget` orders. */
  method: Signal<PaymentMethod>;
}

/** A new checkout of `session`; or, for a token that has paid (`paid`), the result of what it paid. */
export function createPaymentState(session: Session, paid?: Paid): PaymentState {
  return {
    phase: signal(paid ? 'done' : 'checkout'), outcome: signal('success'), invoice: signal(paid?.invoice ?? null), trouble: signal(null),
    drm: signal({}), keys: signal(keysOf(session.purchase, paid)), purchase: signal(session.purchase), choice: signal(null), method: signal(session.ui.methods[0]!),
  };
}

/** The keys `paid` handed out (a payment kept before it named them all: its one key, of the first game). */
function keysOf(purchase: Purchase, paid: Paid | undefined): SoldKey[] {
  if (paid?.keys) return paid.keys;
  return paid?.key ? [{ sku: purchase.lines[0]?.sku ?? '', ...paid.key }] : [];
}

/** The games of a purchase whose DRM the player picks (the token names none), each once: its SKU, name and DRMs. */
function gamesToPick(purchase: Purchase): { sku: string; name: string; drms: string[] }[] {
  if (purchase.kind !== 'game') return [];
  const games = new Map<string, { sku: string; name: string; drms: string[] }>();
  for (const { sku, name, delivers } of purchase.lines) {
    if (!delivers || !('game' in delivers) || sku === null || games.has(sku)) continue;
    // A session kept before lines carried their DRM: the purchase's.
    const named = delivers.drm === undefined ? purchase.drm : delivers.drm;
    if (!named) games.set(sku, { sku, name, drms: delivers.drms ?? purchase.drms });
  }
  return [...games.values()];
}

const METHOD_LABELS = { 'test-card': 'methodCard', paybycash: 'methodCash', giftcard: 'methodGiftCard' } as const;

/** What the mock service answers to Pay (mock/domain/payments.ts). */
type PayAnswer =
  | ({ ok: true } & Paid)
  | { ok: true; invoice: number; status: 'troubled'; reason: 'declined' | 'user_refused'; code?: string }
  | { ok: false; code: string };

/**
 * Asks the mock service to take the payment: it asks the game (`user_validation`) first and sends
 * the paid webhooks after. Never throws: a failure is a `service` trouble.
 */
async function takePayment(outcome: Outcome, drm: DrmPick | null, choice: Choice | null, method: PaymentMethod | null): Promise<PayAnswer> {
  try {
    const response = await fetch('/api/payments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ search: location.search, outcome, ...(drm ? { drm } : {}), ...(choice ? { choice } : {}), ...(method ? { method } : {}) }),
    });
    const answer = (await response.json()) as PayAnswer | { message?: string };
    if ('ok' in answer) return answer;
    // The token paid already (in another tab, say): what it paid is the result.
    if (response.status === 409) {
      const reopened = await fetchSession(location.search);
      if (reopened.ok && reopened.paid) return { ok: true, ...reopened.paid };
    }
    // An error in the service's shape; a refusal (422) has the payment UI's error code as its message.
    return { ok: false, code: response.status === 422 && answer.message ? answer.message : `HTTP ${response.status}` };
  } catch {
    return { ok: false, code: 'NETWORK' };
  }
}

/** What the payment UI reports as `paymentInfo` with every `status`; `session.purchase` is what is sold. */
export function paymentInfo(session: Session, status: Phase, invoice: number | null, method: PaymentMethod = 'test-card') {
  return {
    status,
    invoice,
    userId: session.user.id,
    email: session.user.email,
    project_id: session.project.id,
    foreignInvoice: session.externalId,
    amount: total(session.purchase),
    currency: session.currency,
    paymentMethod: methodOf(session.paymentMethod ?? method),
    sandbox: session.mode === 'sandbox',
    items: session.purchase.lines.filter((l) => l.sku !== null).map((l) => ({ sku: l.sku, quantity: l.quantity })),
    ...(session.purchase.kind === 'virtual_currency' ? { virtualCurrencyAmount: session.purchase.quantity } : {}),
    ...(session.purchase.kind === 'subscription' ? { subscription: { plan_id: session.purchase.lines[0]!.sku } } : {}),
  };
}

/** The "Return to game" address: `return_url` with the service's four parameters appended; none unless http(s). */
export function returnLink(session: Session, status: Phase, invoice: number | null): string | null {
  const address = httpAddress(session.returnUrl);
  if (!address) return null;
  const url = new URL(address);
  url.searchParams.set('user_id', session.user.id);
  if (session.externalId) url.searchParams.set('foreigninvoice', session.externalId);
  if (invoice !== null) url.searchParams.set('invoice_id', String(invoice));
  // Closed before paying (the header's close button): no status to tell.
  if (status !== 'checkout') url.searchParams.set('status', status);
  return url.href;
}

/**
 * How the player pays: the method the token's `settings.payment_method` names, the one the
 * transaction is made with, when it names one; else a pick of the methods `payment_widget` orders.
 */
function MethodForm({ session, t, method, disabled }: { session: Session; t: Translate; method: Signal<PaymentMethod>; disabled: boolean }) {
  if (session.paymentMethod !== undefined) return <p class="method-note" data-testid="method-form">{t('methodNumbered', { id: session.paymentMethod })}</p>;
  return (
    <>
      {session.ui.methods.length > 1 && (<fieldset disabled={disabled}>
        <legend>{t('paymentMethod')}</legend>
        {session.ui.methods.map((value) => (
          <label key={value} class="choice">
            <input type="radio" name="method" value={value} checked={method.value === value} onChange={() => (method.value = value)} />
            {t(METHOD_LABELS[value])}
          </label>
        ))}
      </fieldset>)}
      {method.value === 'test-card' && (
        <div class="card" aria-hidden="true">
          <span class="card-brand">TEST</span>
          <span class="card-number">4000 0000 0000 0002</span>
        </div>
      )}
      {method.value === 'paybycash' && <p class="method-note" data-testid="method-form">{t('cashText')}</p>}
      {method.value === 'giftcard' && (
        <p class="method-note" data-testid="method-form">
          <label for="gift-card">{t('giftCardCode')}</label>
          <input id="gift-card" name="gift-card" required autoComplete="off" disabled={disabled} />
        </p>
      )}
    </>
  );
}

interface Props {
  session: Session;
  bridge: Bridge;
  t: Translate;
  state: PaymentState;
}

export function Checkout({ session, bridge, t, state }: Props) {
  const { phase, outcome, invoice, trouble, drm, keys, method } = state;
  const outcomeChoice = (value: Outcome) => (
    <label key={value} class="choice">
      <input type="radio" name="outcome" value={value} checked={outcome.value === value} onChange={() => (outcome.value = value)} />
      {outcomeLabel(t, value)}
    </label>
  );
  const purchase = state.purchase.value;
  const sold: Session = { ...session, purchase };
  const money = new Intl.NumberFormat(session.language, { style: 'currency', currency: session.currency });
  const amount = money.format(total(purchase));
  const toPick = gamesToPick(purchase);
  const busy = useComputed(() => phase.value === 'invoice' || phase.value === 'delivering');
  const heading = useRef<HTMLHeadingElement>(null);

  // Move focus to the result so keyboard and screen-reader users hear it.
  useEffect(() => {
    if (phase.value === 'done' || phase.value === 'troubled') heading.current?.focus();
  }, [phase.value]);

  function report(status: Phase) {
    phase.value = status;
    bridge.post('status', { paymentInfo: paymentInfo(sold, status, invoice.value!, method.value) });
  }

  async function pay(event: Event) {
    event.preventDefault();
    if (busy.value) return;
    trouble.value = null;
    invoice.value = null;
    phase.value = 'invoice';
    keys.value = [];
    // One game to pick for: its DRM, as the page always sent it; several: each game's.
    const picked = toPick.length === 1 ? (drm.value[toPick[0]!.sku] ?? null) : toPick.length ? drm.value : null;
    // The method picked is the transaction's; a token that names settings.payment_method offers no pick.
    const answer = await takePayment(outcome.value, picked, state.choice.value, session.paymentMethod === undefined ? method.value : null);
    if (!answer.ok) {
      trouble.value = { kind: 'service', code: answer.code };
      report('troubled');
      return;
    }
    invoice.value = answer.invoice;
    if (answer.status === 'done') keys.value = keysOf(purchase, answer);
    report('invoice');
    if (answer.status === 'troubled') {
      if (answer.reason === 'user_refused') trouble.value = { kind: 'refused', code: answer.code ?? 'INVALID_USER' };
      setTimeout(() => report('troubled'), STEP_MS);
      return;
    }
    setTimeout(() => {
      report('delivering');
      setTimeout(() => report('done'), STEP_MS);
    }, STEP_MS);
  }

  if (phase.value === 'done' || phase.value === 'troubled') {
    const ok = phase.value === 'done';
    const back = bridge.embedded ? null : returnLink(sold, phase.value, invoice.value);
    return (
      <section class={`result ${ok ? 'result-ok' : 'result-failed'}`} aria-live="polite">
        <div class="result-icon" aria-hidden="true">{ok ? '✓' : '!'}</div>
        <h2 ref={heading} tabIndex={-1}>{t(ok ? 'doneTitle' : trouble.value ? 'failedTitle' : 'troubledTitle')}</h2>
        <p>
          {ok
            ? t('doneText', { user: session.user.name ?? session.user.email ?? session.user.id })
            : trouble.value
              ? t(trouble.value.kind === 'refused' ? 'refusedText' : 'serviceErrorText', { code: trouble.value.code })
              : t('troubledText')}
        </p>
        {ok && keys.value.map((sold) => (
          <p class="game-key" key={`${sold.sku} ${sold.code}`}>
            {t('yourKey', { game: purchase.lines.find((line) => line.sku === sold.sku)?.name ?? sold.sku, drm: sold.drm })}: <code data-testid="game-key">{sold.code}</code>
          </p>
        ))}
        <dl class="facts">
          <dt>{t('invoice')}</dt>
          <dd data-testid="invoice">{invoice.value}</dd>
          <dt>{t('total')}</dt>
          <dd>{amount}</dd>
        </dl>
        <div class="actions">
          {!ok && (
            <button type="button" class="secondary" onClick={() => (phase.value = 'checkout')}>
              {t('tryAgain')}
            </button>
          )}
          {back ? (
            <a class="primary" href={back}>{t('returnToGame')}</a>
          ) : (
            <button type="button" class="primary" onClick={() => bridge.post('close')}>{t('close')}</button>
          )}
        </div>
      </section>
    );
  }

  return (
    <form class="checkout" onSubmit={pay} aria-busy={busy.value}>
      {session.store && (
        <StoreView session={session} store={session.store} t={t} money={money} choice={state.choice} purchase={state.purchase} disabled={busy.value} />
      )}
      <section aria-labelledby="order-title" class="order">
        <h2 id="order-title">{t('yourOrder')}</h2>
        <ul class="lines">
          {purchase.lines.map((line) => (
            <li key={line.name}>
              <span class="line-name">
                {imageAddress(line.image) && <img class="line-image" src={imageAddress(line.image)!} alt="" width={32} height={32} />}
                {line.quantity > 1 && <span class="qty">{line.quantity} × </span>}
                {line.name}
              </span>
              <span class="line-price">{money.format(line.price.amount * line.quantity)}</span>
            </li>
          ))}
        </ul>
        {purchase.kind === 'subscription' && (
          <p class="note">
            {t(purchase.period.type === 'month' && purchase.period.value === 12 ? 'perYear' : 'perMonth')}
            {purchase.trialDays > 0 && ` · ${t('trial', { days: purchase.trialDays })}`}
          </p>
        )}
        <p class="total">
          <span>{t('total')}</span>
          <strong data-testid="total">{amount}</strong>
        </p>
      </section>

      <section aria-labelledby="pay-title" class="payment">
        <h2 id="pay-title">{t(session.paymentMethod === undefined ? 'payWith' : 'paymentMethod')}</h2>
        <p class="account">
          <span>{t('account')}</span> {session.user.email || session.user.id}
        </p>
        <MethodForm session={session} t={t} method={method} disabled={busy.value} />
        {toPick.map((game, at) => (
          <fieldset key={game.sku} disabled={busy.value}>
            <legend>{toPick.length === 1 ? t('platform') : t('platformOf', { game: game.name })}</legend>
            {game.drms.map((value) => (
              <label key={value} class="choice">
                <input type="radio" name={`drm-${at}`} value={value} required checked={drm.value[game.sku] === value} onChange={() => (drm.value = { ...drm.value, [game.sku]: value })} />
                {value}
              </label>
            ))}
          </fieldset>
        ))}
        <fieldset disabled={busy.value}>
          <legend>{t('outcome')}</legend>
          {OUTCOMES.filter((value) => !isTestFailure(value) && (value !== 'declined_renewals' || purchase.kind === 'subscription')).map(outcomeChoice)}
          {/* The error codes nothing offline meets by itself, folded away: the page stays short enough to show Pay. */}
          <details class="more-outcomes" open={isTestFailure(outcome.value)}>
            <summary>{t('moreOutcomes')}</summary>
            {TEST_FAILURES.map(outcomeChoice)}
          </details>
        </fieldset>
        <button type="submit" class="primary pay" disabled={busy.value}>
          {busy.value ? <span class="progress" aria-hidden="true" /> : null}
          {t('pay', { amount })}
        </button>
        <p class="status" role="status">
          {phase.value === 'invoice' ? t('processing') : phase.value === 'delivering' ? t('delivering') : ''}
        </p>
      </section>
    </form>
  );
}

interface ErrorProps {
  code: string;
  message: string;
  t: Translate;
}

export function ErrorPage({ code, message, t }: ErrorProps) {
  return (
    <section class="result result-failed" role="alert">
      <div class="result-icon" aria-hidden="true">!</div>
      <h2>{t('errorTitle')}</h2>
      <p>{message}</p>
      <p class="code">
        {t('errorCode')}: <code data-testid="error-code">{code}</code>
      </p>
    </section>
  );
}

/** What the header shows of a session (`settings.ui.desktop.header`, the balance): the error page has none of it. */
export interface HeaderContent {
  session: Session;
  /** What is sold, its total shown for `visible_purchase`. */
  purchase: Signal<Purchase>;
}

interface ShellProps {
  title: string;
  sandbox: boolean;
  t: Translate;
  onClose: () => void;
  showClose: Signal<boolean>;
  header?: HeaderContent;
  children: preact.ComponentChildren;
}

export function Shell({ title, sandbox, t, onClose, showClose, header, children }: ShellProps) {
  const ui = header?.session.ui;
  const options = ui?.header;
  const balance = options?.balance && header?.session.balance;
  const close = showClose.value && (
    <button type="button" class="close" aria-label={t('closeDialog')} onClick={onClose}>
      <span aria-hidden="true">×</span>
    </button>
  );
  return (
    <div class="shell">
      {options?.visible === false ? (
        // No header: the page's name stays for screen readers, the close button where it was.
        <div class="bar bar-bare">
          <h1 class="visually-hidden">{title}</h1>
          {sandbox && <span class="badge">{t('sandbox')}</span>}
          {close}
        </div>
      ) : (
        <header class={options?.compact ? 'bar bar-compact' : 'bar'}>
          <h1>
            {options?.logo !== false && <span class="logo" aria-hidden="true">{title.slice(0, 1).toUpperCase()}</span>}
            <span class={options?.name === false ? 'visually-hidden' : undefined}>{title}</span>
            {sandbox && <span class="badge">{t('sandbox')}</span>}
          </h1>
          <div class="bar-end">
            {balance && <span class="balance" data-testid="balance">{t('balance', { amount: balance.amount, name: balance.name })}</span>}
            {options?.purchase !== false && header && !header.session.account && (
              <span class="bar-total" data-testid="header-total">
                {new Intl.NumberFormat(header.session.language, { style: 'currency', currency: header.session.currency }).format(total(header.purchase.value))}
              </span>
            )}
            {close}
          </div>
        </header>
      )}
      <main>{children}</main>
      {ui?.footer !== false && (
        <footer class="foot">
          {t('secure')}
          {ui?.licenseUrl && (
            <>
              {' · '}
              <a href={ui.licenseUrl} target="_blank" rel="noopener noreferrer">{t('license')}</a>
            </>
          )}
        </footer>
      )}
    </div>
  );
}

/**
 * The catalogue's image as the page may load it: an https address, or a protocol-relative one (the
 * spec's `image_url` form) taken as https; anything else (http, data, javascript) is not shown.
 */
export function imageAddress(image: string | null): string | null {
  if (!image) return null;
  const address = image.startsWith('//') ? `https:${image}` : image;
  return /^https:\/\/[^\s]+$/.test(address) && URL.canParse(address) ? address : null;
}
