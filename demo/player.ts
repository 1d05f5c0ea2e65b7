// The game site's player login (DESIGN.md §8a): the page registers and logs players in at the
// service's Login API, straight from the browser (it answers CORS), and comes back here with a JWT
// in the address. The page hands that JWT to OUR server at once (`POST /api/session`), which checks
// it with the Login secret key and keeps the player in an HttpOnly cookie; from then on our server
// asks for payment tokens as that player. Without a login the game buys as its demo player.
import { loginApi } from './api';

export interface Player {
  id: string;
  name: string;
  email: string;
}

/** The page the Login API sends players back to: this one, on this run's address. */
const CALLBACK = new URL('/game.html', location.origin).href;

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** The Login API's address of an operation, with the game's Login project and our callback. */
function loginAddress(path: string): URL {
  const { api, projectId } = loginApi();
  const url = new URL(path, api);
  url.searchParams.set('projectId', projectId);
  url.searchParams.set('login_url', CALLBACK);
  return url;
}

/** The service's words for a refusal: its global error, or the first field's (`email: is already taken`). */
async function refusal(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as
    | { message?: string; extended_message?: { global_errors?: string[]; property_errors?: Record<string, string[]> } | null }
    | null;
  const global = body?.extended_message?.global_errors?.[0];
  if (global) return global;
  const [field, messages] = Object.entries(body?.extended_message?.property_errors ?? {})[0] ?? [];
  if (field && messages?.[0]) return `${field}: ${messages[0]}`;
  return body?.message ?? `the Login API answered HTTP ${response.status}`;
}

/** POSTs JSON to the Login API; null when it accepted, else what to tell the player. */
async function callLogin(path: string, body: object): Promise<{ answer: unknown } | { problem: string }> {
  const response = await fetch(loginAddress(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).catch(() => null);
  if (!response) return { problem: 'The Login API did not answer.' };
  if (!response.ok) return { problem: await refusal(response) };
  return { answer: response.status === 204 ? null : await response.json().catch(() => null) };
}

/** Who is signed in at our server (null: nobody, the page buys as the demo player). */
async function signedIn(): Promise<Player | null> {
  const response = await fetch('/api/session').catch(() => null);
  if (!response?.ok) return null;
  return ((await response.json()) as { player: Player | null }).player;
}

/** Hands the JWT the Login API gave us to our server, which checks it. */
async function startSession(token: string, rememberMe: boolean): Promise<{ player: Player } | { problem: string }> {
  const response = await fetch('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, remember_me: rememberMe }) }).catch(() => null);
  if (!response) return { problem: 'Our server did not answer.' };
  const body = (await response.json().catch(() => null)) as { player?: Player; error?: { message?: string } } | null;
  return body?.player ? { player: body.player } : { problem: body?.error?.message ?? `our server answered HTTP ${response.status}` };
}

/** Fields of a form by name. */
const fields = (form: HTMLFormElement) => new FormData(form) as unknown as { get(name: string): string | null };

/**
 * Wires the player panel of game.html. `onChange` runs when the player changes (signed in or out),
 * so the page can show that player's purchases.
 */
export async function setUpPlayerLogin(onChange: () => void): Promise<void> {
  const status = byId<HTMLParagraphElement>('player-status');
  const message = byId<HTMLParagraphElement>('player-message');
  const forms = byId<HTMLDivElement>('player-forms');
  const logout = byId<HTMLButtonElement>('logout');
  const mailbox = byId<HTMLDivElement>('mailbox');
  const loginForm = byId<HTMLFormElement>('login-form');
  const registerForm = byId<HTMLFormElement>('register-form');

  const show = (player: Player | null) => {
    status.textContent = player
      ? `Signed in as ${player.name} (${player.email}): you buy as yourself.`
      : 'Playing as the demo player, Nova Rider. Log in to buy as yourself.';
    forms.hidden = player !== null;
    logout.hidden = player === null;
    if (player) mailbox.hidden = true;
  };

  // Back from a login: the JWT is in our address. Take it out at once (it must not linger in the
  // history or reach anyone else), and let our server check it.
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  if (token !== null) {
    const rememberMe = params.get('remember_me') === 'true';
    history.replaceState(history.state, '', location.pathname);
    const started = await startSession(token, rememberMe);
    if ('problem' in started) message.textContent = `You are not signed in: ${started.problem}`;
  }
  show(await signedIn());
  if (token !== null) onChange();

  loginForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = fields(loginForm);
    message.textContent = '';
    const result = await callLogin('/api/login', { username: form.get('username') ?? '', password: form.get('password') ?? '', remember_me: form.get('remember_me') === 'on' });
    if ('problem' in result) {
      message.textContent = `Not logged in: ${result.problem}`;
      return;
    }
    // The Login API sends us back to our callback with the JWT; go only where we said.
    const next = new URL(String((result.answer as { login_url?: unknown } | null)?.login_url ?? ''), location.href);
    if (next.origin !== location.origin || next.pathname !== location.pathname) {
      message.textContent = 'Not logged in: the Login API answered an address that is not this page.';
      return;
    }
    location.assign(next.href);
  });

  registerForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = fields(registerForm);
    const email = form.get('email') ?? '';
    message.textContent = '';
    const result = await callLogin('/api/user', { username: form.get('username') ?? '', email, password: form.get('password') ?? '' });
    if ('problem' in result) {
      message.textContent = `Not registered: ${result.problem}`;
      return;
    }
    registerForm.reset();
    message.textContent = `Registered. Check your mailbox: the service sent a confirmation link to ${email}.`;
    showMailbox(mailbox, email);
  });

  logout.addEventListener('click', async () => {
    await fetch('/api/session', { method: 'DELETE' }).catch(() => null);
    message.textContent = 'Logged out.';
    show(await signedIn());
    onChange();
  });
}

/** The mailbox view: a button that reads what the service "mailed" to `email` (through our server). */
function showMailbox(mailbox: HTMLDivElement, email: string): void {
  const heading = document.createElement('h3');
  heading.textContent = `Mailbox of ${email}`;
  const open = document.createElement('button');
  open.type = 'button';
  open.className = 'button secondary';
  open.textContent = 'Check the mailbox';
  const list = document.createElement('ul');
  list.className = 'mail';
  open.addEventListener('click', async () => {
    const response = await fetch(`/api/mailbox?to=${encodeURIComponent(email)}`).catch(() => null);
    const messages = response?.ok ? ((await response.json()) as { messages: { subject: string; text: string; links: string[] }[] }).messages : null;
    list.replaceChildren();
    if (!messages?.length) {
      const none = document.createElement('li');
      none.textContent = messages ? 'No message yet.' : 'The mailbox could not be read.';
      list.append(none);
      return;
    }
    for (const { subject, text, links } of messages) {
      const item = document.createElement('li');
      const title = document.createElement('strong');
      title.textContent = subject;
      const body = document.createElement('p');
      body.className = 'mail-text';
      body.textContent = text;
      item.append(title, body);
      for (const link of links) {
        if (!/^https?:$/.test(new URL(link, location.href).protocol)) continue;
        const anchor = document.createElement('a');
        anchor.href = link;
        anchor.className = 'button';
        anchor.textContent = subject;
        item.append(anchor);
      }
      list.append(item);
    }
  });
  mailbox.replaceChildren(heading, open, list);
  mailbox.hidden = false;
}
