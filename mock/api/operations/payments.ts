/**
 * `POST /mock/payments`: the payment UI's Pay without a browser (DESIGN.md §8b). The token (or
 * access_data) is the credential, as in the payment UI; the same `payments.pay` the page's Pay calls
 * does the rest — user_validation, the transaction, the webhooks, balances, inventory, subscriptions —
 * so its effects and its errors are the page's.
 */
import { UI_ERRORS } from '../../spec/ui-errors';
import type { PayRequest } from '../../domain/payments';
import { readToken } from '../../domain/token';
import { amountRefusal, type Choice, type DrmPick, type TokenMode } from '../../spec/session';
import { ApiError, fieldError } from '../app';
import type { Op } from './common';

interface HeadlessPayment {
  access_token?: string;
  access_data?: string | Record<string, unknown>;
  outcome?: string;
  sku?: string;
  package?: string;
  plan?: string;
  drm?: DrmPick;
  amount?: number;
  method?: string;
}

/** The fields that say what the player picked where the token leaves it open, as the page's Pay sends one `choice`. */
const CHOICES = ['sku', 'package', 'plan', 'amount'] as const;

/** The UI's error as the payment UI's own endpoint answers it: its code as the message, its words in global_errors. */
const uiError = (status: number, code: string, message: string) => new ApiError(status, code, { global_errors: [message], property_errors: {} });

/** The environment the token (or access_data) is for: the payment UI's origin it would be opened on. */
async function modeOf(body: HeadlessPayment, accessData: string | undefined): Promise<TokenMode> {
  if (body.access_token !== undefined) {
    // Signed or not, expired or not (the payment says which): only where it would be opened is asked here.
    return readToken(body.access_token)?.mode === 'sandbox' ? 'sandbox' : 'live';
  }
  try {
    return (JSON.parse(accessData ?? '') as { settings?: { mode?: unknown } })?.settings?.mode === 'sandbox' ? 'sandbox' : 'live';
  } catch {
    return 'live';
  }
}

export const createPayment: Op = async (call) => {
  const body = call.body as HeadlessPayment;
  if ((body.access_token === undefined) === (body.access_data === undefined)) throw fieldError('access_token', 'send access_token or access_data, one of them');
  const accessData = typeof body.access_data === 'object' ? JSON.stringify(body.access_data) : body.access_data;
  const outcome = body.outcome ?? 'success';
  // An error code the page can meet, on purpose: answered as the page would show it once the token
  // is read (a bad, expired or spent one is refused for itself first, as the page does), nothing paid.
  if (/^\d{4}-\d{4}$/.test(outcome) && !(outcome in UI_ERRORS)) throw fieldError('outcome', `no payment UI error ${outcome}: one of ${Object.keys(UI_ERRORS).join(', ')}`);
  const search = new URLSearchParams(body.access_token !== undefined ? { access_token: body.access_token } : { access_data: accessData! }).toString();
  const pageMode = await modeOf(body, accessData);
  const { payments } = call.context;
  // The choices the page would ask for, one at a time: what the token leaves open must be what it sells.
  const given = CHOICES.filter((field) => body[field] !== undefined);
  if (given.length > 1) throw fieldError(given[1]!, `send one choice: ${given.join(' or ')}, as the page takes one`);
  const field = given[0];
  const opened = field ? await payments.session(`?${search}`, pageMode) : null;
  // A token that names no purchase opens the store: the pick is the store's to check (0010-0001 when it does not offer it).
  const store = opened?.ok && !opened.paid ? opened.session.store : null;
  if (store && field === 'amount') {
    // A typed amount the page's field would not take is the request's mistake, not a payment's.
    const refusal = amountRefusal(store.custom, body.amount!);
    if (refusal !== null) throw fieldError('amount', refusal);
  }
  const choice = store && field ? ({ [field]: body[field] } as Choice) : undefined;
  if (opened?.ok && !opened.paid && !store && field) {
    const { purchase } = opened.session;
    const skus = purchase.lines.map((line) => line.sku);
    const fits = { sku: purchase.kind === 'items' || purchase.kind === 'game', package: purchase.kind === 'virtual_currency', plan: purchase.kind === 'subscription', amount: false }[field];
    if (!fits || !skus.includes(body[field] as string)) {
      const sells = `this ${body.access_token !== undefined ? 'token' : 'access_data'} sells ${skus.filter(Boolean).join(', ') || 'no such choice'} (a ${purchase.kind.replace('_', ' ')} purchase)`;
      throw fieldError(field, field === 'amount' ? `${sells}: an amount is typed only in the store of a token that names no purchase` : sells);
    }
  }
  const result = await payments.pay({
    search: `?${search}`,
    outcome: outcome as PayRequest['outcome'],
    pageMode,
    ip: call.request.ip,
    ...(body.drm !== undefined ? { drm: body.drm } : {}),
    ...(choice ? { choice } : {}),
    ...(body.method !== undefined ? { method: body.method } : {}),
  });
  if (!result.ok && 'field' in result) throw fieldError(result.field, result.message);
  if (!result.ok && ('paid' in result || 'reset' in result)) throw new ApiError(409, result.message);
  if (!result.ok) throw uiError(422, result.code, result.message);
  const { ok: _, invoice, ...rest } = result;
  return { body: { ...rest, transaction_id: invoice, invoice_id: invoice } };
};
