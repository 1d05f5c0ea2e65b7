/**
 * Transactions of the whole merchant (the report, `reports/transactions/search.json`): the report's
 * filters (kept in the page's address, so a reload or a shared link shows the same search), a page
 * of entries with "n of m", a transaction's details (`…/{id}/details`) with its refund
 * (`POST /mock/transactions/{id}/refund`), and the CSV or spreadsheet of every entry that passes
 * the filters.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, credentials, downloadFile, merchant, query } from '../api';
import type { RefundAnswer, ReportEntry, TransactionDetails } from '../records';
import { replaceQuery } from '../router';
import { currentProject, loadProjects, projects, textOf } from '../state';
import { Check, ConfirmButton, DateTimeField, Done, Failure, Field, PAGE_SIZE, Pager, Select, TableRegion, fieldErrors, useActions, useLoad } from '../ui';

/** The report's filters, by the search's query names ('' for none). */
const FILTER_NAMES = [
  'datetime_from', 'datetime_to', 'project_id', 'show_dry_run', 'transaction_id', 'phone', 'user_id', 'user_name', 'user_custom',
  'email', 'external_id', 'transaction_type', 'status',
] as const;
type Filters = Record<(typeof FILTER_NAMES)[number], string>;

const NO_FILTERS = Object.fromEntries(FILTER_NAMES.map((name) => [name, ''])) as Filters;

const TYPES = ['payment', 'coupon', 'inGamePurchase', 'internal', 'cancellation'];
const STATUSES = ['created', 'processing', 'done', 'canceled', 'error', 'review', 'refunded', 'awaitingRefund'];
const anyOf = (values: string[], none: string) => [{ value: '', label: none }, ...values.map((value) => ({ value, label: value }))];

/** A search as the address keeps it: the filters and the page's offset (always there, so an address with a query is a whole search). */
interface Search {
  filters: Filters;
  offset: number;
}

function searchOf(search: string): Search | null {
  const params = new URLSearchParams(search);
  if (!params.has('offset')) return null;
  const filters = { ...NO_FILTERS };
  for (const name of FILTER_NAMES) filters[name] = params.get(name) ?? '';
  return { filters, offset: Math.max(0, Math.floor(Number(params.get('offset'))) || 0) };
}

function addressOf({ filters, offset }: Search): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) if (filters[name]) params.set(name, filters[name]);
  params.set('offset', String(offset));
  return params;
}

const reportPath = (rest: string) => merchant(`merchants/${credentials.value?.merchantId ?? ''}/reports/transactions/${rest}`);

/** What was bought, in a few words. */
function boughtOf({ purchase }: ReportEntry): string {
  const parts = [
    purchase.virtual_items,
    purchase.virtual_currency ? `${purchase.virtual_currency.amount ?? ''} ${purchase.virtual_currency.name ?? 'virtual currency'}` : null,
    purchase.subscription ? `subscription ${purchase.subscription.name ?? ''}` : null,
    purchase.pin_codes ? `game key ${purchase.pin_codes.content ?? ''}` : null,
    purchase.simple_checkout ? 'checkout' : null,
  ].filter((part): part is string => !!part?.trim());
  return parts.join('; ') || '—';
}

const moneyOf = (amount: number | null | undefined, currency: string | null | undefined) => (amount === null || amount === undefined ? '—' : `${amount} ${currency ?? ''}`.trim());

/** A timestamp as the merchant reads it (their time zone), the exact value in `datetime`. */
function When({ at }: { at: string | null | undefined }) {
  if (!at) return <>—</>;
  return <time dateTime={at}>{new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })}</time>;
}

function Status({ entry }: { entry: ReportEntry }) {
  return (
    <>
      {entry.transaction.status}
      {entry.transaction.dry_run === 1 && <> <span class="badge">sandbox</span></>}
    </>
  );
}

function Details({ id, onRefunded, onClose }: { id: number; onRefunded: (text: string) => void; onClose: () => void }) {
  const details = useLoad(() => api<TransactionDetails>('GET', reportPath(`${id}/details`)), [id]);
  const { error, act } = useActions(details.reload);
  const [reason, setReason] = useState('');
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), [id]);
  const refund = () => act(async () => {
    await api<RefundAnswer>('POST', `/mock/transactions/${id}/refund`, reason.trim() ? { reason: reason.trim() } : {});
    onRefunded(`Transaction ${id} refunded.`);
  });
  const t = details.data?.body;
  return (
    <section class="panel" aria-labelledby="transaction-title" data-testid="transaction-details">
      <h2 id="transaction-title" tabIndex={-1} ref={title}>Transaction {id}</h2>
      <button type="button" onClick={onClose}>Close the details</button>
      <Failure error={details.error ?? error} />
      {details.loading && !t && <p class="muted">Loading…</p>}
      {t && (
        <>
          <h3>Transaction</h3>
          <dl class="facts">
            <dt>Status</dt><dd data-testid="details-status"><Status entry={t} /></dd>
            <dt>Date</dt><dd><When at={t.transaction.transfer_date} /></dd>
            <dt>External id</dt><dd>{t.transaction.external_id ?? '—'}</dd>
            <dt>Project</dt><dd>{t.transaction.project?.name ?? ''} ({t.transaction.project?.id})</dd>
            <dt>Payment method</dt><dd>{t.transaction.payment_method?.name ?? '—'}</dd>
            <dt>Refund allowed</dt><dd>{t.transaction.is_refund_allowed === 1 ? 'yes' : 'no'}</dd>
            {t.refund && <><dt>Refunded</dt><dd><When at={t.refund.date} />{t.refund.reason ? `: ${t.refund.reason}` : ''}</dd></>}
            {t.subscription && <><dt>Subscription</dt><dd>{t.subscription.id} (plan <code>{t.subscription.plan_id}</code>)</dd></>}
          </dl>
          <h3>User</h3>
          <dl class="facts">
            <dt>User id</dt><dd><code>{t.user.id}</code></dd>
            <dt>Name</dt><dd>{t.user.name ?? '—'}</dd>
            <dt>Email</dt><dd>{t.user.email ?? '—'}</dd>
            <dt>Phone</dt><dd>{t.user.phone ?? '—'}</dd>
            <dt>Country</dt><dd>{t.user.country ?? '—'}</dd>
            <dt>Custom</dt><dd>{t.user.custom ?? '—'}</dd>
          </dl>
          <h3>Payment</h3>
          <dl class="facts">
            <dt>Amount</dt><dd>{moneyOf(t.payment_details.payment?.amount, t.payment_details.payment?.currency)}</dd>
            <dt>From the payment system</dt><dd>{moneyOf(t.payment_details.payment?.amount_from_ps, t.payment_details.payment?.currency)}</dd>
            <dt>Sales tax</dt><dd>{moneyOf(t.payment_details.sales_tax?.amount, t.payment_details.payment?.currency)} ({t.payment_details.sales_tax?.percent ?? 0} %)</dd>
          </dl>
          <h3>Purchase</h3>
          <p>{boughtOf(t)}</p>
          {t.lines.length > 0 && (
            <TableRegion label={`Lines of transaction ${id}`}>
              <table>
                <thead><tr><th scope="col">SKU</th><th scope="col">Name</th><th scope="col">Quantity</th><th scope="col">Unit price</th></tr></thead>
                <tbody>
                  {t.lines.map((line, i) => (
                    <tr key={i}><td><code>{line.sku ?? '—'}</code></td><td>{line.name}</td><td>{line.quantity}</td><td>{moneyOf(line.unit_price, line.currency)}</td></tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
          {t.custom_parameters && Object.keys(t.custom_parameters).length > 0 && (
            <>
              <h3>Custom parameters</h3>
              <pre class="json"><code>{JSON.stringify(t.custom_parameters, null, 2)}</code></pre>
            </>
          )}
          {t.transaction.status === 'done' && t.transaction.is_refund_allowed === 1 && (
            <div class="refund">
              <Field id="refund-reason" label="Refund reason (optional)" value={reason} onInput={setReason} errors={fieldErrors(error, 'reason')} />
              <ConfirmButton label="Refund" question={`Refund transaction ${id}? The user loses what it gave.`} onConfirm={() => void refund()} />
            </div>
          )}
        </>
      )}
    </section>
  );
}

function FilterForm({ initial, onSearch, error }: { initial: Filters; onSearch: (filters: Filters) => void; error: unknown }) {
  const [draft, setDraft] = useState(initial);
  useEffect(() => setDraft(initial), [initial]);
  const set = (name: keyof Filters) => (value: string) => setDraft((d) => ({ ...d, [name]: value }));
  const text = (name: keyof Filters, label: string, extra: { hint?: string; inputMode?: 'numeric' | 'email'; type?: 'email' } = {}) => (
    <Field id={`tx-${name}`} label={label} value={draft[name]} onInput={set(name)} errors={fieldErrors(error, name)} {...extra} />
  );
  const projectOptions = [{ value: '', label: 'All projects' }, ...projects.value.map((p) => ({ value: String(p.id), label: `${textOf(p.name)} (${p.id})` }))];
  return (
    <form class="panel" aria-label="Filters" onSubmit={(event) => { event.preventDefault(); onSearch(draft); }}>
      <div class="filters">
        <Select id="tx-project_id" label="Project" value={draft.project_id} options={projectOptions} onChange={set('project_id')} errors={fieldErrors(error, 'project_id')} />
        <DateTimeField id="tx-datetime_from" label="From" value={draft.datetime_from} onInput={set('datetime_from')} errors={fieldErrors(error, 'datetime_from')} />
        <DateTimeField id="tx-datetime_to" label="To" value={draft.datetime_to} onInput={set('datetime_to')} errors={fieldErrors(error, 'datetime_to')} />
        {text('transaction_id', 'Transaction id', { inputMode: 'numeric' })}
        {text('user_id', 'User id')}
        {text('user_name', 'User name', { hint: 'a part of it' })}
        {text('user_custom', 'User custom', { hint: 'a part of it' })}
        {text('email', 'Email', { type: 'email' })}
        {text('phone', 'Phone', { hint: 'international format' })}
        {text('external_id', 'External id')}
        <Select id="tx-transaction_type" label="Type" value={draft.transaction_type} options={anyOf(TYPES, 'Any type')} onChange={set('transaction_type')} errors={fieldErrors(error, 'transaction_type')} />
        <Select id="tx-status" label="Status" value={draft.status} options={anyOf(STATUSES, 'Any status')} onChange={set('status')} errors={fieldErrors(error, 'status')} />
      </div>
      <Check id="tx-show_dry_run" label="Include sandbox (test) transactions" checked={draft.show_dry_run === 'true'} onChange={(on) => set('show_dry_run')(on ? 'true' : '')} />
      <button type="submit" class="primary">Search</button>
      <button type="button" onClick={() => onSearch({ ...NO_FILTERS, project_id: String(currentProject.value ?? '') })}>Clear the filters</button>
    </form>
  );
}

function Report({ initial }: { initial: Search }) {
  const [search, setSearch] = useState(initial);
  const [selected, setSelected] = useState<number | null>(null);
  const { filters, offset } = search;
  useEffect(() => replaceQuery(addressOf(search)), [search]);
  const list = useLoad(
    () => api<ReportEntry[]>('GET', reportPath(`search.json${query({ ...filters, offset, limit: PAGE_SIZE })}`)),
    [JSON.stringify(search)],
  );
  const { done, setDone, error, act } = useActions(list.reload);
  const entries = list.data?.body ?? [];
  const download = (format: 'csv' | 'xls') => act(async () => {
    const name = `transactions-${new Date().toISOString().slice(0, 10)}.${format === 'csv' ? 'csv' : 'xlsx'}`;
    await downloadFile(reportPath(`search.${format}${query(filters)}`), name);
    setDone(`${name} downloaded.`);
  });
  return (
    <>
      <FilterForm initial={filters} error={list.error} onSearch={(next) => { setSearch({ filters: next, offset: 0 }); setSelected(null); }} />
      <Done text={done} />
      <Failure error={list.error ?? error} />
      <div class="button-row">
        <button type="button" onClick={() => void download('csv')}>Download CSV</button>
        <button type="button" onClick={() => void download('xls')}>Download XLS</button>
      </div>
      {list.data && (entries.length === 0 ? <p role="status">No transactions match these filters.</p> : (
        <>
          <TableRegion label="Transactions">
            <table>
              <thead><tr><th scope="col">Date</th><th scope="col">Transaction</th><th scope="col">User</th><th scope="col">Bought</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.transaction.id} data-testid={`transaction-${entry.transaction.id}`}>
                    <td><When at={entry.transaction.transfer_date} /></td>
                    <td>{entry.transaction.id}</td>
                    <td><code>{entry.user.id}</code>{entry.user.name ? ` ${entry.user.name}` : ''}</td>
                    <td>{boughtOf(entry)}</td>
                    <td>{moneyOf(entry.payment_details.payment?.amount, entry.payment_details.payment?.currency)}</td>
                    <td><Status entry={entry} /></td>
                    <td><button type="button" aria-label={`Details of transaction ${entry.transaction.id}`} onClick={() => setSelected(entry.transaction.id)}>Details</button></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </>
      ))}
      {list.data && <Pager label="Transactions" offset={offset} total={list.data.total} count={entries.length} onOffset={(next) => setSearch({ filters, offset: next })} />}
      {list.loading && <p class="muted">Loading…</p>}
      {selected !== null && (
        <Details key={selected} id={selected} onClose={() => setSelected(null)} onRefunded={(text) => { setDone(text); list.reload(); }} />
      )}
    </>
  );
}

export function Transactions() {
  // The projects first: the project filter lists them, and a new search starts with the picker's project.
  const known = useLoad(async () => {
    if (projects.value.length === 0) await loadProjects();
    return true;
  }, []);
  if (!known.data) return <><Failure error={known.error} />{known.loading && <p class="muted">Loading…</p>}</>;
  const initial = searchOf(location.search) ?? { filters: { ...NO_FILTERS, project_id: String(currentProject.value ?? '') }, offset: 0 };
  return <Report initial={initial} />;
}
