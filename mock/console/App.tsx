/** The console's frame: the merchant's navigation, the project the pages work on, sign-out, the page. */
import { useEffect, useState } from 'preact/hooks';
import { credentials, signOut } from './api';
import { PAGES, hrefOf, navigate, page, type PageName } from './router';
import { clockState, merchantKind } from './sandboxes';
import { clock, currentProject, generation, loadClock, loadProjects, projects, textOf } from './state';
import { Failure, PageTitle } from './ui';
import { Attributes } from './pages/Attributes';
import { Games } from './pages/Games';
import { Groups } from './pages/Groups';
import { Items } from './pages/Items';
import { Login } from './pages/Login';
import { Mailbox } from './pages/Mail';
import { Packages } from './pages/Packages';
import { Projects } from './pages/Projects';
import { Reference } from './pages/Reference';
import { SignIn } from './pages/SignIn';
import { Users } from './pages/Users';
import { Webhooks } from './pages/Webhooks';
import { Plans } from './pages/Plans';
import { Subscriptions } from './pages/Subscriptions';
import { Transactions } from './pages/Transactions';
import { Clock } from './pages/Clock';
import { Sandboxes, freshSandbox } from './pages/Sandboxes';

/** The pages of the whole account. */
const VIEWS: Partial<Record<PageName, () => preact.JSX.Element>> = { projects: Projects, webhooks: () => <Webhooks projectId={currentProject.value} />, mail: Mailbox, reference: Reference,
  transactions: Transactions, clock: Clock, sandboxes: Sandboxes,
};
/** The pages of one project, under the project picker. */
const PROJECT_VIEWS: Partial<Record<PageName, (props: { projectId: number }) => preact.JSX.Element>> = {
  items: Items, packages: Packages, groups: Groups, attributes: Attributes, games: Games, users: Users, login: Login,
  plans: Plans, subscriptions: Subscriptions,
};

function ProjectPicker() {
  return (
    <div class="picker">
      <label for="project-picker">Project</label>
      <select id="project-picker" value={currentProject.value ?? ''} onChange={(event) => { currentProject.value = Number((event.currentTarget as HTMLSelectElement).value); }}>
        {projects.value.map((p) => <option key={p.id} value={p.id}>{textOf(p.name)} ({p.id})</option>)}
      </select>
    </div>
  );
}

function Console() {
  const [error, setError] = useState<unknown>(null);
  const current = page.value;
  const title = PAGES.find((p) => p.name === current)!.title;
  const { merchantId } = credentials.value!;
  // The projects of a merchant signed in before a reload, and the merchant's clock.
  useEffect(() => {
    if (projects.value.length === 0) loadProjects().catch(setError);
    loadClock().catch(setError);
    return () => {
      clock.value = null;
      freshSandbox.value = null;
    };
  }, []);
  // A new page, or another merchant (a switch, a reset): its title says where focus is, and the document's title too.
  useEffect(() => {
    document.title = `${title} · payui merchant console`;
    document.getElementById('page-title')?.focus();
  }, [current, generation.value]);
  // A new sandbox's credentials are shown once: gone when the console leaves the Sandboxes page.
  useEffect(() => {
    if (current !== 'sandboxes') freshSandbox.value = null;
  }, [current]);
  const View = VIEWS[current];
  const ProjectView = PROJECT_VIEWS[current];
  const projectId = currentProject.value;
  return (
    <>
      <a class="skip" href="#main">Skip to the page</a>
      <header class="top">
        <p class="brand">payui merchant console <span class="badge">offline</span></p>
        <p class="who">
          <span data-testid="merchant">Merchant {merchantId}{clock.value && ` (${merchantKind(clock.value)})`}</span>
          {clock.value && <span data-testid="merchant-clock">· {clockState(clock.value)}</span>}
          <button type="button" onClick={() => signOut()}>Sign out</button>
        </p>
        <nav aria-label="Console">
          <ul>
            {PAGES.map((p) => (
              <li key={p.name}>
                <a
                  href={hrefOf(p.name)}
                  aria-current={p.name === current ? 'page' : undefined}
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
                    event.preventDefault();
                    navigate(p.name);
                  }}
                >
                  {p.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main">
        <PageTitle>{title}</PageTitle>
        {(ProjectView || current === 'webhooks') && projects.value.length > 0 && <ProjectPicker />}
        <Failure error={error} />
        {View && <View key={generation.value} />}
        {ProjectView && (projectId === null ? <p>Create a project first (Projects).</p> : <ProjectView key={`${generation.value}:${projectId}`} projectId={projectId} />)}
      </main>
    </>
  );
}

export function App() {
  if (!credentials.value) return <SignIn />;
  return <Console />;
}
