/** User attributes of the current project: a page of the list, a new attribute, edit and delete. */
import { useState } from 'preact/hooks';
import { api, projectPath, query } from '../api';
import { textOf } from '../state';
import type { UserAttribute } from '../records';
import { Check, ConfirmButton, Done, Editor, Failure, Field, RecordForm, PAGE_SIZE, Pager, Select, TableRegion, fieldErrors, useActions, useForm, useLoad, type Editing } from '../ui';

interface Draft {
  key: string;
  name: string;
  type: 'int' | 'string';
  values: string;
  skip: boolean;
  visible: boolean;
}

const TYPES = [{ value: 'string', label: 'string' }, { value: 'int', label: 'int (whole numbers)' }];

/** The values as written, comma separated; for `int`, what is not a whole number is sent as written (the service says which). */
function valuesOf(text: string, type: Draft['type']): (string | number)[] {
  const values = text.split(',').map((value) => value.trim()).filter(Boolean);
  return type === 'int' ? values.map((value) => (/^-?\d+$/.test(value) ? Number(value) : value)) : values;
}

function AttributeForm({ projectId, attribute, onDone }: { projectId: number; attribute: UserAttribute | null; onDone: (text: string) => void }) {
  const { draft, set, error, submit } = useForm<Draft>(() => ({
    key: attribute?.key ?? '',
    name: textOf(attribute?.name),
    type: attribute?.type ?? 'string',
    values: attribute?.list_of_values.join(', ') ?? '',
    skip: attribute?.skip_condition_on_nonexistent_key ?? false,
    visible: attribute?.visible ?? true,
  }), async (d) => {
    const body = {
      key: d.key,
      name: { ...(attribute?.name ?? {}), en: d.name },
      type: d.type,
      list_of_values: valuesOf(d.values, d.type),
      skip_condition_on_nonexistent_key: d.skip,
      visible: d.visible,
    };
    if (attribute) await api('PUT', projectPath(projectId, `/user_attributes/${attribute.id}`), body);
    else await api('POST', projectPath(projectId, '/user_attributes'), body);
    return attribute ? `Attribute ${d.key} saved.` : `Attribute ${d.key} created.`;
  }, onDone);
  const prefix = attribute ? `attribute-${attribute.id}` : 'new-attribute';

  return (
    <RecordForm title={attribute ? `Edit attribute ${attribute.key}` : 'New attribute'} submitLabel={attribute ? 'Save attribute' : 'Create attribute'} onSubmit={submit} error={error}>
      <Field id={`${prefix}-key`} label="Key" hint="Letters, digits, _ - and . ; unique in the project." value={draft.key} onInput={(key) => set({ key })} required errors={fieldErrors(error, 'key')} />
      <Field id={`${prefix}-name`} label="Name (English)" value={draft.name} onInput={(name) => set({ name })} required errors={fieldErrors(error, 'name')} />
      <Select id={`${prefix}-type`} label="Type" value={draft.type} options={TYPES} onChange={(type) => set({ type: type as Draft['type'] })} errors={fieldErrors(error, 'type')} />
      <Field id={`${prefix}-values`} label="Values" hint="The values it may take, comma separated, e.g. gold, silver" value={draft.values} onInput={(values) => set({ values })} errors={fieldErrors(error, 'list_of_values')} />
      <Check id={`${prefix}-skip`} label="A condition on it holds for a user without it" checked={draft.skip} onChange={(skip) => set({ skip })} />
      <Check id={`${prefix}-visible`} label="Visible to the user" checked={draft.visible} onChange={(visible) => set({ visible })} />
    </RecordForm>
  );
}

export function Attributes({ projectId }: { projectId: number }) {
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Editing<UserAttribute>>(null);
  const list = useLoad(() => api<UserAttribute[]>('GET', projectPath(projectId, `/user_attributes${query({ offset, limit: PAGE_SIZE })}`)), [projectId, offset]);
  const { done, error: actionError, act, finish } = useActions(list.reload);
  const attributes = list.data?.body ?? [];
  return (
    <>
      <Done text={done} />
      <Failure error={list.error ?? actionError} />
      {list.data && (
        <>
          <TableRegion label="User attributes">
            <table>
              <thead><tr><th scope="col">Key</th><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Values</th><th scope="col">Visible</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                {attributes.map((attribute) => (
                  <tr key={attribute.id}>
                    <td><code>{attribute.key}</code></td>
                    <td>{attribute.localized_name}</td>
                    <td>{attribute.type}</td>
                    <td>{attribute.list_of_values.join(', ')}</td>
                    <td>{attribute.visible ? 'yes' : 'no'}</td>
                    <td class="actions">
                      <button type="button" aria-label={`Edit attribute ${attribute.key}`} onClick={() => setEditing(attribute)}>Edit</button>
                      <ConfirmButton label="Delete" question={`Delete attribute ${attribute.key}?`}
                        onConfirm={() => void act(() => api('DELETE', projectPath(projectId, `/user_attributes/${attribute.id}`)), `Attribute ${attribute.key} deleted.`)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <Pager label="User attributes" offset={offset} total={list.data.total} count={attributes.length} onOffset={setOffset} />
        </>
      )}
      {list.loading && <p class="muted">Loading…</p>}
      <Editor editing={editing} setEditing={setEditing} newLabel="New attribute" onDone={finish} form={(attribute, done) => <AttributeForm projectId={projectId} attribute={attribute} onDone={done} />} />
    </>
  );
}
