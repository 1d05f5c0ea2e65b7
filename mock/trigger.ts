/**
 * `payui-mock trigger <type> --to <url> --secret <secret> [options]`: one signed sample webhook of
 * any type, sent to any listener, as the service's console test does. `--data FILE`, `--user-id`
 * and `--project` change the sample's fields. With `--bad-signature` the signature is wrong on
 * purpose, and the listener passes only when it answers 4xx with `{"error":{"code":"INVALID_SIGNATURE"}}`.
 * The exit code says whether the listener passed (0, 1), or that the arguments were wrong (2).
 */
import { readFileSync } from 'node:fs';
import type { NotificationType, Webhook } from '../src/server/payloads';
import { isObject, is2xx } from './shared/plain';
import { NOTIFICATION_TYPES, sampleWebhook, type SampleFields } from './webhooks/payloads';
import { answerCode, post, settingsProblem, signatureHeader } from './webhooks/sender';

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
  const hint = refused ? refusalHint(status, answer, String((sample as { user?: { id?: unknown } }).user?.id)) : null;
  return { passed: problem === null, status, answer, body, problem, hint };
}

const USAGE = `usage: payui-mock [serve] [--in-memory | --database-url postgres://…] [--port N]
                              the offline service: merchant API, payment UI (live, sandbox), webhooks;
                              its state in PAYUI_MOCK_DATA (default .payui-mock/), or none with --in-memory;
                              --port N: the merchant API on N, the payment UI on N+1 and N+2 (0: free ports);
                              --database-url (or PAYUI_MOCK_DATABASE_URL): the state on a Postgres server
       payui-mock reset       empties the data directory's state and seeds the demo merchant again
       payui-mock export FILE writes the whole state to FILE (JSON)
       payui-mock import FILE replaces the whole state by FILE's (an export, or fixtures of that shape)
       payui-mock trigger <type> --to <url> --secret <secret> [options]
                              one signed sample webhook of a type, sent to a listener

trigger options:
  --to URL          the listener (https, or http on loopback)
  --secret SECRET   the project's secret key, which signs the sample
  --user-id ID      the sample's user id (user.id)
  --project ID      the sample's project id (transaction.project_id, in the types that carry it)
  --data FILE       a JSON object merged over the sample: objects field by field, any other value
                    (arrays too) replaces; after --user-id and --project
  --bad-signature   sign it wrong on purpose: the listener passes when it answers 4xx INVALID_SIGNATURE
  --help            this text

types: ${NOTIFICATION_TYPES.join(', ')}
exit code: 0 the listener passed, 1 it did not, 2 the arguments are wrong`;

export type DataCommand = { command: 'reset' } | { command: 'export' | 'import'; file: string };
/** `port`: the merchant API's port from `--port` (0: every server on a free port), else the environment's. */
export type CliCommand = { command: 'serve'; inMemory: boolean; port?: number; databaseUrl?: string } | DataCommand | { command: 'trigger'; options: TriggerOptions } | { command: 'help' } | { command: 'error'; message: string };

const HELP = ['--help', '-h', 'help'];
const WITH_VALUE = ['--to', '--secret', '--user-id', '--project', '--data'] as const;
type Flag = (typeof WITH_VALUE)[number];

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
