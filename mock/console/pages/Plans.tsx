/**
 * Subscription plans and products of the current project (service-spec.md "Subscription plan",
 * "Subscription product"). Plans: a page of the list (v2, with each plan's `billing_retry` read
 * from the v1 list, the only version that carries it), a new plan, an edit, delete (the plan stays,
 * `deleted`). A plan is written with v2; its billing retries, when set or changed, with v1.
 * Products: the list, a new product, an edit, delete.
 */
import { useState } from 'preact/hooks';
import { api, projectPath, query } from '../api';
import type { PlanCreated, PlanV1, PlanV2, Product } from '../records';
import { textOf } from '../state';
import {
  ConfirmButton, Done, Editor, Failure, Field, PAGE_SIZE, Pager, RecordForm, Select, TableRegion, fieldErrors, useActions, useForm, useLoad, type Editing,
} from '../ui';

const plansPath = (projectId: number, version: 'v1' | 'v2', rest = '') => `/merchant/${version}/projects/${projectId}/subscriptions/plans${rest}`;
const productsPath = (projectId: number, rest = '') => projectPath(projectId, `/subscriptions/products${rest}`);

/** A number as typed, or the text itself for the service to refuse at its field. */
function numberOr(text: string): number | string {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(value) ? value : text;
}

type Unit = 'day' | 'month';

/** "1 month", "7 days". */
const spanText = (span: { value: number | null; type: string } | null | undefined) =>
  span?.value ? `${span.value} ${span.type}${span.value === 1 ? '' : 's'}` : '—';

interface PlanDraft {
  external_id: string;
  name: string;
  description: string;
  group_id: string;
  amount: string;
  currency: string;
  period: string;
  unit: Unit;
  trial: string;
  grace: string;
  retries: string;
}

const draftOf = (plan: PlanV1 | null): PlanDraft => ({
  external_id: plan?.external_id ?? '',
  name: textOf(plan?.name),
  description: textOf(plan?.description),
  group_id: plan?.group_id ?? '',
  amount: plan ? String(plan.charge.amount) : '',
  currency: plan?.charge.currency ?? 'USD',
  period: plan ? String(plan.charge.period.value) : '1',
  unit: plan?.charge.period.type ?? 'month',
  trial: plan?.trial?.value ? String(plan.trial.value) : '',
  grace: plan?.grace_period?.value ? String(plan.grace_period.value) : '',
  retries: plan?.billing_retry ? String(plan.billing_retry.value) : '',
});

/** Days typed, or none (null) when left empty. */
const days = (text: string) => (text.trim() === '' ? null : { value: numberOr(text), type: 'day' });

/** The plan's write body (v2's fields): what the form holds, and what it does not show kept from the plan. */
function planBody(d: PlanDraft, plan: PlanV1 | null): Record<string, unknown> {
  return {
    ...(d.external_id.trim() ? { external_id: d.external_id.trim() } : {}),
    name: { ...(plan?.name ?? {}), en: d.name },
    ...(d.description ? { description: { ...(plan?.description ?? {}), en: d.description } } : {}),
    group_id: d.group_id.trim() || null,
    charge: { amount: numberOr(d.amount), currency: d.currency.trim().toUpperCase(), period: { value: numberOr(d.period), type: d.unit } },
    expiration: plan?.expiration ?? null,
    trial: days(d.trial),
    grace_period: days(d.grace),
    tags: plan?.tags ?? null,
  };
}

function PlanForm({ projectId, plan, onDone }: { projectId: number; plan: PlanV1 | null; onDone: (text: string) => void }) {
  const { draft, set, error, submit } = useForm(() => draftOf(plan), async (d) => {
    const body = planBody(d, plan);
    const retries = d.retries.trim() === '' ? null : { value: numberOr(d.retries) };
    const retriesChanged = JSON.stringify(retries) !== JSON.stringify(plan?.billing_retry ?? null);
    let id = plan?.id;
    if (!plan) id = (await api<PlanCreated>('POST', plansPath(projectId, 'v2'), body)).body.plan_id;
    else if (!retriesChanged) await api('PUT', plansPath(projectId, 'v2', `/${plan.id}`), body);
    // Only v1 carries billing_retry: the whole plan written again with it.
    if (retriesChanged) await api('PUT', plansPath(projectId, 'v1', `/${id}`), { ...body, ...(retries ? { billing_retry: retries } : {}) });
    const name = d.external_id.trim() || d.name;
    return plan ? `Plan ${name} saved.` : `Plan ${name} created.`;
  }, onDone);
  const prefix = plan ? `plan-${plan.id}` : 'new-plan';
  const units = [{ value: 'month', label: 'months' }, { value: 'day', label: 'days' }];

  return (
    <RecordForm title={plan ? `Edit plan ${plan.external_id ?? plan.id}` : 'New plan'} submitLabel={plan ? 'Save plan' : 'Create plan'} onSubmit={submit} error={error}>
      <Field id={`${prefix}-external-id`} label="External id" hint="What a token's purchase.subscription.plan_id names; up to 32 characters, unique in the project." value={draft.external_id} onInput={(external_id) => set({ external_id })} errors={fieldErrors(error, 'external_id')} />
      <Field id={`${prefix}-name`} label="Name (English)" value={draft.name} onInput={(name) => set({ name })} required errors={fieldErrors(error, 'name')} />
      <Field id={`${prefix}-description`} label="Description (English)" value={draft.description} onInput={(description) => set({ description })} errors={fieldErrors(error, 'description')} />
      <Field id={`${prefix}-group`} label="Group id" value={draft.group_id} onInput={(group_id) => set({ group_id })} errors={fieldErrors(error, 'group_id')} />
      <div class="list-row">
        <Field id={`${prefix}-amount`} label="Charge amount" inputMode="decimal" value={draft.amount} onInput={(amount) => set({ amount })} required errors={fieldErrors(error, 'charge.amount')} />
        <Field id={`${prefix}-currency`} label="Currency" hint="ISO 4217, e.g. USD" value={draft.currency} onInput={(currency) => set({ currency })} required errors={fieldErrors(error, 'charge.currency')} />
      </div>
      <div class="list-row">
        <Field id={`${prefix}-period`} label="Charged every" inputMode="numeric" value={draft.period} onInput={(period) => set({ period })} required errors={fieldErrors(error, 'charge.period.value', 'charge.period')} />
        <Select id={`${prefix}-unit`} label="Period unit" value={draft.unit} options={units} onChange={(unit) => set({ unit: unit as Unit })} errors={fieldErrors(error, 'charge.period.type')} />
      </div>
      <Field id={`${prefix}-trial`} label="Trial (days)" hint="Empty: no trial." inputMode="numeric" value={draft.trial} onInput={(trial) => set({ trial })} errors={fieldErrors(error, 'trial')} />
      <Field id={`${prefix}-grace`} label="Grace period (days)" hint="Empty: none." inputMode="numeric" value={draft.grace} onInput={(grace) => set({ grace })} errors={fieldErrors(error, 'grace_period')} />
      <Field id={`${prefix}-retries`} label="Billing retries" hint="How often a declined renewal is tried again (kept by API v1 only). Empty: none." inputMode="numeric" value={draft.retries} onInput={(retries) => set({ retries })} errors={fieldErrors(error, 'billing_retry')} />
    </RecordForm>
  );
}

const countersText = ({ active, canceled, frozen, non_renewing }: PlanV2['status']['counters']) =>
  `active ${active} · non-renewing ${non_renewing} · frozen ${frozen} · canceled ${canceled}`;

function PlanList({ projectId }: { projectId: number }) {
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Editing<PlanV1>>(null);
  // v1's plans: v2's fields and billing_retry, which only v1 has (one request, and what Edit needs).
  const list = useLoad(async () => {
    const page = await api<PlanV1[]>('GET', plansPath(projectId, 'v1', query({ offset, limit: PAGE_SIZE })));
    return { total: page.total, plans: page.body };
  }, [projectId, offset]);
  const { done, error, act, finish } = useActions(list.reload);
  const plans = list.data?.plans ?? [];

  return (
    <section>
      <h2>Plans</h2>
      <Done text={done} />
      <Failure error={list.error ?? error} />
      {list.data && (
        <>
          <TableRegion label="Plans">
            <table>
              <thead>
                <tr>
                  <th scope="col">Plan</th><th scope="col">Charge</th><th scope="col">Trial</th><th scope="col">Grace period</th><th scope="col">Billing retries</th>
                  <th scope="col">Status</th><th scope="col"><span class="visually-hidden">Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {plans.map((plan) => {
                  const name = plan.external_id ?? String(plan.id);
                  return (
                    <tr key={plan.id}>
                      <td><code>{name}</code> <span class="muted">#{plan.id}</span><br />{textOf(plan.name)}{plan.description && <><br /><span class="muted">{textOf(plan.description)}</span></>}</td>
                      <td>{plan.charge.amount} {plan.charge.currency} every {spanText(plan.charge.period)}</td>
                      <td>{spanText(plan.trial)}</td>
                      <td>{spanText(plan.grace_period)}</td>
                      <td>{plan.billing_retry ? plan.billing_retry.value : '—'}</td>
                      <td><strong class={plan.status.value === 'deleted' ? 'bad' : undefined}>{plan.status.value}</strong><br /><span class="muted">{countersText(plan.status.counters)}</span></td>
                      <td class="actions">
                        <button type="button" aria-label={`Edit plan ${name}`} onClick={() => setEditing(plan)}>Edit</button>
                        {plan.status.value !== 'deleted' && (
                          <ConfirmButton label="Delete" question={`Delete plan ${name}?`} onConfirm={() => void act(() => api('DELETE', plansPath(projectId, 'v2', `/${plan.id}`)), `Plan ${name} deleted.`)} />
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableRegion>
          <Pager label="Plans" offset={offset} total={list.data.total} count={plans.length} onOffset={setOffset} />
        </>
      )}
      {list.loading && <p class="muted">Loading…</p>}
      <Editor editing={editing} setEditing={setEditing} newLabel="New plan" onDone={finish} form={(plan, close) => <PlanForm projectId={projectId} plan={plan} onDone={close} />} />
    </section>
  );
}

interface ProductDraft {
  name: string;
  group_id: string;
  description: string;
}

function ProductForm({ projectId, product, onDone }: { projectId: number; product: Product | null; onDone: (text: string) => void }) {
  const before = product && !Array.isArray(product.description) ? product.description : null;
  const { draft, set, error, submit } = useForm<ProductDraft>(() => ({ name: product?.name ?? '', group_id: product?.group_id ?? '', description: textOf(before) }), async (d) => {
    const body = {
      name: d.name,
      ...(d.group_id.trim() ? { group_id: d.group_id.trim() } : {}),
      description: d.description ? { ...(before ?? {}), en: d.description } : [],
    };
    if (product) await api('PUT', productsPath(projectId, `/${product.id}`), body);
    else await api('POST', productsPath(projectId), body);
    return product ? `Product ${d.name} saved.` : `Product ${d.name} created.`;
  }, onDone);
  const prefix = product ? `product-${product.id}` : 'new-product';
  return (
    <RecordForm title={product ? `Edit product ${product.name}` : 'New product'} submitLabel={product ? 'Save product' : 'Create product'} onSubmit={submit} error={error}>
      <Field id={`${prefix}-name`} label="Product name" value={draft.name} onInput={(name) => set({ name })} required errors={fieldErrors(error, 'name')} />
      <Field id={`${prefix}-group`} label="Product group id" value={draft.group_id} onInput={(group_id) => set({ group_id })} errors={fieldErrors(error, 'group_id')} />
      <Field id={`${prefix}-description`} label="Product description (English)" value={draft.description} onInput={(description) => set({ description })} errors={fieldErrors(error, 'description')} />
    </RecordForm>
  );
}

function ProductList({ projectId }: { projectId: number }) {
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Editing<Product>>(null);
  const list = useLoad(() => api<Product[]>('GET', productsPath(projectId, query({ offset, limit: PAGE_SIZE }))), [projectId, offset]);
  const { done, error, act, finish } = useActions(list.reload);
  const products = list.data?.body ?? [];
  return (
    <section>
      <h2>Products</h2>
      <Done text={done} />
      <Failure error={list.error ?? error} />
      {list.data && (
        <>
          <TableRegion label="Products">
            <table>
              <thead><tr><th scope="col">Id</th><th scope="col">Name</th><th scope="col">Group id</th><th scope="col">Description</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                {products.map((product) => (
                  <tr key={product.id}>
                    <td>{product.id}</td>
                    <td>{product.name}</td>
                    <td>{product.group_id ? <code>{product.group_id}</code> : '—'}</td>
                    <td>{Array.isArray(product.description) ? '—' : textOf(product.description)}</td>
                    <td class="actions">
                      <button type="button" aria-label={`Edit product ${product.name}`} onClick={() => setEditing(product)}>Edit</button>
                      <ConfirmButton label="Delete" question={`Delete product ${product.name}?`} onConfirm={() => void act(() => api('DELETE', productsPath(projectId, `/${product.id}`)), `Product ${product.name} deleted.`)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <Pager label="Products" offset={offset} total={list.data.total} count={products.length} onOffset={setOffset} />
        </>
      )}
      <Editor editing={editing} setEditing={setEditing} newLabel="New product" onDone={finish} form={(product, close) => <ProductForm projectId={projectId} product={product} onDone={close} />} />
    </section>
  );
}

export function Plans({ projectId }: { projectId: number }) {
  return (
    <>
      <PlanList projectId={projectId} />
      <ProductList projectId={projectId} />
    </>
  );
}
