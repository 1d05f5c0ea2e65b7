/**
 * Game keys of the current project: its games (game delivery entities: a page of the list, a new
 * game, edit and delete) and each game's key pool (`/mock/projects/{id}/game_delivery/{game}/keys`:
 * the counts per DRM, keys added pasted one per line).
 */
import { useState } from 'preact/hooks';
import { api, projectPath, query } from '../api';
import { textOf } from '../state';
import type { Game, GameKeys } from '../records';
import { ConfirmButton, Done, Editor, Failure, Field, RecordForm, PAGE_SIZE, Pager, Select, TableRegion, fieldErrors, useActions, useForm, useLoad, type Editing } from '../ui';

interface Draft {
  sku: string;
  name: string;
  description: string;
  system_requirements: string;
  default_currency: string;
  drm: string;
}

type Drm = Game['drm'][number];

/** One line per DRM, `1 Steam`. */
const drmText = (drm: Drm[]) => drm.map((entry) => `${entry.id} ${entry.name}`).join('\n');

/**
 * The DRM lines as the service takes them: a line that is not an id and a name is sent as written
 * (the service says what is wrong at `drm[i]`); an edited DRM keeps its other fields.
 */
function drmOf(text: string, before: Drm[]) {
  return text.split('\n').map((line) => line.trim()).filter(Boolean).map((line) => {
    const match = /^(\d+)\s+(.+)$/.exec(line);
    if (!match) return { id: line, name: line };
    const id = Number(match[1]);
    const { codes: _counts, ...kept } = before.find((entry) => entry.id === id) ?? ({} as Partial<Drm>);
    return { ...kept, id, name: match[2]! };
  });
}

/** "Steam: 3 of 5 left" for each DRM. */
const countsText = (game: Game) => game.drm.map((drm) => `${drm.name}: ${drm.codes.active} of ${drm.codes.total} left`).join('; ');

function GameForm({ projectId, game, onDone }: { projectId: number; game: Game | null; onDone: (text: string) => void }) {
  const { draft, set, error, submit } = useForm<Draft>(() => ({
    sku: game?.sku ?? '',
    name: textOf(game?.name),
    description: textOf(game?.description),
    system_requirements: game?.system_requirements ?? '',
    default_currency: game?.default_currency ?? 'USD',
    drm: game ? drmText(game.drm) : '',
  }), async (d) => {
    const body = {
      sku: d.sku,
      name: { ...(game?.name ?? {}), en: d.name },
      description: { ...(game?.description ?? {}), en: d.description },
      system_requirements: d.system_requirements,
      default_currency: d.default_currency.trim().toUpperCase(),
      drm: drmOf(d.drm, game?.drm ?? []),
    };
    if (game) await api('PUT', projectPath(projectId, `/game_delivery/${game.id}`), body);
    else await api('POST', projectPath(projectId, '/game_delivery'), body);
    return game ? `Game ${d.sku} saved.` : `Game ${d.sku} created.`;
  }, onDone);
  const prefix = game ? `game-${game.id}` : 'new-game';

  return (
    <RecordForm title={game ? `Edit game ${game.sku}` : 'New game'} submitLabel={game ? 'Save game' : 'Create game'} onSubmit={submit} error={error}>
      <Field id={`${prefix}-sku`} label="SKU" hint="Lowercase letters, digits, - and _ ; unique in the project." value={draft.sku} onInput={(sku) => set({ sku })} required errors={fieldErrors(error, 'sku')} />
      <Field id={`${prefix}-name`} label="Name (English)" value={draft.name} onInput={(name) => set({ name })} required errors={fieldErrors(error, 'name')} />
      <Field id={`${prefix}-description`} label="Description (English)" value={draft.description} onInput={(description) => set({ description })} required errors={fieldErrors(error, 'description')} />
      <Field id={`${prefix}-requirements`} label="System requirements" rows={3} value={draft.system_requirements} onInput={(system_requirements) => set({ system_requirements })} required errors={fieldErrors(error, 'system_requirements')} />
      <Field id={`${prefix}-currency`} label="Default currency" hint="Three letters, e.g. USD" value={draft.default_currency} onInput={(default_currency) => set({ default_currency })} required errors={fieldErrors(error, 'default_currency')} />
      <Field id={`${prefix}-drm`} label="DRM" rows={3} hint="One per line: its id and name, e.g. 1 Steam" value={draft.drm} onInput={(drm) => set({ drm })} errors={fieldErrors(error, 'drm')} />
    </RecordForm>
  );
}

/** A game's key pool: the counts of each DRM, and keys added to one of them. */
function KeyPool({ projectId, game, onChanged }: { projectId: number; game: Game; onChanged: () => void }) {
  const path = `/mock/projects/${projectId}/game_delivery/${game.id}/keys`;
  const pool = useLoad(() => api<GameKeys>('GET', path), [path]);
  const drms = pool.data?.body.drm ?? [];
  const [drmId, setDrmId] = useState(String(game.drm[0]?.id ?? ''));
  const [keys, setKeys] = useState('');
  const { done, error, act } = useActions(() => {
    pool.reload();
    onChanged();
  });
  const add = (event: Event) => {
    event.preventDefault();
    const list = keys.split('\n').map((key) => key.trim()).filter(Boolean);
    const drm = drms.find((entry) => String(entry.drm_id) === drmId);
    return act(async () => {
      await api('POST', path, { drm_id: Number(drmId), keys: list });
      setKeys('');
    }, `${list.length} key${list.length === 1 ? '' : 's'} added to ${drm?.name ?? `DRM ${drmId}`} of ${game.sku}.`);
  };
  const title = `keys-${game.id}-title`;

  return (
    <section class="panel" aria-labelledby={title}>
      <h2 id={title}>Keys of {game.sku}</h2>
      <Failure error={pool.error} />
      {pool.data && (drms.length === 0 ? <p>The game has no DRM: add one to the game first (Edit, DRM).</p> : (
        <>
          <TableRegion label={`Key pool of ${game.sku}`}>
            <table>
              <thead><tr><th scope="col">DRM</th><th scope="col">Total</th><th scope="col">Left</th><th scope="col">Handed out</th></tr></thead>
              <tbody>
                {drms.map((drm) => <tr key={drm.drm_id}><th scope="row">{drm.name} ({drm.drm_id})</th><td>{drm.total}</td><td>{drm.active}</td><td>{drm.used}</td></tr>)}
              </tbody>
            </table>
          </TableRegion>
          <form onSubmit={add} aria-label={`Add keys to ${game.sku}`}>
            <Select id="keys-drm" label="DRM" value={drmId} options={drms.map((drm) => ({ value: String(drm.drm_id), label: `${drm.name} (${drm.drm_id})` }))} onChange={setDrmId} errors={fieldErrors(error, 'drm_id')} />
            <Field id="keys-new" label="Keys" rows={5} hint="One per line; a key already in the pool is refused." value={keys} onInput={setKeys} required errors={fieldErrors(error, 'keys')} />
            <button type="submit" class="primary">Add keys</button>
          </form>
        </>
      ))}
      <Done text={done} />
      <Failure error={error} />
    </section>
  );
}

export function Games({ projectId }: { projectId: number }) {
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Editing<Game>>(null);
  const [pooled, setPooled] = useState<number | null>(null);
  const list = useLoad(() => api<Game[]>('GET', projectPath(projectId, `/game_delivery${query({ offset, limit: PAGE_SIZE })}`)), [projectId, offset]);
  const { done, error: actionError, act, finish } = useActions(list.reload);
  const games = list.data?.body ?? [];
  const pooledGame = games.find((game) => game.id === pooled);
  return (
    <>
      <Done text={done} />
      <Failure error={list.error ?? actionError} />
      {list.data && (
        <>
          <TableRegion label="Games">
            <table>
              <thead><tr><th scope="col">Id</th><th scope="col">SKU</th><th scope="col">Name</th><th scope="col">Currency</th><th scope="col">Keys</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                {games.map((game) => (
                  <tr key={game.id}>
                    <td>{game.id}</td>
                    <td><code>{game.sku}</code></td>
                    <td>{textOf(game.name)}</td>
                    <td>{game.default_currency}</td>
                    <td>{game.drm.length ? countsText(game) : 'no DRM'}</td>
                    <td class="actions">
                      <button type="button" aria-label={`Keys of ${game.sku}`} onClick={() => setPooled(game.id)}>Keys</button>
                      <button type="button" aria-label={`Edit game ${game.sku}`} onClick={() => setEditing(game)}>Edit</button>
                      <ConfirmButton label="Delete" question={`Delete game ${game.sku} and its keys?`}
                        onConfirm={() => void act(() => api('DELETE', projectPath(projectId, `/game_delivery/${game.id}`)), `Game ${game.sku} deleted.`)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <Pager label="Games" offset={offset} total={list.data.total} count={games.length} onOffset={setOffset} />
        </>
      )}
      {list.loading && <p class="muted">Loading…</p>}
      <Editor editing={editing} setEditing={setEditing} newLabel="New game" onDone={finish} form={(game, done) => <GameForm projectId={projectId} game={game} onDone={done} />} />
      {pooledGame && <KeyPool key={`${pooledGame.id}:${drmText(pooledGame.drm)}`} projectId={projectId} game={pooledGame} onChanged={list.reload} />}
    </>
  );
}
