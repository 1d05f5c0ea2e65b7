/**
 * Virtual currency packages of the current project: the list (from the currency record, where
 * they are grouped by price currency), a new package, edit, enable/disable and delete.
 */
import { useState } from 'preact/hooks';
import { api, projectPath } from '../api';
import { textOf } from '../state';
import { Check, ConfirmButton, Done, Editor, Failure, Field, RecordForm, TableRegion, fieldErrors, useActions, useForm, useLoad, type Editing } from '../ui';
import { pricesOf, pricesText } from './prices';
import type { Currency, Package, Packet } from '../records';

/** One row per package, its prices gathered from the currency groups. */
function rowsOf(currency: Currency) {
  const rows = new Map<number, Packet & { prices: Record<string, number> }>();
  for (const [code, packets] of Object.entries(currency.packets ?? {})) {
    for (const packet of packets) {
      const row = rows.get(packet.id) ?? { ...packet, prices: {} };
      row.prices[code] = packet.price;
      rows.set(packet.id, row);
    }
  }
  return [...rows.values()].sort((a, b) => a.id - b.id);
}

interface Draft {
  sku: string;
  amount: string;
  bonus: string;
  prices: string;
  enabled: boolean;
}

function PackageForm({ projectId, pack, onDone }: { projectId: number; pack: Package | null; onDone: (text: string) => void }) {
  const { draft, set, error, submit } = useForm<Draft>(() => ({
    sku: pack?.sku ?? '', amount: pack ? String(pack.amount) : '', bonus: pack ? String(pack.bonus) : '0',
    prices: pack ? pricesText(Object.fromEntries(pack.prices_array.map((p) => [p.name, p.value]))) : '', enabled: pack?.enabled ?? true,
  }), async (d) => {
    const body = {
      sku: d.sku, amount: Number(d.amount), bonus: Number(d.bonus || 0), enabled: d.enabled,
      prices_array: Object.entries(pricesOf(d.prices)).map(([name, value]) => ({ name, value })),
    };
    if (pack) await api('PUT', projectPath(projectId, `/virtual_currency/packages/${pack.id}`), body);
    else await api('POST', projectPath(projectId, '/virtual_currency/packages'), body);
    return pack ? `Package ${d.sku} saved.` : `Package ${d.sku} created.`;
  }, onDone);
  const prefix = pack ? `package-${pack.id}` : 'new-package';

  return (
    <RecordForm title={pack ? `Edit package ${pack.sku ?? pack.id}` : 'New package'} submitLabel={pack ? 'Save package' : 'Create package'} onSubmit={submit} error={error}>
      <Field id={`${prefix}-sku`} label="SKU" value={draft.sku} onInput={(sku) => set({ sku })} required errors={fieldErrors(error, 'sku')} />
      <Field id={`${prefix}-amount`} label="Amount of currency" inputMode="decimal" value={draft.amount} onInput={(amount) => set({ amount })} required errors={fieldErrors(error, 'amount')} />
      <Field id={`${prefix}-bonus`} label="Bonus (percent)" inputMode="decimal" value={draft.bonus} onInput={(bonus) => set({ bonus })} errors={fieldErrors(error, 'bonus')} />
      <Field id={`${prefix}-prices`} label="Prices" hint="Currency and amount, e.g. USD 4.99, EUR 4.59" value={draft.prices} onInput={(prices) => set({ prices })} errors={fieldErrors(error, 'prices_array')} />
      <Check id={`${prefix}-enabled`} label="Enabled (on sale)" checked={draft.enabled} onChange={(enabled) => set({ enabled })} />
    </RecordForm>
  );
}

export function Packages({ projectId }: { projectId: number }) {
  const [editing, setEditing] = useState<Editing<Package>>(null);
  const currency = useLoad(() => api<Currency>('GET', projectPath(projectId, '/virtual_currency')), [projectId]);
  const { done, error: actionError, act, finish } = useActions(currency.reload);
  const path = (id: number) => projectPath(projectId, `/virtual_currency/packages/${id}`);
  const rows = currency.data ? rowsOf(currency.data.body) : [];

  return (
    <>
      {currency.data && <p>Currency: <strong>{textOf(currency.data.body.vc_name as Record<string, string>)}</strong></p>}
      <Done text={done} />
      <Failure error={currency.error ?? actionError} />
      {currency.data && (
        <TableRegion label="Packages">
          <table>
            <thead><tr><th scope="col">SKU</th><th scope="col">Amount</th><th scope="col">Bonus</th><th scope="col">Prices</th><th scope="col">On sale</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {rows.map((row) => {
                const name = row.sku ?? String(row.id);
                return (
                  <tr key={row.id}>
                    <td><code>{name}</code></td>
                    <td>{row.amount}</td>
                    <td>{row.bonus}%</td>
                    <td>{pricesText(row.prices)}</td>
                    <td>{row.enabled ? 'yes' : 'no'}</td>
                    <td class="actions">
                      <button type="button" aria-label={`Edit ${name}`} onClick={() => void act(async () => setEditing((await api<Package>('GET', path(row.id))).body))}>Edit</button>
                      <button type="button" aria-label={`${row.enabled ? 'Disable' : 'Enable'} ${name}`}
                        onClick={() => void act(() => api('PUT', path(row.id), { enabled: !row.enabled }), `Package ${name} ${row.enabled ? 'disabled' : 'enabled'}.`)}>
                        {row.enabled ? 'Disable' : 'Enable'}
                      </button>
                      <ConfirmButton label="Delete" question={`Delete ${name}?`} onConfirm={() => void act(() => api('DELETE', path(row.id)), `Package ${name} deleted.`)} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableRegion>
      )}
      {currency.loading && <p class="muted">Loading…</p>}
      <Editor editing={editing} setEditing={setEditing} newLabel="New package" onDone={finish} form={(pack, done) => <PackageForm projectId={projectId} pack={pack} onDone={done} />} />
    </>
  );
}
