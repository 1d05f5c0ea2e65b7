/**
 * `settings.ui` (and `settings.payment_widget`) of a token, as the payment UI acts on them: every
 * path of service-spec.md's token table that changes what the player sees, with its default. One
 * pure function, shared by the service (which puts it into the session) and the page.
 */
import { isObject, type Plain } from '../lib/plain';

export type Layout = 'list' | 'grid';
export type Component = 'virtual_items' | 'virtual_currency' | 'subscriptions';
export type AccountSection = 'info' | 'history' | 'payment_accounts' | 'subscriptions';
/**
 * How the player pays: the test card, or the two payment widgets a token may open first; named as
 * the webhooks' `transaction.payment_method` and `paymentInfo.paymentMethod` name them.
 */
export type PaymentMethod = 'test-card' | 'paybycash' | 'giftcard';

export interface UiSettings {
  header: {
    /** The bar at the top (`desktop.header.is_visible`, default true). */
    visible: boolean;
    /** The project's logo (its initial) and name (`visible_logo`, `visible_name`, default true). */
    logo: boolean;
    name: boolean;
    /** The purchase's total in the bar (`visible_purchase`, default true). */
    purchase: boolean;
    /** `type: compact`: a slimmer bar. */
    compact: boolean;
    /** A close button of the page's own (`desktop.header.close_button`, or `mobile.…` in the mobile version). */
    closeButton: boolean;
    /** The player's virtual currency balance (`ui.header.visible_virtual_currency_balance`, default true). */
    balance: boolean;
  };
  /** The footer (`mobile.footer.is_visible` in the mobile version; always on the desktop). */
  footer: boolean;
  /** `license_url`: the EULA, linked in the footer (http(s) only). */
  licenseUrl: string | null;
  /** The payment methods offered, the first one selected: the test card, after the `payment_widget` the token names. */
  methods: PaymentMethod[];
  lists: {
    items: { layout: Layout; buttonWithPrice: boolean; groupsAcross: boolean };
    currency: { buttonWithPrice: boolean; description: string | null };
    subscriptions: { layout: Layout; description: string | null };
  };
  /** The store's parts in the order shown, hidden ones left out. */
  components: Component[];
  selectedGroup: string | null;
  selectedItem: string | null;
  /** The player types an amount of virtual currency. */
  customAmount: boolean;
  /** `mode: user_account`: the sections shown, in order (only the enabled ones); null: the checkout. */
  account: AccountSection[] | null;
}

const obj = (value: unknown): Plain => (isObject(value) ? value : {});
const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const layout = (value: unknown): Layout => (value === 'grid' ? 'grid' : 'list');
/** An `order` as a sort key: given ones first, ascending; the rest keep their place after them. */
const rank = (value: unknown, place: number) => (typeof value === 'number' && Number.isFinite(value) ? value : 1e9 + place);

function ordered<T extends string>(names: readonly T[], of: Plain, shown: (entry: Plain) => boolean): T[] {
  return names
    .map((name, place) => ({ name, entry: obj(of[name]), place }))
    .filter(({ entry }) => shown(entry))
    .sort((a, b) => rank(a.entry.order, a.place) - rank(b.entry.order, b.place))
    .map(({ name }) => name);
}

const COMPONENTS = ['virtual_items', 'virtual_currency', 'subscriptions'] as const;
const SECTIONS = ['info', 'history', 'payment_accounts', 'subscriptions'] as const;

/** `settings` is the token's `settings`; `httpOnly` keeps a link only when it is an http(s) address. */
export function uiSettingsOf(settings: Plain, httpOnly: (value: unknown) => string | null): UiSettings {
  const ui = obj(settings.ui);
  const mobile = ui.version === 'mobile';
  const desktop = obj(ui.desktop);
  const header = obj(desktop.header);
  const components = obj(ui.components);
  const items = obj(components.virtual_items);
  const itemList = obj(desktop.virtual_item_list);
  const currencyList = obj(desktop.virtual_currency_list);
  const planList = obj(desktop.subscription_list);
  const widget = settings.payment_widget;
  const first: PaymentMethod[] = widget === 'paybycash' || widget === 'giftcard' ? [widget] : [];
  return {
    header: {
      visible: flag(header.is_visible, true),
      logo: flag(header.visible_logo, true),
      name: flag(header.visible_name, true),
      purchase: flag(header.visible_purchase, true),
      compact: header.type === 'compact',
      closeButton: flag(mobile ? obj(obj(ui.mobile).header).close_button : header.close_button, false),
      balance: flag(obj(ui.header).visible_virtual_currency_balance, true),
    },
    footer: mobile ? flag(obj(obj(ui.mobile).footer).is_visible, true) : true,
    licenseUrl: httpOnly(ui.license_url),
    methods: [...first, 'test-card'],
    lists: {
      items: { layout: layout(itemList.layout), buttonWithPrice: flag(itemList.button_with_price, false), groupsAcross: itemList.view === 'horizontal_navigation' },
      currency: { buttonWithPrice: flag(currencyList.button_with_price, false), description: text(currencyList.description) },
      subscriptions: { layout: layout(planList.layout), description: text(planList.description) },
    },
    components: ordered(COMPONENTS, components, (entry) => entry.hidden !== true),
    selectedGroup: text(items.selected_group),
    selectedItem: text(items.selected_item),
    customAmount: obj(components.virtual_currency).custom_amount === true,
    account: ui.mode === 'user_account' ? ordered(SECTIONS, obj(ui.user_account), (entry) => entry.enable === true) : null,
  };
}
