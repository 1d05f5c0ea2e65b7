/**
 * Login settings of the current project (`/mock/projects/{id}/login`): the Login project id, the
 * secret key (shown only when asked; regenerated after an in-page confirm), the callback addresses,
 * email confirmation, and the three addresses of the merchant's user store.
 */
import { useState } from 'preact/hooks';
import { ApiFailure, api } from '../api';
import type { LoginSettings } from '../records';
import { Check, ConfirmButton, Done, Failure, Field, fieldErrors, useActions, useForm, useLoad } from '../ui';

type StoreName = keyof LoginSettings['user_store'];
const STORE: { name: StoreName; label: string }[] = [
  { name: 'new_user', label: 'New user address' },
  { name: 'user_verification', label: 'User verification address' },
  { name: 'password_reset', label: 'Password reset address' },
];

interface Draft {
  callback_urls: string[];
  email_confirmation: boolean;
  store: Record<StoreName, string>;
}

const draftOf = (settings: LoginSettings): Draft => ({
  callback_urls: settings.callback_urls.length ? [...settings.callback_urls] : [''],
  email_confirmation: settings.email_confirmation,
  store: { new_user: settings.user_store.new_user ?? '', user_verification: settings.user_store.user_verification ?? '', password_reset: settings.user_store.password_reset ?? '' },
});

/** The id and the secret key: hidden until the merchant asks, replaced by a new random one on request. */
function Secret({ settings, path, onChanged }: { settings: LoginSettings; path: string; onChanged: () => void }) {
  const [shown, setShown] = useState(false);
  const { done, error, act } = useActions(onChanged);
  const regenerate = () => act(() => api('PUT', path, { secret_key: null }), 'A new secret key: tokens signed with the old one no longer verify.');
  return (
    <section class="panel" aria-labelledby="login-keys-title">
      <h2 id="login-keys-title">Login project</h2>
      <dl class="facts">
        <dt>Login project id</dt>
        <dd><code data-testid="login-project-id">{settings.login_project_id}</code></dd>
        <dt>Secret key</dt>
        <dd>
          {shown ? <code data-testid="login-secret" class="secret">{settings.secret_key}</code> : <span class="muted">hidden</span>}
          <br />
          <button type="button" onClick={() => setShown(!shown)}>{shown ? 'Hide the secret key' : 'Show the secret key'}</button>
          <ConfirmButton label="Regenerate" question="Make a new secret key? Tokens signed with the old one stop verifying at once." onConfirm={() => void regenerate()} />
        </dd>
      </dl>
      <Done text={done} />
      <Failure error={error} />
    </section>
  );
}

function SettingsForm({ settings, path, onSaved }: { settings: LoginSettings; path: string; onSaved: (text: string) => void }) {
  const { draft, set, error, submit } = useForm(() => draftOf(settings), async (d) => {
    // Empty rows are dropped (and leave the form), so a refusal's `callback_urls[i]` is the row shown.
    const callbacks = d.callback_urls.map((url) => url.trim()).filter(Boolean);
    set({ callback_urls: callbacks.length ? callbacks : [''] });
    const store = Object.fromEntries(STORE.map(({ name }) => [name, d.store[name].trim() || null]));
    await api('PUT', path, {
      // The service keeps at least one address: a project without any sends none until one is written.
      ...(callbacks.length || settings.callback_urls.length ? { callback_urls: callbacks } : {}),
      email_confirmation: d.email_confirmation,
      user_store: store,
    });
    return 'Login settings saved.';
  }, onSaved);
  const setCallback = (index: number, value: string) => set({ callback_urls: draft.callback_urls.map((url, i) => (i === index ? value : url)) });
  const listErrors = error instanceof ApiFailure ? error.fields.callback_urls : undefined;

  return (
    <form onSubmit={submit} class="panel" aria-label="Login settings">
      <h2>Settings</h2>
      <fieldset class="list">
        <legend>Callback addresses</legend>
        <p class="muted" id="login-callbacks-hint">Where the Login API sends a player back after logging in (http or https).</p>
        {draft.callback_urls.map((url, i) => (
          <div class="list-row" key={i}>
            <Field id={`login-callback-${i}`} label={`Callback address ${i + 1}`} type="url" value={url} onInput={(value) => setCallback(i, value)} errors={fieldErrors(error, `callback_urls[${i}]`)} />
            {draft.callback_urls.length > 1 && (
              <button type="button" aria-label={`Remove callback address ${i + 1}`} onClick={() => set({ callback_urls: draft.callback_urls.filter((_, j) => j !== i) })}>Remove</button>
            )}
          </div>
        ))}
        {listErrors?.length ? <p class="field-error">{listErrors.join('; ')}</p> : null}
        <button type="button" onClick={() => set({ callback_urls: [...draft.callback_urls, ''] })}>Add a callback address</button>
      </fieldset>
      <Check id="login-confirmation" label="New users confirm their email address before they can log in" checked={draft.email_confirmation} onChange={(email_confirmation) => set({ email_confirmation })} />
      <fieldset class="list">
        <legend>User store</legend>
        <p class="muted">The addresses of your own user store the proxy variants call: https, or http to localhost / 127.0.0.1 / [::1]. Empty: none.</p>
        {STORE.map(({ name, label }) => (
          <Field key={name} id={`login-store-${name}`} label={label} type="url" value={draft.store[name]}
            onInput={(value) => set({ store: { ...draft.store, [name]: value } })} errors={fieldErrors(error, `user_store.${name}`)} />
        ))}
      </fieldset>
      <button type="submit" class="primary">Save Login settings</button>
      <Failure error={error} />
    </form>
  );
}

export function Login({ projectId }: { projectId: number }) {
  const path = `/mock/projects/${projectId}/login`;
  const settings = useLoad(() => api<LoginSettings>('GET', path), [projectId]);
  const [done, setDone] = useState<string | null>(null);
  const current = settings.data?.body;
  // A new form when the saved settings come back (the secret key is not part of the form).
  const formKey = current ? JSON.stringify([current.callback_urls, current.email_confirmation, current.user_store]) : '';
  return (
    <>
      <Done text={done} />
      <Failure error={settings.error} />
      {current && (
        <>
          <Secret settings={current} path={path} onChanged={settings.reload} />
          <SettingsForm key={formKey} settings={current} path={path} onSaved={(text) => { setDone(text); settings.reload(); }} />
        </>
      )}
      {settings.loading && <p class="muted">Loading…</p>}
    </>
  );
}
