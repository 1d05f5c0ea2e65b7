/**
 * The mailbox (`/mock/mail`): what the Login API sent to the users of the merchant's projects,
 * newest first. A message's links become links only when they are http(s) addresses of this
 * origin (the service's own confirm and password pages); anything else is shown as text.
 */
import { api } from '../api';
import type { MailMessage } from '../records';
import { Failure, useLoad } from '../ui';

/** The address when it is an http(s) address of the service's own origin, else null. */
export function ownLink(address: string, origin = location.origin): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin ? url.href : null;
}

/** What a link of the service's own pages does, in words. */
function linkText(href: string): string {
  const { pathname } = new URL(href);
  if (pathname === '/mock/login/confirm') return 'Confirm the email address';
  if (pathname === '/mock/login/password') return 'Set a new password';
  return href;
}

const newestFirst = (a: MailMessage, b: MailMessage) => b.date.localeCompare(a.date) || b.id - a.id;

function Message({ message }: { message: MailMessage }) {
  const title = `mail-${message.id}-subject`;
  return (
    <article class="panel mail" aria-labelledby={title}>
      <h2 id={title}>{message.subject}</h2>
      <p class="muted">To <strong>{message.to}</strong> · <time dateTime={message.date}>{message.date}</time></p>
      <p class="prose">{message.text}</p>
      {message.links.length > 0 && (
        <ul class="links" aria-label={`Links of "${message.subject}"`}>
          {message.links.map((address, i) => {
            const href = ownLink(address);
            return (
              <li key={i}>
                {href
                  ? <a href={href} target="_blank" rel="noopener noreferrer">{linkText(href)}</a>
                  : <><code>{address}</code> <span class="muted">(not opened: not an address of this service)</span></>}
              </li>
            );
          })}
        </ul>
      )}
    </article>
  );
}

export function Mailbox() {
  const mail = useLoad(() => api<MailMessage[]>('GET', '/mock/mail'), []);
  const messages = [...(mail.data?.body ?? [])].sort(newestFirst);
  return (
    <>
      <p class="muted">Messages the Login API sent to your players (email confirmations, password resets): the 100 newest, newest first.</p>
      <button type="button" onClick={mail.reload}>Refresh the mailbox</button>
      <Failure error={mail.error} />
      {mail.data && (messages.length === 0 ? <p>No messages.</p> : messages.map((message) => <Message key={message.id} message={message} />))}
      {mail.loading && <p class="muted">Loading…</p>}
    </>
  );
}
