// The game site's player login (DESIGN.md §8a): the page logs players in at the service's Login
// API, straight from the browser (it answers CORS), and comes back here with a JWT in the address.
// A registration goes through OUR server (`POST /api/register`), which relays it and then lets this
// browser, and no other, read the address's mail in the demo's mailbox (the confirmation link). The page hands that JWT to OUR server at once (`POST /api/session`), which checks
// it with the Login secret key and keeps the player in an HttpOnly cookie; from then on our server
// asks for payment tokens as that player. Without a login the game buys as its demo player.
// The second game (harbor.html) keeps its players itself: it calls the proxy variants, which ask
// our server's user store.
import { loginApi } from './api';

export interface Player {
  id: string;
  name: string;
  email: string;
}

export interface LoginOptions {
  /** The game (project) whose Login project the page uses. */
  project: number;
  /** The proxy variants (`/api/proxy/…`): the game keeps its players in its own store. */
  proxy: boolean;
  /** Runs when the player logs out, so the page can show the demo player's things again (a login reloads the page). */
  onChange: () => void;
}

/** The page the Login API sends players back to: this one, on this run's address. */
const CALLBACK = new URL(location.pathname, location.origin).href;

/** An element with a class name, attributes and children. */
function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  made.append(...children);
  return made;
}

const input = (label: string, attributes: Record<string, string>) => element('label', {}, `${label} `, element('input', attributes));

/** A form titled `title` (its accessible name) with these fields and a submit button of the same words. */
function loginFormOf(id: string, title: string, fields: HTMLElement[]): HTMLFormElement {
  return element('form', { id, 'aria-labelledby': `${id}-title` }, element('h3', { id: `${id}-title` }, title), ...fields, element('button', { type: 'submit', class: 'button' }, title));
}

/**
 * The player panel, built into the page's `<section id="player">` (which holds its heading and
 * `#player-status`, in the page's own words for a player who has not logged in).
 */
function buildPanel(section: HTMLElement) {
  const status = section.querySelector<HTMLParagraphElement>('#player-status')!;
  const logout = element('button', { type: 'button', class: 'button secondary', hidden: '' }, 'Log out');
  const loginForm = loginFormOf('login-form', 'Log in', [
    input('Username', { name: 'username', autocomplete: 'username', required: '' }),
    input('Password', { name: 'password', type: 'password', autocomplete: 'current-password', required: '' }),
    element('label', { class: 'check' }, element('input', { name: 'remember_me', type: 'checkbox' }), ' Remember me'),
  ]);
  const registerForm = loginFormOf('register-form', 'Register', [
    input('Username', { name: 'username', autocomplete: 'username', required: '' }),
    input('Email', { name: 'email', type: 'email', autocomplete: 'email', required: '' }),
    input('Password', { name: 'password', type: 'password', autocomplete: 'new-password', required: '' }),
  ]);
  const forms = element('div', { class: 'player-forms' }, loginForm, registerForm);
  const message = element('p', { id: 'player-message', class: 'message', role: 'alert' });
  const mailbox = element('div', { class: 'mailbox', hidden: '' });
  status.after(logout, forms, message, mailbox);
  return { status, logout, loginForm, registerForm, forms, message, mailbox };
}

/** The Login API's address of an operation, with the game's Login project and our callback. */
function loginAddress(project: number, path: string): URL {
  const { api, projectId } = loginApi(project);
  const url = new URL(path, api);
  url.searchParams.set('projectId', projectId);
  url.searchParams.set('login_url', CALLBACK);
  return url;
}

/** Our server's registration at the Login API (`POST /api/user`), for the game's Login project and our callback. */
function registerAddress(project: number): URL {
  const url = new URL('/api/register', location.origin);
  url.searchParams.set('project', String(project));
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

/** POSTs JSON to the Login API (or through our server to it); null when it accepted, else what to tell the player. */
async function callLogin(address: URL, body: object): Promise<{ answer: unknown } | { problem: string }> {
  const response = await fetch(address, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).catch(() => null);
  if (!response) return { problem: 'The Login API did not answer.' };
  if (!response.ok) return { problem: await refusal(response) };
  return { answer: response.status === 204 ? null : await response.json().catch(() => null) };
}

/** Who is signed in at our server (null: nobody, the page buys as the demo player). */
async function signedIn(session: string): Promise<Player | null> {
  const response = await fetch(session).catch(() => null);
  if (!response?.ok) return null;
  return ((await response.json()) as { player: Player | null }).player;
}

/** Hands the JWT the Login API gave us to our server, which checks it. */
async function startSession(session: string, token: string, rememberMe: boolean): Promise<{ player: Player } | { problem: string }> {
  const response = await fetch(session, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, remember_me: rememberMe }) }).catch(() => null);
  if (!response) return { problem: 'Our server did not answer.' };
  const body = (await response.json().catch(() => null)) as { player?: Player; error?: { message?: string } } | null;
  return body?.player ? { player: body.player } : { problem: body?.error?.message ?? `our server answered HTTP ${response.status}` };
}

/** Fields of a form by name. */
const fields = (form: HTMLFormElement) => new FormData(form) as unknown as { get(name: string): string | null };

/** Wires the player panel of a page (game.html, harbor.html); resolves once the page knows who plays. */
export async function setUpPlayerLogin({ project, proxy, onChange }: LoginOptions): Promise<void> {
  // Our server's session of this game's players.
  const session = project === 200001 ? '/api/session' : `/api/session?project=${project}`;
  const { status, logout, loginForm, registerForm, forms, message, mailbox } = buildPanel(document.getElementById('player')!);
  /** What the page says of a player who has not logged in (its own words, in its HTML). */
  const anonymous = status.textContent ?? '';

  const show = (player: Player | null) => {
    status.textContent = player ? `Signed in as ${player.name} (${player.email}): you buy as yourself.` : anonymous;
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
    const started = await startSession(session, token, rememberMe);
    if ('problem' in started) message.textContent = `You are not signed in: ${started.problem}`;
  }
  show(await signedIn(session));

  loginForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = fields(loginForm);
    message.textContent = '';
    const result = await callLogin(loginAddress(project, proxy ? '/api/proxy/login' : '/api/login'), { username: form.get('username') ?? '', password: form.get('password') ?? '', remember_me: form.get('remember_me') === 'on' });
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
    // Through our server (the plain variant): this browser may then read the address's mail.
    const address = proxy ? loginAddress(project, '/api/proxy/registration') : registerAddress(project);
    const result = await callLogin(address, { username: form.get('username') ?? '', email, password: form.get('password') ?? '' });
    if ('problem' in result) {
      message.textContent = `Not registered: ${result.problem}`;
      return;
    }
    registerForm.reset();
    if (proxy) {
      // Our own store took the player: no confirmation mail, they may log in at once.
      message.textContent = 'Registered. You can log in now.';
      return;
    }
    message.textContent = `Registered. Check your mailbox: the service sent a confirmation link to ${email}.`;
    showMailbox(mailbox, email);
  });

  logout.addEventListener('click', async () => {
    await fetch(session, { method: 'DELETE' }).catch(() => null);
    message.textContent = 'Logged out.';
    show(await signedIn(session));
    onChange();
  });
}

/** The mailbox view: a button that reads what the service "mailed" to `email` (through our server, which lets this browser read it). */
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
