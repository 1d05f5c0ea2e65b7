/**
 * `payui-mock trigger <type> --to <url> --secret <secret> [options]`: one signed sample webhook of
 * any type, sent to any listener, as the service's console test does. With `--transaction N` or
 * `--subscription N` instead, the running service (`--api`, `--merchant`) sends the webhook of that
 * object it holds to its project's listener (`POST /mock/webhooks/trigger`). `--data FILE`, `--user-id`
 * and `--project` change the sample's fields. With `--bad-signature` the signature is wrong on
 * purpose, and the listener passes only when it answers 4xx with `{"error":{"code":"INVALID_SIGNATURE"}}`.
 * The exit code says whether the listener passed (0, 1), or that the arguments were wrong (2).
 */
import { readFileSync } from 'node:fs';
import type { NotificationType, Webhook } from 'payui-embed/server';
import { isObject, is2xx } from '../lib/plain';
import { NOTIFICATION_TYPES, sampleWebhook, type SampleFields } from '../webhooks/payloads';
import { answerCode, post, signatureHeader } from '../webhooks/sender';
import { settingsProblem } from '../store/webhook-settings';

export interface TriggerOptions extends SampleFields {
  type: NotificationType;
  to: string;
  secret: string;
  badSignature?: boolean;
  /** Merged over the sample (after `userId` / `projectId`): objects field by field, any other value replaces. */
  data?: Record<string, unknown>;
  timeoutMs?: number;
}

export interface TriggerResult {
  passed: boolean;
  status: number | null;
  answer: string;
  body: string;
  /** Why it did not pass, in words. */
  problem: string | null;
  /** When a listener refused a correctly signed sample: what that usually means. */
  hint: string | null;
}

/** The sample as sent: the type's sample with the caller's fields, then the data file over it. */
function sampleBody({ type, userId, projectId, data }: Pick<TriggerOptions, 'type' | 'userId' | 'projectId' | 'data'>): Webhook {
  const sample = sampleWebhook(type, { userId, projectId });
  return (data ? merge(sample, data) : sample) as Webhook;
}


/** A deep merge into new objects (fromEntries: a `__proto__` key stays a plain field). Arrays replace. */
function merge(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over;
  const keys = [...new Set([...Object.keys(base), ...Object.keys(over)])];
  return Object.fromEntries(keys.map((key) => [key, Object.hasOwn(over, key) ? merge(base[key], over[key]) : base[key]]));
}

/** What a 4xx to a correctly signed sample usually means. */
function refusalHint(status: number, answer: string, userId: string): string {
  const code = answerCode(answer);
  const said = `${status}${code ? ` ${code}` : ''}`;
  if (code === 'INVALID_SIGNATURE') return `the listener says the signature is wrong (${said}): --secret is not the secret it checks with (the project's secret key)`;
  const user = `a listener that validates users refuses the sample's user id (${userId}); pass --user-id with one it knows`;
  if (code === 'INVALID_USER') return `the listener refused the sample (${said}): ${user}`;
  return `the listener refused the sample (${said}): either --secret is not its secret (a listener made with the kit answers INVALID_SIGNATURE then), or it refused the sample's contents: ${user}, or set other fields with --data FILE`;
}

export async function trigger({ type, to, secret, badSignature = false, userId, projectId, data, timeoutMs = 10_000 }: TriggerOptions): Promise<TriggerResult> {
  const sample = sampleBody({ type, userId, projectId, data });
  const body = JSON.stringify(sample);
  // A wrong signature: the right one of another secret, so it has the right form.
  const authorization = signatureHeader(body, badSignature ? `${secret}-wrong` : secret);
  const { status, answer } = await post(to, body, authorization, timeoutMs);
  let problem: string | null = null;
  if (status === null) problem = `no answer: ${answer}`;
  else if (badSignature && !(status >= 400 && status < 500)) problem = `a bad signature must get a 4xx, got ${status}`;
  else if (badSignature && answerCode(answer) !== 'INVALID_SIGNATURE') problem = 'a bad signature must get {"error":{"code":"INVALID_SIGNATURE"}}';
  else if (!badSignature && !is2xx(status)) problem = `a signed ${type} must get a 2xx, got ${status}`;
  const refused = !badSignature && status !== null && status >= 400 && status < 500;
  const user = (sample as { user?: { id?: unknown; external_id?: unknown } }).user;
  const hint = refused ? refusalHint(status, answer, String(user?.id ?? user?.external_id)) : null;
  return { passed: problem === null, status, answer, body, problem, hint };
}

/** The running service `--transaction` and `--subscription` ask, by default: the demo merchant on the default port. */
const DEFAULT_API = 'http://localhost:5174';
const DEFAULT_MERCHANT = '100001:demo-api-key';

const USAGE = `usage: payui-mock [serve] [--in-memory | --database-url postgres://…] [--port N]
                              the offline service: merchant API, payment UI (live, sandbox), webhooks;
                              its state in PAYUI_MOCK_DATA (default .payui-mock/), or none with --in-memory;
                              --port N: the merchant API on N, the payment UI on N+1 and N+2 (0: free ports);
                              PAYUI_MOCK_DATABASE_URL (or --database-url, which ps shows to every
                              local user: no password in it): the state on a Postgres server
       payui-mock reset       empties the data directory's state and seeds the demo merchant again
       payui-mock export FILE writes the whole state to FILE (JSON)
       payui-mock import FILE replaces the whole state by FILE's (an export, or fixtures of that shape)
       payui-mock trigger <type> --to <url> --secret <secret> [options]
                              one signed sample webhook of a type, sent to a listener
       payui-mock trigger <type> --transaction N | --subscription N [--api URL] [--merchant ID:KEY]
                              the running service sends the webhook of that transaction or
                              subscription, as it is now, to its project's listener (signed, logged)

trigger options:
  --to URL          the listener (https, or http on loopback)
  --secret SECRET   the project's secret key, which signs the sample
  --user-id ID      the sample's user id (user.id; user.external_id of order_paid, order_canceled)
  --project ID      the sample's project id (settings.project_id, in the types that carry it)
  --data FILE       a JSON object merged over the sample: objects field by field, any other value
                    (arrays too) replaces; after --user-id and --project
  --bad-signature   sign it wrong on purpose: the listener passes when it answers 4xx INVALID_SIGNATURE
  --transaction N   instead of a sample: a transaction of the running service (order_paid, payment;
                    order_canceled, refund once refunded)
  --subscription N  instead of a sample: a subscription of the running service (create_subscription;
                    update_subscription; cancel_subscription once canceled)
  --api URL         with either: the running service (default ${DEFAULT_API})
  --merchant ID:KEY with either: the merchant's credentials (default ${DEFAULT_MERCHANT})
  --help            this text

types: ${NOTIFICATION_TYPES.join(', ')}
exit code: 0 the listener passed (--transaction, --subscription: the service queued it), 1 it did not, 2 the arguments are wrong`;

export type DataCommand = { command: 'reset' } | { command: 'export' | 'import'; file: string };
/** `port`: the merchant API's port from `--port` (0: every server on a free port), else the environment's. */
export type CliCommand = { command: 'serve'; inMemory: boolean; port?: number; databaseUrl?: string } | DataCommand | { command: 'trigger'; options: TriggerOptions } | { command: 'replay'; options: ReplayOptions } | { command: 'help' } | { command: 'error'; message: string };

const HELP = ['--help', '-h', 'help'];
const SAMPLE_FLAGS = ['--to', '--secret', '--user-id', '--project', '--data'] as const;
const REPLAY_FLAGS = ['--transaction', '--subscription', '--api', '--merchant'] as const;
const WITH_VALUE = [...SAMPLE_FLAGS, ...REPLAY_FLAGS] as const;
type Flag = (typeof WITH_VALUE)[number];

/** `trigger <type> --transaction N | --subscription N`: the running service sends that object's webhook. */
export interface ReplayOptions {
  type: NotificationType;
  transactionId?: number;
  subscriptionId?: number;
  /** The running service's merchant API, without a trailing slash. */
  api: string;
  merchantId: number;
  apiKey: string;
}

/** The replay's flags (`--transaction` or `--subscription`, `--api`, `--merchant`), none of a sample's. */
function replayArgs(type: NotificationType, values: Partial<Record<Flag, string>>, badSignature: boolean): CliCommand {
  const error = (message: string): CliCommand => ({ command: 'error', message });
  const { '--transaction': transaction, '--subscription': subscription, '--api': api = DEFAULT_API, '--merchant': merchant = DEFAULT_MERCHANT } = values;
  if (transaction !== undefined && subscription !== undefined) return error('give one of --transaction and --subscription');
  const sampleFlag = SAMPLE_FLAGS.find((flag) => values[flag] !== undefined) ?? (badSignature ? '--bad-signature' : undefined);
  if (sampleFlag) return error(`${sampleFlag} is for a sample this command signs; with --transaction or --subscription the running service sends its own webhook`);
  const [flag, id] = transaction !== undefined ? ['--transaction', transaction] : ['--subscription', subscription!];
  if (!/^[1-9][0-9]{0,14}$/.test(id)) return error(`${flag} must be an id (a positive whole number), not "${id}"`);
  let url: URL | null = null;
  try {
    url = new URL(api);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return error(`--api must be the running service's address (${DEFAULT_API}), not "${api}"`);
  const credentials = /^([1-9][0-9]{0,15}):(.+)$/s.exec(merchant);
  if (!credentials) return error(`--merchant must be merchant_id:api_key (${DEFAULT_MERCHANT})`);
  return {
    command: 'replay',
    options: {
      type, ...(flag === '--transaction' ? { transactionId: Number(id) } : { subscriptionId: Number(id) }),
      api: url.href.replace(/\/+$/, ''), merchantId: Number(credentials[1]), apiKey: credentials[2]!,
    },
  };
}

/**
 * The warning for a `--database-url` that carries a password (in the user part or as `?password=`):
 * a command's arguments are in `ps` for every local user; null when there is none to give.
 */
export function databaseUrlWarning(argv: readonly string[]): string | null {
  const at = argv.indexOf('--database-url');
  const value = at < 0 ? undefined : argv[at + 1];
  if (value === undefined) return null;
  let secret = false;
  try {
    const parsed = new URL(value);
    secret = parsed.password !== '' || [...parsed.searchParams.keys()].some((name) => /pass/i.test(name));
  } catch {
    secret = false;
  }
  return secret
    ? 'payui-mock: warning: --database-url carries a password, which every user of this machine can read in `ps`; give the address in PAYUI_MOCK_DATABASE_URL instead'
    : null;
}

/** `serve`'s flags: `--in-memory`, `--port N`. */
function serveArgs(rest: readonly string[]): CliCommand {
  let inMemory = false;
  let port: number | undefined;
  let databaseUrl: string | undefined;
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i]!;
    if (arg === '--in-memory') inMemory = true;
    else if (arg === '--database-url') {
      const value = rest[++i];
      if (value === undefined || !/^postgres(ql)?:\/\//.test(value)) return { command: 'error', message: '--database-url takes a postgres:// address' };
      databaseUrl = value;
    }
    else if (arg === '--port') {
      const value = rest[++i];
      if (value === undefined || !/^[0-9]{1,5}$/.test(value) || Number(value) > 65535) return { command: 'error', message: '--port takes a port number (0: free ports, printed)' };
      port = Number(value);
    } else return { command: 'error', message: `unknown argument "${arg}"` };
  }
  if (inMemory && databaseUrl) return { command: 'error', message: '--in-memory and --database-url: choose one' };
  return { command: 'serve', inMemory, ...(port !== undefined ? { port } : {}), ...(databaseUrl ? { databaseUrl } : {}) };
}

export function parseArgs(argv: readonly string[]): CliCommand {
  const [first = 'serve', ...others] = argv;
  // `payui-mock --in-memory` is `payui-mock serve --in-memory` (and `--port N` alike).
  const [command, rest] = first.startsWith('--') && !HELP.includes(first) ? ['serve', [first, ...others]] : [first, others];
  if (command === 'serve') return serveArgs(rest);
  if (command === 'reset' && rest.length === 0) return { command: 'reset' };
  if ((command === 'export' || command === 'import') && rest.length === 1 && !rest[0]!.startsWith('-')) return { command, file: rest[0]! };
  if (command === 'export' || command === 'import') return { command: 'error', message: `${command} takes one argument: the file` };
  if (HELP.includes(command) || (command === 'trigger' && rest.some((arg) => HELP.includes(arg)))) return { command: 'help' };
  if (command !== 'trigger') return { command: 'error', message: `unknown command "${command}"` };
  let type: string | undefined;
  const values: Partial<Record<Flag, string>> = {};
  let badSignature = false;
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i]!;
    if ((WITH_VALUE as readonly string[]).includes(arg)) {
      const value = rest[++i];
      if (value === undefined) return { command: 'error', message: `${arg} needs a value` };
      values[arg as Flag] = value;
    } else if (arg === '--bad-signature') badSignature = true;
    else if (!arg.startsWith('-') && type === undefined) type = arg;
    else return { command: 'error', message: `unknown argument "${arg}"` };
  }
  if (!type || !NOTIFICATION_TYPES.includes(type as NotificationType)) return { command: 'error', message: `the type must be one of: ${NOTIFICATION_TYPES.join(', ')}` };
  if (values['--transaction'] !== undefined || values['--subscription'] !== undefined) return replayArgs(type as NotificationType, values, badSignature);
  const replayFlag = REPLAY_FLAGS.find((flag) => values[flag] !== undefined);
  if (replayFlag) return { command: 'error', message: `${replayFlag} goes with --transaction or --subscription (a webhook the running service holds)` };
  const { '--to': to, '--secret': secret, '--user-id': userId, '--project': project, '--data': file } = values;
  if (!secret) return { command: 'error', message: '--secret is required (the project\'s secret key)' };
  const problem = settingsProblem({ url: to, secret, variant: 'combined' });
  if (problem) return { command: 'error', message: `--to ${problem.message}` };
  if (userId !== undefined && userId.trim() === '') return { command: 'error', message: '--user-id must not be empty' };
  if (project !== undefined && !/^[1-9][0-9]{0,14}$/.test(project)) return { command: 'error', message: `--project must be a project id (a positive whole number), not "${project}"` };
  const data = file === undefined ? undefined : readData(file, type);
  if (typeof data === 'string') return { command: 'error', message: data };
  return {
    command: 'trigger',
    options: {
      type: type as NotificationType, to: to!, secret, badSignature,
      ...(userId !== undefined ? { userId } : {}), ...(project !== undefined ? { projectId: Number(project) } : {}), ...(data ? { data } : {}),
    },
  };
}

/** The --data file: a JSON object (or what is wrong with it, in words). */
function readData(file: string, type: string): Record<string, unknown> | string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return `--data ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return `--data ${file}: not JSON (${(error as Error).message})`;
  }
  if (!isObject(data)) return `--data ${file}: must hold a JSON object (the sample's fields to change)`;
  if ('notification_type' in data && data.notification_type !== type) return `--data ${file}: its notification_type ${JSON.stringify(data.notification_type)} is not the type ${type}`;
  return data;
}

/** Runs a trigger command line; resolves with the exit code. `serve` is the caller's (it keeps running). */
export async function runTrigger(argv: readonly string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): Promise<number> {
  const parsed = parseArgs(argv);
  if (parsed.command === 'help') {
    out(USAGE);
    return 0;
  }
  if (parsed.command === 'error') {
    err(`payui-mock: ${parsed.message}\n${USAGE}`);
    return 2;
  }
  if (parsed.command === 'replay') return replay(parsed.options, out, err);
  if (parsed.command !== 'trigger') return 2;
  const { options } = parsed;
  const result = await trigger(options);
  out(`${options.badSignature ? 'sent with a WRONG signature' : 'sent, signed'}: ${options.type} → ${options.to}`);
  out(`body: ${result.body}`);
  if (options.projectId !== undefined && !result.body.includes('"project_id"')) out(`note: a ${options.type} sample carries no project id: --project changed nothing`);
  out(`answer: ${result.status ?? 'none'} ${result.answer}`);
  if (result.passed) out(options.badSignature ? 'passed: the listener refused the bad signature with INVALID_SIGNATURE' : 'passed: the listener accepted it');
  else err(`failed: ${result.problem}`);
  if (result.hint) err(`hint: ${result.hint}`);
  return result.passed ? 0 : 1;
}

/** The service's answer to the trigger: the delivery (202), or its error. */
interface Answered {
  id?: number;
  project_id?: number;
  body?: string;
  message?: string;
  extended_message?: { property_errors?: Record<string, string[]> } | null;
}

/**
 * Asks the running service to send the webhook of a transaction or subscription it holds
 * (`POST /mock/webhooks/trigger`); resolves with the exit code: 0 queued, 1 refused or no answer.
 */
async function replay(options: ReplayOptions, out: (line: string) => void, err: (line: string) => void): Promise<number> {
  const { type, transactionId, subscriptionId, api, merchantId, apiKey } = options;
  const object = transactionId !== undefined ? { transaction_id: transactionId } : { subscription_id: subscriptionId };
  let status: number;
  let text: string;
  try {
    const response = await fetch(`${api}/mock/webhooks/trigger`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${merchantId}:${apiKey}`).toString('base64')}` },
      body: JSON.stringify({ type, ...object }),
      signal: AbortSignal.timeout(10_000),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    err(`failed: no answer from ${api}${cause ? ` (${cause})` : ''}: is payui-mock running there? --api names it`);
    return 1;
  }
  let body: Answered | null = null;
  try {
    body = JSON.parse(text) as Answered;
  } catch {
    body = null;
  }
  if (status !== 202 || !body) {
    const fields = Object.entries(body?.extended_message?.property_errors ?? {}).map(([field, messages]) => `${field}: ${messages.join('; ')}`);
    err(`failed: the service answered ${status}: ${body?.message ?? text.slice(0, 200)}${fields.length ? ` (${fields.join('; ')})` : ''}`);
    return 1;
  }
  const what = transactionId !== undefined ? `transaction ${transactionId}` : `subscription ${subscriptionId}`;
  out(`queued by the service: ${type} of ${what} to project ${body.project_id}'s listener, delivery ${body.id}`);
  out(`body: ${body.body}`);
  out(`what the listener answers: ${api}/mock/webhooks.html, or GET ${api}/mock/webhooks?after=${body.id! - 1}&state=accepted&wait=5000`);
  return 0;
}
