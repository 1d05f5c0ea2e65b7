/**
 * `settings.ui.mode: user_account`: the player's account instead of a checkout, its sections those
 * `settings.ui.user_account.*.enable` turns on, in their `order` — who they are, what they bought,
 * the payment accounts kept for them (the offline service keeps one: the test card), and their
 * subscriptions.
 */
import type { AccountSection } from '../spec/ui-settings';
import type { StringKey, Translate } from './i18n';
import type { Account, Session } from '../spec/session';

interface Props {
  session: Session;
  account: Account;
  sections: AccountSection[];
  t: Translate;
}

export function AccountView({ session, account, sections, t }: Props) {
  const date = new Intl.DateTimeFormat(session.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const money = (amount: number, currency: string) => new Intl.NumberFormat(session.language, { style: 'currency', currency }).format(amount);
  const { user } = session;
  /** A table of `rows`, each its key first and then its cells, under the headings `columns`. */
  const table = (columns: StringKey[], rows: (string | number)[][]) => (
    <table class="account-table">
      <thead>
        <tr>{columns.map((column) => <th key={column} scope="col">{t(column)}</th>)}</tr>
      </thead>
      <tbody>
        {rows.map(([key, ...cells]) => (
          <tr key={key}>{cells.map((cell, i) => <td key={i}>{cell}</td>)}</tr>
        ))}
      </tbody>
    </table>
  );

  const parts: Record<AccountSection, () => preact.JSX.Element> = {
    info: () => (
      <dl class="facts account-facts">
        <dt>{t('playerId')}</dt>
        <dd>{user.id}</dd>
        {user.name && <dt>{t('playerName')}</dt>}
        {user.name && <dd>{user.name}</dd>}
        <dt>{t('playerEmail')}</dt>
        <dd>{user.email || '—'}</dd>
        <dt>{t('playerCountry')}</dt>
        <dd>{user.country}</dd>
        {session.balance && <dt>{t('balanceLabel')}</dt>}
        {session.balance && <dd>{account.balance} {session.balance.name}</dd>}
      </dl>
    ),
    history: () =>
      account.history.length
        ? table(['date', 'invoice', 'purchase', 'total', 'status'], account.history.map((e) => [e.id, date.format(new Date(e.date)), e.id, e.what, money(e.amount, e.currency), e.status]))
        : <p class="note">{t('noHistory')}</p>,
    payment_accounts: () => (
      <ul class="saved-accounts">
        <li>
          <span class="card-mini" aria-hidden="true">TEST</span> {t('savedCard', { last4: '0002' })}
        </li>
      </ul>
    ),
    subscriptions: () =>
      account.subscriptions.length
        ? table(['plan', 'status', 'nextCharge', 'total'], account.subscriptions.map((e) => [e.id, e.plan, e.status, e.nextCharge ? date.format(new Date(e.nextCharge)) : '—', money(e.amount, e.currency)]))
        : <p class="note">{t('noSubscriptions')}</p>,
  };
  const titles = { info: 'sectionInfo', history: 'sectionHistory', payment_accounts: 'sectionPaymentAccounts', subscriptions: 'sectionSubscriptions' } as const;

  return (
    <div class="account">
      <h2>{t('yourAccount')}</h2>
      {sections.length === 0 && <p class="note">{t('accountEmpty')}</p>}
      {sections.map((name) => (
        <section key={name} class="account-part" aria-labelledby={`account-${name}`} data-section={name}>
          <h3 id={`account-${name}`}>{t(titles[name])}</h3>
          {parts[name]()}
        </section>
      ))}
    </div>
  );
}
