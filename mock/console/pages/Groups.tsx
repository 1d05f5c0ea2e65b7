/** Item groups of the current project: a page of the list, a new group, edit and delete. */
import { useState } from 'preact/hooks';
import { api, projectPath, query } from '../api';
import { textOf } from '../state';
import type { Group } from '../records';
import { Check, ConfirmButton, Done, Editor, Failure, Field, RecordForm, PAGE_SIZE, Pager, TableRegion, fieldErrors, useActions, useForm, useLoad, type Editing } from '../ui';

interface Draft {
  name: string;
  code: string;
  parent: string;
  enabled: boolean;
}

function GroupForm({ projectId, group, onDone }: { projectId: number; group: Group | null; onDone: (text: string) => void }) {
  const { draft, set, error, submit } = useForm<Draft>(() => ({
    name: textOf(group?.name), code: group?.code === null || !group ? '' : String(group.code), parent: group?.parent_id ? String(group.parent_id) : '', enabled: group?.enabled ?? true,
  }), async (d) => {
    const body = {
      name: { ...(group?.name ?? {}), en: d.name },
      ...(d.code ? { code: d.code } : {}),
      parent_id: d.parent ? d.parent : null,
      enabled: d.enabled,
    };
    if (group) await api('PUT', projectPath(projectId, `/virtual_items/groups/${group.id}`), body);
    else await api('POST', projectPath(projectId, '/virtual_items/groups'), body);
    return group ? `Group ${d.name} saved.` : `Group ${d.name} created.`;
  }, onDone);
  const prefix = group ? `group-${group.id}` : 'new-group';

  return (
    <RecordForm title={group ? `Edit group ${group.localized_name}` : 'New group'} submitLabel={group ? 'Save group' : 'Create group'} onSubmit={submit} error={error}>
      <Field id={`${prefix}-name`} label="Name (English)" value={draft.name} onInput={(name) => set({ name })} required errors={fieldErrors(error, 'name')} />
      <Field id={`${prefix}-code`} label="Code" hint="A number, unique in the project." inputMode="numeric" value={draft.code} onInput={(code) => set({ code })} errors={fieldErrors(error, 'code')} />
      <Field id={`${prefix}-parent`} label="Parent group id" inputMode="numeric" value={draft.parent} onInput={(parent) => set({ parent })} errors={fieldErrors(error, 'parent_id')} />
      <Check id={`${prefix}-enabled`} label="Enabled" checked={draft.enabled} onChange={(enabled) => set({ enabled })} />
    </RecordForm>
  );
}

export function Groups({ projectId }: { projectId: number }) {
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Editing<Group>>(null);
  const list = useLoad(() => api<Group[]>('GET', projectPath(projectId, `/virtual_items/groups${query({ offset, limit: PAGE_SIZE })}`)), [projectId, offset]);
  const { done, error: actionError, act, finish } = useActions(list.reload);
  const groups = list.data?.body ?? [];
  return (
    <>
      <Done text={done} />
      <Failure error={list.error ?? actionError} />
      {list.data && (
        <>
          <TableRegion label="Item groups">
            <table>
              <thead><tr><th scope="col">Id</th><th scope="col">Name</th><th scope="col">Code</th><th scope="col">Parent</th><th scope="col">Enabled</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                {groups.map((group) => (
                  <tr key={group.id}>
                    <td>{group.id}</td>
                    <td>{group.localized_name}</td>
                    <td>{group.code ?? ''}</td>
                    <td>{group.parent_id ?? ''}</td>
                    <td>{group.enabled ? 'yes' : 'no'}</td>
                    <td class="actions">
                      <button type="button" aria-label={`Edit group ${group.localized_name}`} onClick={() => setEditing(group)}>Edit</button>
                      <ConfirmButton label="Delete" question={`Delete group ${group.localized_name}?`} onConfirm={() => void act(() => api('DELETE', projectPath(projectId, `/virtual_items/groups/${group.id}`)), `Group ${group.localized_name} deleted.`)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <Pager label="Item groups" offset={offset} total={list.data.total} count={groups.length} onOffset={setOffset} />
        </>
      )}
      {list.loading && <p class="muted">Loading…</p>}
      <Editor editing={editing} setEditing={setEditing} newLabel="New group" onDone={finish} form={(group, done) => <GroupForm projectId={projectId} group={group} onDone={done} />} />
    </>
  );
}
