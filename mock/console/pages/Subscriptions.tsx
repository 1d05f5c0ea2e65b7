/**
 * Subscriptions of the current project (service-spec.md "Subscription", "States and transitions"):
 * found by user, plan and status (the offline service's `GET /mock/projects/{id}/subscriptions`,
 * the spec having no list); one subscription with its payments (`subscriptions/payments`, each with
 * its transaction's status from the report's details); and what Update Subscription can do to it:
 * cancel (and refund the last payment), set the status, move the next billing date, keep a comment.
 */
import { useState } from 'preact/hooks';
import { api, credentials, merchant, projectPath, query, readAll } from '../api';
import type { PlanV2, Subscription, SubscriptionPayment, TransactionDetails } from '../records';
import { textOf } from '../state';
import { Check, Done, Failure, Field, PAGE_SIZE, Pager, Select, TableRegion, fieldErrors, useActions, useLoad } from '../ui';

interface Filter {
  user_id: string;
  plan_id: string;
  status: string;
}

const STATUSES = ['active', 'non_renewing', 'canceled', 'freeze', 'new'];
/** The statuses Update Subscription can set. */
const SETTABLE = ['active', 'non_renewing', 'canceled'];

/** A timestamp as the API gives it, or a dash. */
const when = (iso: string | null) => (iso ? <time dateTime={iso}>{iso}</time> : '—');

/** Every payment of one subscription (the list has no filter: its pages are read through), each with its transaction's status. */
async function paymentsOf(projectId: number, subscriptionId: number) {
  const all = await readAll<SubscriptionPayment>((page) => projectPath(projectId, `/subscriptions/payments${page}`));
  const mine = all.filter((p) => p.subscription.id === subscriptionId);
  const merchantId = credentials.value?.merchantId ?? '';
  return Promise.all(mine.map(async (payment) => {
    const details = await api<TransactionDetails>('GET', merchant(`merchants/${merchantId}/reports/transactions/${payment.id_payment}/details`));
    return { payment, transaction: details.body.transaction.status };
  }));
}

function SubscriptionDetail({ projectId, id, onChanged }: { projectId: number; id: number; onChanged: () => void }) {
  const subscription = useLoad(() => api<Subscription>('GET', projectPath(projectId, `/subscriptions/${id}`)), [projectId, id]);
  const payments = useLoad(() => paymentsOf(projectId, id), [projectId, id]);
  const [status, setStatus] = useState('canceled');
  const [refund, setRefund] = useState(false);
  const [shiftValue, setShiftValue] = useState('1');
  const [shiftUnit, setShiftUnit] = useState('month');
  const [comment, setComment] = useState<string | null>(null);
  const { done, setDone, error, act } = useActions(() => {
    subscription.reload();
    payments.reload();
    onChanged();
  });
  const s = subscription.data?.body;

  /** One Update Subscription, then what it made of the subscription, said. */
  const update = (event: Event, body: Record<string, unknown>) => {
    event.preventDefault();
    if (!s) return;
    setDone(null);
    return act(async () => {
      await api('PUT', projectPath(projectId, `/users/${encodeURIComponent(s.user.id)}/subscriptions/${s.id}`), body);
      const now = (await api<Subscription>('GET', projectPath(projectId, `/subscriptions/${s.id}`))).body;
      setDone(`Subscription ${now.id} saved: status ${now.status}, next charge ${now.date_next_charge ?? 'none'}.`);
    });
  };

  return (
    <section class="panel" aria-labelledby="subscription-title">
      <h2 id="subscription-title">Subscription {id}</h2>
      <Done text={done} />
      <Failure error={subscription.error} />
      {s && (
        <dl class="facts">
          <dt>Status</dt><dd data-testid="subscription-status">{s.status}</dd>
          <dt>User</dt><dd><code>{s.user.id}</code> {s.user.name}</dd>
          <dt>Plan</dt><dd><code>{s.plan.external_id ?? s.plan.id}</code> <span class="muted">#{s.plan.id}</span></dd>
          <dt>Charge</dt><dd>{s.charge_amount} {s.currency}</dd>
          <dt>Created</dt><dd>{when(s.date_create)}</dd>
          <dt>Last charge</dt><dd>{when(s.date_last_charge)}</dd>
          <dt>Next charge</dt><dd data-testid="subscription-next-charge">{when(s.date_next_charge)}</dd>
          <dt>Ends</dt><dd>{when(s.date_end)}</dd>
          <dt>Comment</dt><dd>{s.comment ?? '—'}</dd>
        </dl>
      )}
      {s && (
        <>
          <form class="panel" aria-label="Change the status" onSubmit={(event) => void update(event, { status, ...(status === 'canceled' && refund ? { cancel_subscription_payment: true } : {}) })}>
            <h3>Status</h3>
            <Select id="subscription-new-status" label="New status" value={status} options={SETTABLE.map((value) => ({ value, label: value }))} onChange={setStatus} errors={fieldErrors(error, 'status')} />
            {status === 'canceled' && <Check id="subscription-refund" label="Refund the last payment" checked={refund} onChange={setRefund} errors={fieldErrors(error, 'cancel_subscription_payment')} />}
            <button type="submit" class="primary">Change status</button>
          </form>
          <form class="panel" aria-label="Move the billing date" onSubmit={(event) => void update(event, { timeshift: { type: shiftUnit, value: shiftValue.trim() } })}>
            <h3>Next billing date</h3>
            <div class="list-row">
              <Field id="subscription-shift" label="Move later by" hint="1 to 366 days, or 1 to 12 months" inputMode="numeric" value={shiftValue} onInput={setShiftValue} required errors={fieldErrors(error, 'timeshift')} />
              <Select id="subscription-shift-unit" label="Unit" value={shiftUnit} options={[{ value: 'month', label: 'months' }, { value: 'day', label: 'days' }]} onChange={setShiftUnit} />
            </div>
            <button type="submit" class="primary">Move billing date</button>
          </form>
          <form class="panel" aria-label="Comment" onSubmit={(event) => void update(event, { comment: comment ?? s.comment ?? '' })}>
            <h3>Comment</h3>
            <Field id="subscription-comment" label="Comment" value={comment ?? s.comment ?? ''} onInput={setComment} errors={fieldErrors(error, 'comment')} />
            <button type="submit">Save comment</button>
          </form>
          <Failure error={error} />
        </>
      )}
      <h3>Payments</h3>
      <Failure error={payments.error} />
      {payments.data && (payments.data.length === 0 ? <p>No payments.</p> : (
        <TableRegion label="Payments">
          <table>
            <thead><tr><th scope="col">Entry</th><th scope="col">Transaction</th><th scope="col">Date</th><th scope="col">Payment</th><th scope="col">Transaction status</th></tr></thead>
            <tbody>
              {payments.data.map(({ payment, transaction }) => (
                <tr key={payment.id}>
                  <td>{payment.id}</td>
                  <td><code>{payment.id_payment}</code></td>
                  <td>{when(payment.date_payment)}</td>
                  <td>{payment.status}</td>
                  <td><strong class={transaction === 'refunded' ? 'bad' : undefined}>{transaction}</strong></td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ))}
    </section>
  );
}

function FilterForm({ plans, onFilter }: { plans: PlanV2[]; onFilter: (filter: Filter) => void }) {
  const [filter, setFilter] = useState<Filter>({ user_id: '', plan_id: '', status: '' });
  const set = (change: Partial<Filter>) => setFilter((f) => ({ ...f, ...change }));
  return (
    <form class="panel" aria-label="Find subscriptions" onSubmit={(event) => { event.preventDefault(); onFilter({ ...filter, user_id: filter.user_id.trim() }); }}>
      <div class="list-row">
        <Field id="subscriptions-user" label="User id" value={filter.user_id} onInput={(user_id) => set({ user_id })} />
        <Select id="subscriptions-plan" label="Plan" value={filter.plan_id} onChange={(plan_id) => set({ plan_id })}
          options={[{ value: '', label: 'Any plan' }, ...plans.map((p) => ({ value: String(p.id), label: `${p.external_id ?? `#${p.id}`} · ${textOf(p.name)}` }))]} />
        <Select id="subscriptions-status" label="Status" value={filter.status} onChange={(status) => set({ status })}
          options={[{ value: '', label: 'Any status' }, ...STATUSES.map((value) => ({ value, label: value }))]} />
      </div>
      <button type="submit" class="primary">Find subscriptions</button>
    </form>
  );
}

export function Subscriptions({ projectId }: { projectId: number }) {
  const [filter, setFilter] = useState<Filter>({ user_id: '', plan_id: '', status: '' });
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const plans = useLoad(() => readAll<PlanV2>((page) => projectPath(projectId, `/subscriptions/plans${page}`)), [projectId]);
  const list = useLoad(
    () => api<Subscription[]>('GET', `/mock/projects/${projectId}/subscriptions${query({ ...filter, offset, limit: PAGE_SIZE })}`),
    [projectId, filter, offset],
  );
  const found = list.data?.body ?? [];
  return (
    <>
      <FilterForm plans={plans.data ?? []} onFilter={(next) => { setOffset(0); setFilter(next); }} />
      <Failure error={list.error ?? plans.error} />
      {list.data && (
        <>
          <TableRegion label="Subscriptions">
            <table>
              <thead><tr><th scope="col">Id</th><th scope="col">User</th><th scope="col">Plan</th><th scope="col">Status</th><th scope="col">Next charge</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                {found.map((s) => (
                  <tr key={s.id}>
                    <td>{s.id}</td>
                    <td><code>{s.user.id}</code></td>
                    <td><code>{s.plan.external_id ?? s.plan.id}</code></td>
                    <td>{s.status}</td>
                    <td>{when(s.date_next_charge)}</td>
                    <td><button type="button" aria-label={`Show subscription ${s.id}`} onClick={() => setSelected(s.id)}>Show</button></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          {found.length === 0 && <p>No subscription matches.</p>}
          <Pager label="Subscriptions" offset={offset} total={list.data.total} count={found.length} onOffset={setOffset} />
        </>
      )}
      {list.loading && <p class="muted">Loading…</p>}
      {selected !== null && <SubscriptionDetail key={selected} projectId={projectId} id={selected} onChanged={list.reload} />}
    </>
  );
}
