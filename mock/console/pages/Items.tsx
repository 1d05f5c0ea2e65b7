/**
 * Virtual items of the current project: a page of the list, a new item, an item's edit form,
 * enable/disable and delete (service-spec.md "Virtual items"; the shapes of openapi.json).
 */
import { useState } from 'preact/hooks';
import { api, projectPath, query } from '../api';
import { textOf } from '../state';
import { Check, ConfirmButton, Done, Editor, Failure, Field, RecordForm, PAGE_SIZE, Pager, TableRegion, fieldErrors, useActions, useForm, useLoad, type Editing } from '../ui';
import { pricesOf, pricesText } from './prices';
import type { Item, ItemListEntry } from '../records';

interface Draft {
  sku: string;
  name: string;
  description: string;
  prices: string;
  groups: string;
  image_url: string;
  enabled: boolean;
  permanent: boolean;
}

const draftOf = (item: Item | null): Draft => ({
  sku: item?.sku ?? '',
  name: textOf(item?.name),
  description: textOf(item?.description),
  prices: item ? pricesText(item.prices) : '',
  groups: item?.groups.join(', ') ?? '',
  image_url: item?.image_url ?? '',
  enabled: item?.enabled ?? true,
  permanent: item?.permanent ?? false,
});

function bodyOf(draft: Draft, item: Item | null) {
  const prices = pricesOf(draft.prices);
  const groups = draft.groups.split(/[\s,]+/).filter(Boolean).map(Number);
  return {
    sku: draft.sku,
    name: { ...(item?.name ?? {}), en: draft.name },
    ...(draft.description ? { description: { ...(item?.description ?? {}), en: draft.description } } : {}),
    prices,
    ...(Object.keys(prices)[0] ? { default_currency: item?.default_currency && prices[item.default_currency] !== undefined ? item.default_currency : Object.keys(prices)[0] } : {}),
    groups,
    ...(draft.image_url ? { image_url: draft.image_url } : {}),
    enabled: draft.enabled,
    permanent: draft.permanent,
  };
}

function ItemForm({ projectId, item, onDone }: { projectId: number; item: Item | null; onDone: (text: string) => void }) {
  const { draft, set, error, submit } = useForm(() => draftOf(item), async (d) => {
    if (item) await api('PUT', projectPath(projectId, `/virtual_items/items/${item.id}`), bodyOf(d, item));
    else await api('POST', projectPath(projectId, '/virtual_items/items'), bodyOf(d, null));
    return item ? `Item ${d.sku} saved.` : `Item ${d.sku} created.`;
  }, onDone);
  const prefix = item ? `item-${item.id}` : 'new-item';

  return (
    <RecordForm title={item ? `Edit item ${item.sku}` : 'New item'} submitLabel={item ? 'Save item' : 'Create item'} onSubmit={submit} error={error}>
      <Field id={`${prefix}-sku`} label="SKU" hint="Letters, digits, _ - and . ; unique in the project." value={draft.sku} onInput={(sku) => set({ sku })} required errors={fieldErrors(error, 'sku')} />
      <Field id={`${prefix}-name`} label="Name (English)" value={draft.name} onInput={(name) => set({ name })} required errors={fieldErrors(error, 'name')} />
      <Field id={`${prefix}-description`} label="Description (English)" value={draft.description} onInput={(description) => set({ description })} errors={fieldErrors(error, 'description')} />
      <Field id={`${prefix}-prices`} label="Prices" hint="Currency and amount, e.g. USD 4.99, EUR 4.59" value={draft.prices} onInput={(prices) => set({ prices })} errors={fieldErrors(error, 'prices', 'default_currency')} />
      <Field id={`${prefix}-groups`} label="Group ids" hint="Comma separated, e.g. 1, 2" value={draft.groups} onInput={(groups) => set({ groups })} errors={fieldErrors(error, 'groups')} />
      <Field id={`${prefix}-image`} label="Image address" value={draft.image_url} onInput={(image_url) => set({ image_url })} errors={fieldErrors(error, 'image_url')} />
      <Check id={`${prefix}-enabled`} label="Enabled (on sale)" checked={draft.enabled} onChange={(enabled) => set({ enabled })} />
      <Check id={`${prefix}-permanent`} label="Permanent (bought once)" checked={draft.permanent} onChange={(permanent) => set({ permanent })} />
    </RecordForm>
  );
}

export function Items({ projectId }: { projectId: number }) {
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Editing<Item>>(null);
  const list = useLoad(() => api<ItemListEntry[]>('GET', projectPath(projectId, `/virtual_items/items${query({ offset, limit: PAGE_SIZE })}`)), [projectId, offset]);
  const { done, error: actionError, act, finish } = useActions(list.reload);
  const path = (id: number) => projectPath(projectId, `/virtual_items/items/${id}`);
  const items = list.data?.body ?? [];

  return (
    <>
      <Done text={done} />
      <Failure error={list.error ?? actionError} />
      {list.data && (
        <>
          <TableRegion label="Items">
            <table>
              <thead><tr><th scope="col">SKU</th><th scope="col">Name</th><th scope="col">Prices</th><th scope="col">On sale</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                {items.map((entry) => (
                  <tr key={entry.id}>
                    <td><code>{entry.sku}</code></td>
                    <td>{entry.localized_name}</td>
                    <td>{pricesText(entry.prices)}</td>
                    <td>{entry.enabled ? 'yes' : 'no'}</td>
                    <td class="actions">
                      <button type="button" aria-label={`Edit ${entry.sku}`} onClick={() => void act(async () => setEditing((await api<Item>('GET', path(entry.id))).body))}>Edit</button>
                      <button type="button" aria-label={`${entry.enabled ? 'Disable' : 'Enable'} ${entry.sku}`}
                        onClick={() => void act(() => api('PUT', path(entry.id), { enabled: !entry.enabled }), `Item ${entry.sku} ${entry.enabled ? 'disabled' : 'enabled'}.`)}>
                        {entry.enabled ? 'Disable' : 'Enable'}
                      </button>
                      <ConfirmButton label="Delete" question={`Delete ${entry.sku}?`}
                        onConfirm={() => void act(() => api('DELETE', path(entry.id)), `Item ${entry.sku} deleted.`)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <Pager label="Items" offset={offset} total={list.data.total} count={items.length} onOffset={setOffset} />
        </>
      )}
      {list.loading && <p class="muted">Loading…</p>}
      <Editor editing={editing} setEditing={setEditing} newLabel="New item" onDone={finish} form={(item, done) => <ItemForm projectId={projectId} item={item} onDone={done} />} />
    </>
  );
}
