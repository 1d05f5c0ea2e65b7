/**
 * Webhooks: the current project's listener (`/mock/projects/{id}/webhooks`: set, show, remove)
 * and the merchant's log (`/mock/webhooks`) with a resend for each delivery.
 */
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import type { Delivery, WebhookLog, WebhookSettings } from '../records';
import { Done, Failure, Field, TableRegion, fieldErrors, useActions, useLoad } from '../ui';

function SettingsForm({ projectId, onSaved }: { projectId: number; onSaved: (text: string) => void }) {
  const path = `/mock/projects/${projectId}/webhooks`;
  const settings = useLoad(() => api<WebhookSettings>('GET', path), [projectId]);
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [variant, setVariant] = useState<'combined' | 'separate'>('combined');
  const { error, act } = useActions(settings.reload);
  const shown = settings.data?.body;
  // The form starts from the listener there is (the secret is never shown, so it is typed again).
  useEffect(() => {
    if (shown?.enabled) {
      setUrl(shown.url ?? '');
      setVariant(shown.variant ?? 'combined');
    }
  }, [shown]);

  const save = (event: Event) => {
    event.preventDefault();
    return act(async () => {
      await api('PUT', path, { url, secret, variant });
      setSecret('');
      onSaved(`Webhook settings of project ${projectId} saved.`);
    });
  };
  const remove = () => act(async () => {
    await api('DELETE', path);
    onSaved(`Webhooks of project ${projectId} turned off.`);
  });

  return (
    <section class="panel" aria-labelledby="webhook-settings-title">
      <h2 id="webhook-settings-title">Listener of project {projectId}</h2>
      <Failure error={settings.error} />
      {shown && (
        <p data-testid="webhook-current">
          {shown.enabled ? <>Sends <strong>{shown.variant}</strong> webhooks to <code>{shown.url}</code>.</> : 'No listener: this project sends no webhooks.'}
        </p>
      )}
      <form onSubmit={save}>
        <Field id="webhook-url" label="Listener address" type="url" hint="https, or http to localhost / 127.0.0.1 / [::1]" value={url} onInput={setUrl} required errors={fieldErrors(error, 'url')} />
        <Field id="webhook-secret" label="Secret key" type="password" hint="The webhooks are signed with it; it is never shown again." value={secret} onInput={setSecret} required autoComplete="new-password" errors={fieldErrors(error, 'secret')} />
        <div class="field">
          <label for="webhook-variant">Variant</label>
          <select id="webhook-variant" value={variant} onChange={(event) => setVariant((event.currentTarget as HTMLSelectElement).value as 'combined' | 'separate')}>
            <option value="combined">combined (order_paid, order_canceled)</option>
            <option value="separate">separate (payment, refund as well)</option>
          </select>
        </div>
        <button type="submit" class="primary">Save listener</button>
        {shown?.enabled && <button type="button" class="danger" onClick={() => void remove()}>Turn webhooks off</button>}
      </form>
      <Failure error={error} />
    </section>
  );
}

function WebhookLog() {
  const log = useLoad(() => api<WebhookLog>('GET', '/mock/webhooks'), []);
  const { done, error, act } = useActions(log.reload);
  const resend = (delivery: Delivery) =>
    act(() => api('POST', `/mock/webhooks/${delivery.id}/resend`), `Delivery #${delivery.id} (${delivery.notification_type}) queued again.`);

  const deliveries = log.data?.body.deliveries ?? [];
  const attempts = log.data?.body.attempts ?? [];
  return (
    <section aria-labelledby="webhook-log-title">
      <h2 id="webhook-log-title">Log</h2>
      <button type="button" onClick={log.reload}>Refresh the log</button>
      <Done text={done} />
      <Failure error={log.error ?? error} />
      <h3>Deliveries</h3>
      {log.data && (deliveries.length === 0 ? <p>Nothing sent yet.</p> : (
        <TableRegion label="Deliveries">
          <table>
            <thead><tr><th scope="col">Delivery</th><th scope="col">Project</th><th scope="col">Type</th><th scope="col">State</th><th scope="col">Attempts</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {deliveries.map((d) => (
                <tr key={d.id}>
                  <td>#{d.id}</td>
                  <td>{d.project_id}</td>
                  <td>{d.notification_type}</td>
                  <td>{d.state}{d.reason ? `: ${d.reason}` : ''}{d.next_attempt ? ` (next ${d.next_attempt})` : ''}</td>
                  <td>{d.attempts}</td>
                  <td><button type="button" aria-label={`Resend delivery ${d.id}`} onClick={() => void resend(d)}>Resend</button></td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ))}
      <h3>Attempts</h3>
      {log.data && (attempts.length === 0 ? <p>No attempts yet.</p> : (
        <TableRegion label="Attempts">
          <table>
            <thead><tr><th scope="col">When</th><th scope="col">Delivery</th><th scope="col">Type</th><th scope="col">Answer</th></tr></thead>
            <tbody>
              {attempts.map((a) => (
                <tr key={`${a.delivery}-${a.attempt}`}>
                  <td>{a.at}</td>
                  <td>#{a.delivery} ({a.attempt})</td>
                  <td>{a.notification_type}</td>
                  <td class={a.accepted ? 'ok' : 'bad'}>{a.status ?? 'no answer'} <code>{a.answer}</code></td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ))}
    </section>
  );
}

export function Webhooks({ projectId }: { projectId: number | null }) {
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      <Done text={done} />
      {projectId === null ? <p>Create a project first (Projects).</p> : <SettingsForm key={projectId} projectId={projectId} onSaved={setDone} />}
      <WebhookLog />
    </>
  );
}
