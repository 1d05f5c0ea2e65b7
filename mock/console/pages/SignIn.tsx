/**
 * Sign-in: the merchant id and API key, checked by listing the merchant's projects; or a new
 * sandbox, or one this tab made (pages/Sandboxes.tsx), with no credentials to type.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, signIn, signedOutBecause, signedOutNote } from '../api';
import { loadProjects } from '../state';
import { Failure, Field } from '../ui';
import { KeptSandboxes, NewSandbox } from './Sandboxes';

export function SignIn() {
  const [merchantId, setMerchantId] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  // Signed out by the console (a 401, a deleted sandbox): focus on the title, the message right under it.
  useEffect(() => {
    if (signedOutBecause.value || signedOutNote.value) document.getElementById('page-title')?.focus();
  }, []);

  async function submit(event: Event) {
    event.preventDefault();
    const attempt = { merchantId: merchantId.trim(), apiKey };
    setBusy(true);
    setError(null);
    try {
      await loadProjects(attempt);
      signIn(attempt);
    } catch (failure) {
      setError(failure instanceof ApiFailure && failure.status === 401 ? new ApiFailure(401, 'The service knows no merchant with this id and API key.') : failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" class="sign-in">
      <h1 id="page-title" tabIndex={-1}>Merchant console</h1>
      <p class="muted">The offline service's console: sign in with a merchant id and its API key (the demo merchant is 100001 with <code>demo-api-key</code>).</p>
      {signedOutBecause.value && <div class="notice notice-error" role="alert">{signedOutBecause.value}</div>}
      {signedOutNote.value && <div class="notice notice-info" role="status">{signedOutNote.value}</div>}
      <form onSubmit={submit} aria-describedby={error ? 'sign-in-error' : undefined}>
        <Field id="merchant-id" label="Merchant id" hint="A number, such as 100001." value={merchantId} onInput={setMerchantId} required inputMode="numeric" pattern="[1-9][0-9]{0,15}" autoComplete="username" />
        <Field id="api-key" label="API key" type="password" value={apiKey} onInput={setApiKey} required autoComplete="current-password" />
        <button type="submit" class="primary" disabled={busy}>{busy ? 'Signing in…' : 'Sign in'}</button>
      </form>
      <div id="sign-in-error"><Failure error={error} /></div>
      <NewSandbox label="Start a new sandbox" />
      <KeptSandboxes />
    </main>
  );
}
