/** The handlers of the merchant API, Login API and `/mock/…` calls, one module per resource. */
import * as currency from './catalog-currency';
import * as faults from './faults';
import * as headless from './payments';
import * as groups from './catalog-groups';
import * as items from './catalog-items';
import type { Handlers } from '../app';
import type { ServiceContext } from './common';
import * as games from './games';
import * as login from './login';
import * as loginSettings from './login-settings';
import * as projects from './projects';
import * as reports from './reports';
import * as sandboxes from './sandboxes';
import * as resend from './resend';
import * as plans from './subscription-plans';
import * as subscriptionList from './subscription-list';
import * as subscriptions from './subscriptions';
import * as token from './token';
import * as trigger from './trigger';
import * as userAttributes from './user-attributes';
import * as users from './users';
import * as webhooks from './webhooks';

const HANDLERS = { ...token, ...projects, ...webhooks, ...currency, ...items, ...groups, ...userAttributes, ...games, ...login, ...loginSettings, ...resend, ...users, ...reports, ...plans, ...subscriptions, ...subscriptionList, ...faults, ...headless, ...trigger, ...sandboxes };

/**
 * Every operation the service answers, by the `operationId` of mock/spec/openapi.json: one for each
 * of the document's, so a handler missing or renamed is a compile error here (`Handlers`)…
 */
export const OPERATIONS: Handlers<ServiceContext> = HANDLERS;

/** …and so is one exported under a name that is no operation's (a handler left over from a rename). */
type None<T extends never> = T;
export type HandlersLeftOver = None<Exclude<keyof typeof HANDLERS, keyof Handlers<ServiceContext>>>;
