/**
 * Sandboxes (DESIGN.md §8b): a merchant of its own for a test, made here (`POST /mock/sandboxes`,
 * no credentials) and switched to at once; the signed-in merchant put back to its seed (`POST
 * /mock/reset`) or, a sandbox, deleted (`DELETE /mock/sandboxes/{merchant_id}`). The sandboxes
 * this tab made are listed (mock/console/sandboxes.ts) to switch between them in one click.
 */
import { signal } from '@preact/signals';
import { useState } from 'preact/hooks';
import { ApiFailure, api, credentials, signOut, type Credentials } from '../api';
import { navigate } from '../router';
import { DEMO_MERCHANT, clockState, forgetSandbox, keepSandbox, keptSandboxes, merchantKind, type KeptSandbox, type Seed } from '../sandboxes';
import { clock, reloadMerchant, switchTo } from '../state';
import { ConfirmButton, Done, Failure, TableRegion } from '../ui';

/** `POST /mock/sandboxes`'s answer (openapi.json `Sandbox`). */
interface SandboxAnswer {
  merchant_id: number;
  api_key: string;
  project_ids: number[];
  login_project_ids: string[];
}

/** The sandbox just made, its credentials shown on this page until the console leaves it. */
export const freshSandbox = signal<SandboxAnswer | null>(null);
/** What the last switch did, announced on this page. */
const switched = signal<string | null>(null);

const SEEDS: { value: Seed; label: string }[] = [
  { value: 'demo', label: 'The demo catalogue (two projects with items, packages and plans)' },
  { value: 'empty', label: 'Empty (no projects)' },
];

/**
 * Signs the console in as `next` on this page, which then says `news` (the announcement is set
 * first: the switch makes the page anew, and the new page takes it). Refused: nothing said.
 */
async function switchSaying(next: Credentials, news: string): Promise<void> {
  navigate('sandboxes');
  switched.value = news;
  try {
    await switchTo(next);
  } catch (failure) {
    switched.value = null;
    throw failure;
  }
}

/** Makes a sandbox seeded with `seed`, keeps it in the tab's list, and signs the console in as it, on this page. */
async function startSandbox(seed: Seed): Promise<void> {
  const { body } = await api<SandboxAnswer>('POST', '/mock/sandboxes', { seed }, null);
  const made = { merchantId: String(body.merchant_id), apiKey: body.api_key };
  keepSandbox({ ...made, seed, createdAt: new Date().toISOString() });
  freshSandbox.value = body;
  await switchSaying(made, `Signed in as the new sandbox ${made.merchantId}.`);
}

/** Signs the console in as a sandbox of the list; one the service no longer knows leaves the list. */
async function switchToKept(sandbox: KeptSandbox): Promise<void> {
  freshSandbox.value = null;
  try {
    await switchSaying(sandbox, `Signed in as sandbox ${sandbox.merchantId}.`);
  } catch (failure) {
    if (!(failure instanceof ApiFailure && failure.status === 401)) throw failure;
    forgetSandbox(sandbox.merchantId);
    throw new ApiFailure(401, `The service no longer knows sandbox ${sandbox.merchantId} (deleted, or the service was started again in memory): it is taken off this tab's list.`);
  }
}

/** Runs one of this page's actions: busy while it runs, its refusal kept to show. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run };
}

/** The choice of seed and the button that makes a sandbox and switches to it (here and on the sign-in page). */
export function NewSandbox({ label }: { label: string }) {
  const [seed, setSeed] = useState<Seed>('demo');
  const { busy, error, run } = useAction();
  return (
    <form class="panel" aria-labelledby="new-sandbox-title" onSubmit={(event) => { event.preventDefault(); void run(() => startSandbox(seed)); }}>
      <h2 id="new-sandbox-title">{label}</h2>
      <p class="muted">A merchant of its own, with its own clock, payments and users: nothing it does reaches another merchant. No credentials needed.</p>
      <fieldset class="list">
        <legend>Seed</legend>
        {SEEDS.map((option) => (
          <div class="field field-check" key={option.value}>
            <input type="radio" id={`sandbox-seed-${option.value}`} name="sandbox-seed" value={option.value} checked={seed === option.value} onChange={() => setSeed(option.value)} />
            <label for={`sandbox-seed-${option.value}`}>{option.label}</label>
          </div>
        ))}
      </fieldset>
      <button type="submit" class="primary" disabled={busy}>{busy ? 'Starting…' : label}</button>
      <Failure error={error} />
    </form>
  );
}

/** The sandboxes this tab made, each a button that switches to it (none: nothing shown). */
export function KeptSandboxes() {
  const { busy, error, run } = useAction();
  const list = keptSandboxes.value;
  if (!list.length) return null;
  const current = credentials.value?.merchantId;
  return (
    // Not a landmark of its own: the table's region is named so.
    <section class="panel">
      <h2>Sandboxes of this tab</h2>
      <p class="muted">Kept with their API keys until the tab is closed.</p>
      <TableRegion label="Sandboxes of this tab">
        <table>
          <thead><tr><th scope="col">Merchant id</th><th scope="col">Seed</th><th scope="col">Made</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
          <tbody>
            {list.map((sandbox) => (
              <tr key={sandbox.merchantId}>
                <td><code>{sandbox.merchantId}</code></td>
                <td>{sandbox.seed === 'demo' ? 'demo catalogue' : 'empty'}</td>
                <td><time dateTime={sandbox.createdAt}>{new Date(sandbox.createdAt).toLocaleTimeString()}</time></td>
                <td class="actions">
                  {sandbox.merchantId === current
                    ? <span>signed in</span>
                    : <button type="button" disabled={busy} onClick={() => void run(() => switchToKept(sandbox))}>Switch to {sandbox.merchantId}</button>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      <Failure error={error} />
    </section>
  );
}

/** The new sandbox's credentials, once: the tester copies them into the test's configuration. */
function FreshCredentials({ sandbox }: { sandbox: SandboxAnswer }) {
  return (
    <section class="panel" aria-labelledby="fresh-sandbox-title">
      <h2 id="fresh-sandbox-title">The new sandbox's credentials</h2>
      <p>Copy them into your test's configuration now: this page shows the API key only this once.</p>
      <dl class="facts">
        <dt>Merchant id</dt><dd><code data-testid="fresh-merchant-id">{sandbox.merchant_id}</code></dd>
        <dt>API key</dt><dd><code class="secret" data-testid="fresh-api-key">{sandbox.api_key}</code></dd>
        <dt>Project ids</dt><dd>{sandbox.project_ids.length ? sandbox.project_ids.join(', ') : 'none'}</dd>
        <dt>Login project ids</dt><dd>{sandbox.login_project_ids.length ? sandbox.login_project_ids.map((id) => <code key={id}>{id} </code>) : 'none'}</dd>
      </dl>
    </section>
  );
}

export function Sandboxes() {
  const { merchantId } = credentials.value!;
  const sandbox = clock.value?.sandbox === true;
  // What the switch or reset that made this page anew did, said once.
  const [done, setDone] = useState<string | null>(() => {
    const news = switched.value;
    switched.value = null;
    return news;
  });
  const { error, run } = useAction();
  const fresh = freshSandbox.value?.merchant_id === Number(merchantId) ? freshSandbox.value : null;

  const reset = () => run(async () => {
    setDone(null);
    await api('POST', '/mock/reset');
    switched.value = `Merchant ${merchantId} is back to its seed: what it held is gone, its clock runs at real time again.`;
    await reloadMerchant();
  });
  const remove = () => run(async () => {
    setDone(null);
    await api('DELETE', `/mock/sandboxes/${merchantId}`);
    forgetSandbox(merchantId);
    signOut(null, `Sandbox ${merchantId} is deleted, with all it held. Sign in, or start a new sandbox.`);
  });

  return (
    <>
      <Done text={done} />
      <Failure error={error} />
      {fresh && <FreshCredentials sandbox={fresh} />}
      <section class="panel" aria-labelledby="this-merchant-title">
        <h2 id="this-merchant-title">This merchant</h2>
        <dl class="facts">
          <dt>Merchant id</dt><dd><code>{merchantId}</code>{clock.value && ` (${merchantKind(clock.value)})`}</dd>
          <dt>Clock</dt><dd>{clock.value ? clockState(clock.value) : 'not read yet'}</dd>
        </dl>
        <p class="muted">
          {sandbox
            ? 'Resetting puts this sandbox back to the seed it was made with, the same ids; deleting removes it and all it holds.'
            : 'Resetting puts the demo merchant back to the demo catalogue, the same ids: every change, payment, user and webhook of it is gone, for every test using it.'}
        </p>
        <div class="button-row">
          <ConfirmButton label="Reset this merchant" question={`Reset merchant ${merchantId} to its seed? All it holds now is lost.`} onConfirm={() => void reset()} />
          {sandbox && <ConfirmButton label="Delete this sandbox" question={`Delete sandbox ${merchantId} and all it holds?`} onConfirm={() => void remove()} />}
        </div>
        <p>
          To go back to the demo merchant, sign out and sign in again with {DEMO_MERCHANT} and <code>demo-api-key</code>{sandbox ? '; the sandboxes made in this tab stay listed here to switch back' : ''}.
        </p>
      </section>
      <NewSandbox label="New sandbox" />
      <KeptSandboxes />
    </>
  );
}
