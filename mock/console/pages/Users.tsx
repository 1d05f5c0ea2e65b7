/**
 * Users of the current project: a page of the list; a user's record (balance, wallet) and
 * inventory (`users/{id}`, `users/virtual_items/total`); enable or disable them.
 */
import { useState } from 'preact/hooks';
import { api, projectPath, query } from '../api';
import type { Inventory, User, UserList } from '../records';
import { Done, Failure, PAGE_SIZE, Pager, TableRegion, useActions, useLoad } from '../ui';

function UserDetail({ projectId, userId, onChanged }: { projectId: number; userId: string; onChanged: (text: string) => void }) {
  const user = useLoad(() => api<User>('GET', projectPath(projectId, `/users/${encodeURIComponent(userId)}`)), [projectId, userId]);
  const inventory = useLoad(
    () => api<Inventory[]>('GET', projectPath(projectId, `/users/virtual_items/total${query({ user_id: userId, limit: 100 })}`)),
    [projectId, userId],
  );
  const record = user.data?.body;
  const items = inventory.data?.body.find((entry) => entry.user_id === userId)?.virtual_items ?? [];

  const { error: actionError, act } = useActions(user.reload);
  const toggle = (current: User) => act(async () => {
    await api('PUT', projectPath(projectId, `/users/${encodeURIComponent(userId)}`), { user_id: userId, enabled: !current.enabled });
    onChanged(`User ${userId} ${current.enabled ? 'disabled' : 'enabled'}.`);
  });

  return (
    <section class="panel" aria-labelledby="user-detail-title">
      <h2 id="user-detail-title">User {userId}</h2>
      <Failure error={user.error ?? actionError} />
      {record && (
        <>
          <dl class="facts">
            <dt>Name</dt><dd>{record.user_name || '—'}</dd>
            <dt>Email</dt><dd>{record.email || '—'}</dd>
            <dt>Virtual currency balance</dt><dd data-testid="user-balance">{record.balance}</dd>
            <dt>Wallet</dt><dd>{record.wallet_amount}{record.wallet_currency ? ` ${record.wallet_currency}` : ''}</dd>
            <dt>Registered</dt><dd>{record.register_date}</dd>
            <dt>Enabled</dt><dd>{record.enabled ? 'yes' : 'no (cannot pay)'}</dd>
          </dl>
          <button type="button" onClick={() => void toggle(record)}>{record.enabled ? 'Disable user' : 'Enable user'}</button>
        </>
      )}
      <h3>Inventory</h3>
      <Failure error={inventory.error} />
      {inventory.data && (items.length === 0 ? <p>No items.</p> : (
        <TableRegion label="Inventory">
          <table>
            <thead><tr><th scope="col">SKU</th><th scope="col">Quantity</th></tr></thead>
            <tbody>{items.map((item) => <tr key={item.id}><td><code>{item.sku}</code></td><td>{item.quantity}</td></tr>)}</tbody>
          </table>
        </TableRegion>
      ))}
    </section>
  );
}

export function Users({ projectId }: { projectId: number }) {
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = useLoad(() => api<UserList>('GET', projectPath(projectId, `/users${query({ offset, limit: PAGE_SIZE })}`)), [projectId, offset]);
  const users = list.data?.body.data ?? [];
  return (
    <>
      <Done text={done} />
      <Failure error={list.error} />
      {list.data && (
        <>
          <TableRegion label="Users">
            <table>
              <thead><tr><th scope="col">User id</th><th scope="col">Name</th><th scope="col">Balance</th><th scope="col">Enabled</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                {users.map((user) => (
                  <tr key={user.user_id}>
                    <td><code>{user.user_id}</code></td>
                    <td>{user.user_name}</td>
                    <td>{user.balance}</td>
                    <td>{user.enabled ? 'yes' : 'no'}</td>
                    <td><button type="button" aria-label={`Show user ${user.user_id}`} onClick={() => setSelected(user.user_id)}>Show</button></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <Pager label="Users" offset={offset} total={list.data.body.recordsTotal ?? list.data.total} count={users.length} onOffset={setOffset} />
        </>
      )}
      {list.loading && <p class="muted">Loading…</p>}
      <FindUser onFind={setSelected} />
      {selected !== null && <UserDetail key={selected} projectId={projectId} userId={selected} onChanged={(text) => { setDone(text); list.reload(); }} />}
    </>
  );
}

/** Straight to a user by id (the player id the game sends in tokens). */
function FindUser({ onFind }: { onFind: (id: string) => void }) {
  const [id, setId] = useState('');
  return (
    <form class="inline-form" onSubmit={(event) => { event.preventDefault(); if (id.trim()) onFind(id.trim()); }}>
      <label for="find-user">User id</label>
      <input id="find-user" name="find-user" value={id} autoComplete="off" onInput={(event) => setId((event.currentTarget as HTMLInputElement).value)} />
      <button type="submit">Show user</button>
    </form>
  );
}
