/**
 * `payui-mock trigger <type> --to <url> --secret <secret> [--bad-signature]`: one signed sample
 * webhook of any type, sent to any listener, as the service's console test does. With
 * `--bad-signature` the signature is wrong on purpose, and the listener passes only when it answers
 * 4xx with `{"error":{"code":"INVALID_SIGNATURE"}}`. The exit code says whether the listener passed.
 */
import type { NotificationType } from '../src/server/payloads';
import { NOTIFICATION_TYPES, sampleWebhook } from './webhooks/payloads';
import { answerCode, post, settingsProblem, signatureHeader } from './webhooks/sender';

export interface TriggerOptions {
  type: NotificationType;
  to: string;
  secret: string;
  badSignature?: boolean;
  timeoutMs?: number;
}

export interface TriggerResult {
  passed: boolean;
  status: number | null;
  answer: string;
  body: string;
  /** Why it did not pass, in words. */
  problem: string | null;
}

export async function trigger({ type, to, secret, badSignature = false, timeoutMs = 10_000 }: TriggerOptions): Promise<TriggerResult> {
  const body = JSON.stringify(sampleWebhook(type));
  // A wrong signature: the right one of another secret, so it has the right form.
  const authorization = signatureHeader(body, badSignature ? `${secret}-wrong` : secret);
  const { status, answer } = await post(to, body, authorization, timeoutMs);
  let problem: string | null = null;
  if (status === null) problem = `no answer: ${answer}`;
  else if (badSignature && !(status >= 400 && status < 500)) problem = `a bad signature must get a 4xx, got ${status}`;
  else if (badSignature && answerCode(answer) !== 'INVALID_SIGNATURE') problem = 'a bad signature must get {"error":{"code":"INVALID_SIGNATURE"}}';
  else if (!badSignature && !(status >= 200 && status < 300)) problem = `a signed ${type} must get a 2xx, got ${status}`;
  return { passed: problem === null, status, answer, body, problem };
}

const USAGE = `usage: payui-mock [serve]
       payui-mock trigger <type> --to <url> --secret <secret> [--bad-signature]
types: ${NOTIFICATION_TYPES.join(', ')}`;

export type CliCommand = { command: 'serve' } | { command: 'trigger'; options: TriggerOptions } | { command: 'help' } | { command: 'error'; message: string };

export function parseArgs(argv: readonly string[]): CliCommand {
  const [command = 'serve', ...rest] = argv;
  if (command === 'serve' && rest.length === 0) return { command: 'serve' };
  if (command === '--help' || command === '-h' || command === 'help') return { command: 'help' };
  if (command !== 'trigger') return { command: 'error', message: `unknown command "${command}"` };
  let type: string | undefined;
  let to: string | undefined;
  let secret: string | undefined;
  let badSignature = false;
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i]!;
    if (arg === '--to' || arg === '--secret') {
      const value = rest[++i];
      if (value === undefined) return { command: 'error', message: `${arg} needs a value` };
      if (arg === '--to') to = value;
      else secret = value;
    } else if (arg === '--bad-signature') badSignature = true;
    else if (!arg.startsWith('--') && type === undefined) type = arg;
    else return { command: 'error', message: `unknown argument "${arg}"` };
  }
  if (!type || !NOTIFICATION_TYPES.includes(type as NotificationType)) return { command: 'error', message: `the type must be one of: ${NOTIFICATION_TYPES.join(', ')}` };
  if (!secret) return { command: 'error', message: '--secret is required (the project\'s secret key)' };
  const problem = settingsProblem({ url: to, secret, variant: 'combined' });
  if (problem) return { command: 'error', message: `--to ${problem.message}` };
  return { command: 'trigger', options: { type: type as NotificationType, to: to!, secret, badSignature } };
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
  out(`answer: ${result.status ?? 'none'} ${result.answer}`);
  if (result.passed) out(options.badSignature ? 'passed: the listener refused the bad signature with INVALID_SIGNATURE' : 'passed: the listener accepted it');
  else err(`failed: ${result.problem}`);
  return result.passed ? 0 : 1;
}
