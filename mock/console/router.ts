/**
 * The console's addresses: `/console/<page>`, kept in the history so Back, reload and a shared
 * link all show the same page (the server answers the page for any address under /console).
 */
import { signal } from '@preact/signals';

export const BASE = '/console';

export type PageName = 'projects' | 'items' | 'packages' | 'groups' | 'attributes' | 'games' | 'users' | 'login' | 'mail' | 'webhooks' | 'reference'
  | 'plans' | 'subscriptions' | 'transactions' | 'clock' | 'sandboxes';
export const PAGES: { name: PageName; title: string }[] = [
  { name: 'projects', title: 'Projects' },
  { name: 'items', title: 'Items' },
  { name: 'packages', title: 'Currency packages' },
  { name: 'groups', title: 'Item groups' },
  { name: 'attributes', title: 'User attributes' },
  { name: 'games', title: 'Game keys' },
  { name: 'users', title: 'Users' },
  { name: 'login', title: 'Login settings' },
  { name: 'mail', title: 'Mailbox' },
  { name: 'webhooks', title: 'Webhooks' },
  { name: 'reference', title: 'API reference' },
  { name: 'plans', title: 'Plans and products' },
  { name: 'subscriptions', title: 'Subscriptions' },
  { name: 'transactions', title: 'Transactions' },
  { name: 'clock', title: 'Clock' },
  { name: 'sandboxes', title: 'Sandboxes' },
];

function pageOf(pathname: string): PageName {
  const name = pathname.startsWith(`${BASE}/`) ? pathname.slice(BASE.length + 1).split('/')[0] : '';
  return PAGES.find((p) => p.name === name)?.name ?? 'projects';
}

export const page = signal<PageName>(pageOf(location.pathname));

export const hrefOf = (name: PageName) => `${BASE}/${name}`;

export function navigate(name: PageName): void {
  if (location.pathname !== hrefOf(name)) history.pushState(null, '', hrefOf(name));
  page.value = name;
}

addEventListener('popstate', () => {
  page.value = pageOf(location.pathname);
});

/** The page's state in its address's query (a page's filters), so reload and a shared link keep it; no new history entry. */
export function replaceQuery(params: URLSearchParams): void {
  const search = params.toString();
  history.replaceState(null, '', `${location.pathname}${search ? `?${search}` : ''}`);
}
