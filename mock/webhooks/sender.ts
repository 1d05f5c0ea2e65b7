/**
 * The mock service's webhook sender. Per project: a listener address, a secret and a variant
 * (combined or separate), read where they are kept (table `webhook_settings`, mock/store/webhook-settings.ts)
 * at each attempt, so that a change made by any process holds for the next attempt. Webhooks of one project go one at a time, in order: while one is not
 * accepted, the next ones wait. A delivery ends by the payment service's published rules: a 2xx
 * accepts it; 400, 401, 402, 403, 404, 409, 415 and 422 end it with no retry (`refused`); any other
 * answer, or none, is tried again after each wait of the published schedule (`PUBLISHED_WAITS`),
 * measured on the clock of the project's merchant (mock/store/clock.ts), so a test that moves that
 * clock brings the next attempt; when the schedule is over, it ends `failed`. Either way the next
 * webhook of the project goes then. A question (`user_validation`, which a payment waits on: the
 * outbox's `ask`, mock/webhooks/outbox.ts) is the exception: it is sent at once, beside the
 * project's queue, never behind a webhook that waits for its next attempt, and asked once, never
 * retried; its one answer, logged, is the payment's.
 * A project's queue holds at most `queueLimit` webhooks: the waiting ones are kept, and an event
 * that does not fit is refused whole, logged with the reason (counted once: by the outbox, in the
 * transaction that would keep them, for the webhooks it keeps). Every attempt is logged.
 * A webhook kept in the database's outbox (`sendKept`) is settled — taken out of it — once it is
 * accepted or refused; one still unsettled when the process ends is sent by the next start.
 */
import { randomUUID } from 'node:crypto';
import { is2xx } from '../lib/plain';
import { webhookSignature } from 'payui-embed/server';
import type { Webhook } from 'payui-embed/server';
import { readSettingsAndClock, readWebhookSettings, writeWebhookSettings, type WebhookSettings } from '../store/webhook-settings';
import type { Database } from '../store/database';
import { clockAt, clockOf } from '../store/clock';
import { projectOwner } from '../store/projects';
import { LOG_CHANNEL, LOG_SIZE, forgetDelivery, logChangeNotice, logDelivery, logNotice, resumeDelivery, updateDelivery, type LoggedAttempt, type LoggedDelivery } from '../store/webhook-log';
import { outboxHolds, type OutboxRowRef, type OutboxSchedule } from '../store/outbox';

/**
 * One attempt, as the log keeps it (mock/store/webhook-log.ts): `at` when it was sent (ISO 8601);
 * `status` null when no answer came; `answer` the start of the listener's answer, or what went wrong;
 * `retry_in_ms` after a failed attempt the wait before the next one, null when none is scheduled.
 */
export type Attempt = LoggedAttempt;

/**
 * A delivery, as the log keeps it: `state` `refused` when not sent again, or not at all (the
 * listener answered a status that ends a delivery, a question (`ask`) whose one attempt was not
 * accepted, or a webhook its project's full queue did not take; `reason` says which), `failed` when
 * every attempt of the schedule failed; `next_attempt` when the next attempt is due after a failure,
 * on the merchant's clock; `body` the exact body sent. Its id is the log's (0 until the database's
 * log has it).
 */
export type Delivery = LoggedDelivery;

export interface RetryPolicy {
  /**
   * The wait before each retry, in order, on the clock of the project's merchant: a delivery has at
   * most one attempt more than there are waits, then it ends `failed`.
   */
  waitsMs: readonly number[];
  /** How long one attempt may take before it counts as failed (no answer). */
  timeoutMs: number;
}

const MINUTE = 60_000;
const repeat = (times: number, ms: number): number[] => Array<number>(times).fill(ms);
/**
 * The payment service's published retry schedule: after a failed attempt, 2 more 5 minutes apart,
 * then 7 at 15 minutes, then 10 at 60 minutes (20 attempts over 12 h 10 min).
 */
export const PUBLISHED_WAITS: readonly number[] = [...repeat(2, 5 * MINUTE), ...repeat(7, 15 * MINUTE), ...repeat(10, 60 * MINUTE)];
export const DEFAULT_RETRY: RetryPolicy = { waitsMs: PUBLISHED_WAITS, timeoutMs: 10_000 };

/**
 * A listener's answers that end a delivery with no retry (the payment service's published table of
 * response codes): the webhook is wrong for it, and sending it again would not change that.
 */
export const ENDING_STATUSES: ReadonlySet<number> = new Set([400, 401, 402, 403, 404, 409, 415, 422]);

/** The clock a project's retries are measured on. */
export interface RetryClock {
  /** Now on the clock of the project's merchant, in milliseconds since the epoch. */
  now(projectId: number): Promise<number>;
  /** Calls `listener` after a clock moved; answers how to stop. */
  watch(listener: () => void): () => void;
  /** How often a wait looks at the clock again by itself (a move another process made is seen then); 0: only when told. */
  lookMs: number;
}

/** Real time, for a sender with no database (its own tests). */
const realTime: RetryClock = { now: async () => Date.now(), watch: () => () => undefined, lookMs: 0 };

/** How often a wait for a retry looks at the clock on a database other processes share, where their moves of it are read again (mock/store/clock.ts). */
const SHARED_CLOCK_LOOK_MS = 1_000;

/** The clocks of the merchants of `db` (real time for a project that is gone). */
function merchantClock(db: Database): RetryClock {
  const clock = clockOf(db);
  return {
    async now(projectId) {
      const merchant = await projectOwner(db.sql, projectId).catch(() => undefined);
      return merchant === undefined ? Date.now() : clock.now(merchant);
    },
    watch: (listener) => clock.watch(listener),
    lookMs: db.shared ? SHARED_CLOCK_LOOK_MS : 0,
  };
}

/** The longest a timer waits (setTimeout's bound). */
const LONGEST_TIMER = 2 ** 31 - 1;
/**
 * The most webhooks one project's queue holds. Far more than a session of testing makes while a
 * listener is down, and a bound on the memory a listener that never recovers can take.
 */
export const QUEUE_LIMIT = 1000;

export interface SendResult {
  status: number | null;
  /** The start of the answer's body (at most `ANSWER_BYTES`), or what went wrong. */
  answer: string;
}

/**
 * The most of an answer's body the service reads (64 KiB): enough for any JSON a listener or user
 * store answers; the rest is never read, its connection closed (a 400 MB answer grew the service
 * by 184 MB when it was read whole).
 */
export const ANSWER_BYTES = 64 * 1024;
/** How much of a listener's refusal message the attempt log keeps. */
const LOGGED_MESSAGE = 60;

/**
 * The body's first `ANSWER_BYTES`, read until it ends, that much has come, or the attempt's time
 * is up (what came by then); then the body is cancelled, which closes its connection.
 */
async function answerStart(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < ANSWER_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // The time ran out (or the listener cut it short) in the middle of the body: its start stands.
  } finally {
    void reader.cancel().catch(() => {});
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, ANSWER_BYTES));
}

/** One signed POST; never throws. A listener that sent its status answered, whatever its body does after. */
export async function post(url: string, body: string, authorization: string, timeoutMs: number): Promise<SendResult> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, answer: await answerStart(response) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const name = (error as Error).name;
    return { status: null, answer: name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `not reachable${cause ? ` (${cause})` : ''}` };
  }
}

export const signatureHeader = (body: string, secret: string) => `Signature ${webhookSignature(body, secret)}`;

/** The code of a listener's `{"error":{"code":…}}` answer (e.g. INVALID_USER), when that is what it sent. */
export function answerCode(answer: string): string | undefined {
  try {
    const code = (JSON.parse(answer) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' && /^[A-Z0-9_]{1,64}$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the attempt log keeps of an answer (`GET /mock/webhooks`, the page), which a sandbox may
 * point at any loopback or https service: nothing of an accepted answer's body; of a refusal shaped
 * as a listener's (`{"error": {"code", "message"}}`), its code and the start of its message, marked
 * as the listener's; of any other answer only its length. What went wrong with no answer is ours.
 */
export function loggedAnswer(result: SendResult): string {
  if (result.status === null) return result.answer;
  if (is2xx(result.status) || result.answer === '') return '';
  const code = answerCode(result.answer);
  if (code === undefined) return `an answer that is not a webhook listener's: ${result.answer.length} characters, not kept`;
  const message = (JSON.parse(result.answer) as { error: { message?: unknown } }).error.message;
  const text = typeof message === 'string' ? message.replace(/\s+/g, ' ').trim() : '';
  const cut = text.length > LOGGED_MESSAGE ? `${text.slice(0, LOGGED_MESSAGE)}…` : text;
  return `${LISTENER_EXCERPT}${code}${cut ? `: ${cut}` : ''}`;
}

const LISTENER_EXCERPT = "listener's answer (excerpt): ";

/** The listener's code (e.g. INVALID_USER) in an answer as the log keeps it (`loggedAnswer`), when it sent one. */
export function loggedCode(logged: string): string | undefined {
  return logged.startsWith(LISTENER_EXCERPT) ? /^[A-Z0-9_]{1,64}(?=:|$)/.exec(logged.slice(LISTENER_EXCERPT.length))?.[0] : undefined;
}

/** Why webhooks are not queued: `waiting` of the project's are, and its queue holds at most `limit`. */
export const queueFull = (waiting: number, projectId: number, limit: number) =>
  `not queued: ${waiting} webhooks of project ${projectId} are waiting, and its queue holds at most ${limit}`;

/** The type of webhook that is a question a payment waits on: sent at once, beside its project's queue, and never retried. */
export const QUESTION_TYPE = 'user_validation';

/**
 * A webhook written to the outbox with its event (mock/webhooks/outbox.ts): its type, the exact
 * body, and `settle`, which takes it out of the outbox (it never throws).
 */
export interface KeptWebhook {
  type: string;
  body: string;
  settle(): Promise<void>;
  /** Milliseconds its first attempt waits (a webhook fault's delay); the project's later webhooks wait behind it. */
  delayMs?: number;
  /**
   * Where it is in its retry schedule, when an earlier start or another process tried it already:
   * it goes on from there (its next attempt when that is due, on the same delivery of the log).
   */
  resumed?: OutboxSchedule;
  /** Keeps its place in the schedule with it in the outbox, after an attempt that failed (it never throws). */
  schedule?(at: OutboxSchedule): Promise<void>;
  /**
   * The outbox row that holds it, and for which process: before each attempt the sender reads
   * whether the outbox still holds it there (with the settings, in one statement, where it can):
   * once a reset or a delete of its merchant took it out (or another process took it over), it is
   * dropped unsent: the queue is a view of the outbox, not a copy that outlives it.
   */
  outboxRow?: OutboxRowRef;
}

/** What `send` did: the ids of the queued deliveries, or why nothing was queued. */
export type Queued = { queued: true; deliveries: number[] } | { queued: false; reason: string };

export interface WebhookSender {
  /** The project's settings where they are kept (null: its webhooks are off). */
  settings(projectId: number): Promise<WebhookSettings | null>;
  /** Writes the project's settings where they are kept (tests; the service's API writes them through the store). */
  configure(projectId: number, settings: WebhookSettings | null): Promise<void>;
  /**
   * Queues the webhooks of one event, in this order, behind the project's earlier ones (at once;
   * the promise answers their ids once logged): all of them, or none when the sender is closed or
   * its queue has no room for them all (then they are logged as refused, with the reason). The
   * caller checked that the project has settings: without them they wait for some. Never throws.
   */
  send(projectId: number, payloads: Webhook[]): Promise<Queued>;
  /**
   * Queues webhooks the outbox keeps, as `send` does, but all of them: the outbox counted them
   * against the queue's limit when it kept them. Each is settled once accepted or refused; while
   * the sender is closed none is queued nor settled.
   */
  sendKept(projectId: number, kept: KeptWebhook[]): Promise<Queued>;
  /** The most webhooks one project's queue holds (the outbox counts its own against it). */
  readonly queueLimit: number;
  /** The retry policy: how long an attempt may take (a question's asker waits about that long for its answer), and the waits. */
  readonly retry: RetryPolicy;
  /** This process's latest deliveries and attempts, oldest first (the log itself is the database's: mock/store/webhook-log.ts). */
  deliveries(): Delivery[];
  attempts(): Attempt[];
  /**
   * Calls `onChange` after the log of one of `projectIds` changed (written to the database, when the
   * sender has one: a delivery added, or its state changed; at most once a tick), and with `closed`
   * true once the sender closed; the function it answers stops that. A change of another project's
   * log does not call it.
   */
  watch(onChange: (closed: boolean) => void, projectIds: readonly number[]): () => void;
  /**
   * How often a wait for the log looks again by itself (0: never). On a shared database each write
   * of the log is told to every process (LISTEN/NOTIFY), which calls the watchers of its project;
   * the look is the fallback for a notice missed while the listening connection was down.
   */
  readonly logLookMs: number;
  /** Resolves once the sender hears other processes' writes of the log (at once without a shared database). */
  listening(): Promise<void>;
  /** Whether close() was called. */
  closed(): boolean;
  /** Calls `listener` once the sender closes (at once if it is closed already). */
  onClose(listener: () => void): void;
  /** How many watch the log now (for tests: a wait that ended leaves none). */
  watching(): number;
  /** Resolves when no project has anything waiting, or once the sender is closed (for tests). */
  idle(): Promise<void>;
  /**
   * Makes every webhook that waits for its next attempt look at its merchant's clock again now, and
   * resolves once each found it still not due (for tests: a clock moved through another process, a
   * look instead of a sleep). One that found it due is attempted, and this resolves once its queue
   * waits again or is empty (nothing else need be waiting then).
   */
  lookAgain(): Promise<void>;
  /**
   * Looks again, at once, at the queues of these projects (a reset or a delete of their merchant
   * just took their webhooks out of the outbox): what the outbox no longer holds is dropped unsent,
   * and a queue left empty ends its waits and timers.
   */
  forget(projectIds: readonly number[]): void;
  /** Tells the watchers of these projects' logs that a line was written there outside the sender (committed). */
  logged(projectIds: readonly number[]): void;
  /**
   * Stops sending: no further attempts, waiting retries end, and an attempt under way that fails
   * schedules none; `idle()` resolves. The promise resolves once the attempts under way have ended (each bounded by the retry policy's timeout)
   * and what they delivered is settled, so a stop that awaits it before closing the database sends
   * nothing twice.
   */
  close(): Promise<void>;
}

export interface WebhookSenderOptions {
  retry?: RetryPolicy;
  /** Where the projects' settings and the log are kept (the service's database); none: in this sender's memory (its own tests). */
  db?: Database;
  /** Project id → settings from the start, when they are kept in memory. */
  initial?: Record<number, WebhookSettings>;
  /** The most webhooks one project's queue holds (`QUEUE_LIMIT` by default). */
  queueLimit?: number;
  /** The clock retries are measured on: by default the merchants' clocks of `db`, or real time without one. */
  clock?: RetryClock;
  /** `logLookMs`: by default LOG_LOOK_MS on a shared database, else 0 (tests make it long, to see the notices alone wake a wait). */
  logLookMs?: number;
}

/**
 * How often a wait for the log looks again by itself on a shared database: a fallback only, for
 * notices missed while the listening connection was lost (each write is told to every process).
 */
export const LOG_LOOK_MS = 5_000;

/** A webhook as it goes out: its type and the exact body (and, when the outbox keeps it, how to settle it, and its schedule). */
type Outgoing = Omit<KeptWebhook, 'settle'> & { settle?: KeptWebhook['settle'] };
const outgoing = (payload: Webhook): Outgoing => ({ type: payload.notification_type, body: JSON.stringify(payload) });

/** How often a queue whose project has no settings looks for them again. */
const SETTINGS_POLL_MS = 1_000;

export function createWebhookSender({ retry = DEFAULT_RETRY, db, initial = {}, queueLimit = QUEUE_LIMIT, clock: given, logLookMs = db?.shared ? LOG_LOOK_MS : 0 }: WebhookSenderOptions = {}): WebhookSender {
  if (!Number.isInteger(queueLimit) || queueLimit < 1) throw new RangeError(`queueLimit must be a positive integer, got ${queueLimit}`);
  const clock = given ?? (db ? merchantClock(db) : realTime);
  /** The settings when no database keeps them. */
  const memory = new Map<number, WebhookSettings>(Object.entries(initial).map(([id, s]) => [Number(id), s]));
  /** The project's settings now; undefined when they cannot be read (the database closed). */
  const settingsNow = async (projectId: number): Promise<WebhookSettings | null | undefined> =>
    (db ? readWebhookSettings(db.sql, projectId).catch(() => undefined) : memory.get(projectId) ?? null);
  /** Whether targetNow reads the merchant's clock (and whether the project is there) with the settings: on the merchants' clocks of `db`. */
  const readsWithTarget = Boolean(db) && !given;
  /**
   * What an attempt needs: the project's settings now (undefined: they cannot be read) and, on the
   * merchants' clocks of `db`, the time of that clock now, read with them in one statement (an
   * attempt read the settings, the project's owner and the clock each on its own: issue 48).
   */
  const targetNow = async (projectId: number, row?: OutboxRowRef): Promise<{ target: WebhookSettings | null | undefined; at?: number; projectGone?: boolean; held?: boolean }> => {
    if (!readsWithTarget) return { target: await settingsNow(projectId) };
    const read = await readSettingsAndClock(db!.sql, projectId, row).catch(() => undefined);
    if (!read) return { target: undefined };
    // A project that is gone: real time, as merchantClock says.
    const projectGone = read.merchantId === undefined;
    return { target: read.settings, at: projectGone ? Date.now() : clockAt(read.offset).now, projectGone, held: read.held };
  };
  const queues = new Map<number, Delivery[]>();
  const busy = new Set<number>();
  const all: Delivery[] = [];
  const log: Attempt[] = [];
  /** Delivery → how to take it out of the outbox, for the deliveries the outbox keeps. */
  const settles = new Map<Delivery, () => Promise<void>>();
  /** Delivery → when its first attempt may go (a webhook fault's delay). */
  const notBefore = new Map<Delivery, number>();
  /** Delivery → how to keep its place in the schedule in the outbox, for the deliveries the outbox keeps. */
  const schedules = new Map<Delivery, (at: OutboxSchedule) => Promise<void>>();
  /** Delivery → when its next attempt is due on the merchant's clock, for one an earlier start or another process tried. */
  const resumeAt = new Map<Delivery, number>();
  /** Delivery → the outbox row that holds it, for the deliveries the outbox keeps. */
  const keptRows = new Map<Delivery, OutboxRowRef>();
  /** Project → the waits of its queue under way, ended by `forget`. */
  const projectWakes = new Map<number, Set<() => void>>();
  /** The questions being asked now (`ask`), each sent at once beside its project's queue; close() waits for them. */
  const asking = new Set<Promise<void>>();
  /** Delivery → its first writing to the log (its id comes then). */
  const logging = new Map<Delivery, Promise<void>>();
  /** The log's writes, one after another in the order made. */
  let writes: Promise<void> = Promise.resolve();
  /** Ends each backoff wait under way at once (close() calls them). */
  const wakes = new Set<() => void>();
  /** Ends the waits of the queues whose projects have no settings (configure() calls them). */
  const forSettings = new Set<() => void>();
  /** Ends the waits for a retry's time, to look at the clock again (a move of it calls them). */
  const forClock = new Set<() => void>();
  /** `lookAgain`'s callers, told at the next look that finds a retry not due yet. */
  const lookers: (() => void)[] = [];
  const unwatchClock = clock.watch(() => {
    for (const wake of [...forClock]) wake();
  });
  let idleWaiters: (() => void)[] = [];
  let nextId = 1;
  let closed = false;
  /** close()'s callers, waiting for the drains still under way. */
  const closers: (() => void)[] = [];
  /** Those watching the log (`watch`), with the projects each watches. */
  const watchers = new Map<(closed: boolean) => void, ReadonlySet<number>>();
  /** The projects whose log changed since the watchers were last told. */
  const changedProjects = new Set<number>();
  /** Those told once the sender closes (`onClose`). */
  const closeListeners: (() => void)[] = [];
  let telling = false;
  /** This process's mark on the notices of its log writes: it has told its own watchers already. */
  const mark = randomUUID();
  /** Other processes' writes of the log, heard on a shared database; a lost connection made again tells every watcher to look. */
  const heard = db?.shared && db.listen
    ? db.listen(LOG_CHANNEL, (payload) => {
      if (payload === null) return changed();
      const notice = logNotice(payload);
      if (notice && notice.mark !== mark) changed(notice.projectId);
    }).catch(() => () => undefined)
    : Promise.resolve(() => undefined);

  /**
   * Tells the watchers of `projectId` (none given: all of them: the sender closing, or notices of other processes missed), once the work
   * under way this tick is done, that its log changed.
   */
  function changed(projectId?: number): void {
    if (watchers.size === 0) return;
    if (projectId === undefined) for (const projects of watchers.values()) for (const id of projects) changedProjects.add(id);
    else changedProjects.add(projectId);
    if (telling) return;
    telling = true;
    queueMicrotask(() => {
      telling = false;
      const told = [...changedProjects];
      changedProjects.clear();
      for (const [watcher, projects] of [...watchers]) if (closed || told.some((id) => projects.has(id))) watcher(closed);
    });
  }

  /** Writes to project `projectId`'s log (after the writes made before; a failure, the database closing, loses that line only), then tells its watchers. */
  function write(projectId: number, work: (sql: Database['sql'], notice?: string) => Promise<void>): Promise<void> {
    if (!db) {
      changed(projectId);
      return Promise.resolve();
    }
    // On a shared database the write tells the other processes in its own statement (`notice`:
    // Postgres sends it as the write commits, so a process woken by it reads what was written).
    const notice = db.shared ? logChangeNotice(projectId, mark) : undefined;
    const run = writes.then(() => work(db.sql, notice)).then(() => undefined, () => undefined).then(() => changed(projectId));
    writes = run;
    return run;
  }

  /**
   * Resolves once the log's writes made so far are done (each with its notice, on a shared
   * database): those made while it waits too (a drop's or a close's), so that a read of the log
   * after it sees them all.
   */
  async function written(): Promise<void> {
    for (let last: Promise<void> | undefined; last !== writes;) {
      last = writes;
      await last;
    }
  }

  /** A new delivery, kept in the log (this process's view: the oldest dropped past LOG_SIZE). */
  function deliveryOf(projectId: number, { type, body, settle, delayMs, resumed, schedule, outboxRow }: Outgoing, state: Delivery['state'], reason: string | null = null): Delivery {
    const delivery: Delivery = {
      id: db ? 0 : nextId++, project_id: projectId, notification_type: type, state, reason, attempts: resumed?.attempts ?? 0,
      next_attempt: resumed?.nextAttempt ? new Date(resumed.nextAttempt).toISOString() : null, body,
    };
    all.push(delivery);
    if (all.length > LOG_SIZE) all.shift();
    if (settle) settles.set(delivery, settle);
    if (schedule) schedules.set(delivery, schedule);
    if (outboxRow) keptRows.set(delivery, outboxRow);
    if (delayMs) notBefore.set(delivery, Date.now() + delayMs);
    if (resumed?.nextAttempt) resumeAt.set(delivery, resumed.nextAttempt);
    const going = resumed?.delivery;
    logging.set(delivery, write(projectId, async (sql, notice) => {
      if (going) {
        delivery.id = await resumeDelivery(sql, { ...delivery, id: going }, notice);
        return;
      }
      const { id: _none, ...fields } = delivery;
      delivery.id = await logDelivery(sql, fields, notice);
    }));
    return delivery;
  }

  /**
   * Writes the delivery's state as it is now to the log (and the attempt just made): as it is at
   * the call, not when the write's turn comes (an attempt under way is not counted before it is logged).
   */
  function logged(delivery: Delivery, made?: Attempt): void {
    const now = { ...delivery };
    // Its id is the log's, which its first write (before this one) gives it.
    void write(delivery.project_id, (sql, notice) => updateDelivery(sql, { ...now, id: delivery.id }, made, notice));
  }

  /** Takes an accepted or refused delivery out of the outbox, when the outbox keeps it. */
  async function settled(delivery: Delivery): Promise<void> {
    const settle = settles.get(delivery);
    settles.delete(delivery);
    schedules.delete(delivery);
    keptRows.delete(delivery);
    logging.delete(delivery);
    await settle?.();
  }

  /**
   * Whether the delivery is gone from under the queue: a kept one the outbox no longer holds (its
   * merchant reset or deleted), another whose project is gone (deleted). A database that cannot be
   * read (closing) drops nothing.
   */
  async function gone(delivery: Delivery): Promise<boolean> {
    const row = keptRows.get(delivery);
    // A database that cannot be read (closing) drops nothing.
    if (row) return db ? !(await outboxHolds(db.sql, row.id, row.owner).catch(() => true)) : false;
    if (!db) return false;
    return (await projectOwner(db.sql, delivery.project_id).catch(() => 0)) === undefined;
  }

  /** Drops a delivery that is gone: unsent, and out of the log (a reset's fresh log never shows it). */
  async function drop(delivery: Delivery): Promise<void> {
    const at = all.indexOf(delivery);
    if (at >= 0) all.splice(at, 1);
    await logging.get(delivery);
    if (db && delivery.id) void write(delivery.project_id, (sql, notice) => forgetDelivery(sql, delivery.id, notice));
    await settled(delivery);
  }

  /**
   * Logs the attempt just made (none: no attempt was made) with what became of the delivery, in one
   * write: a read of the log never shows an attempt with its delivery still `sending`.
   */
  function record(delivery: Delivery, made: Attempt | undefined): void {
    if (made) log.push(made);
    if (log.length > LOG_SIZE) log.shift();
    logged(delivery, made);
  }

  function settle(): void {
    if (!closed && ([...queues.values()].some((q) => q.length > 0) || busy.size > 0 || asking.size > 0)) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const done of waiters) done();
  }

  /**
   * One attempt of `delivery`, at the time of the merchant's clock; `retries`: whether a failure
   * may be tried again (a question's may not). Answers the listener's answer, whether it accepted it
   * or refused it (a status that ends a delivery), when the next attempt is due on the merchant's
   * clock (null: none follows; after close(), for the next start), and the attempt as the log keeps
   * it (`made`), which the caller records with the delivery's state after it (`record`).
   */
  async function attempt(delivery: Delivery, target: WebhookSettings, retries: boolean, now?: number): Promise<SendResult & { accepted: boolean; refused: boolean; due: number | null; made: Attempt }> {
    delivery.attempts += 1;
    const at = now ?? (await clock.now(delivery.project_id));
    const started = Date.now();
    const result = await post(target.url, delivery.body, signatureHeader(delivery.body, target.secret), retry.timeoutMs);
    const ms = Date.now() - started;
    const accepted = is2xx(result.status);
    const refused = !accepted && result.status !== null && ENDING_STATUSES.has(result.status);
    const wait = retries && !accepted && !refused ? retry.waitsMs[delivery.attempts - 1] ?? null : null;
    const made: Attempt = {
      delivery: delivery.id, project_id: delivery.project_id, notification_type: delivery.notification_type, url: target.url,
      attempt: delivery.attempts, at: new Date(at).toISOString(), status: result.status, answer: loggedAnswer(result), ms,
      // A sender closed while the attempt was under way schedules no other (the next start goes on from it).
      accepted, retry_in_ms: closed ? null : wait,
    };
    return { ...result, accepted, refused, due: wait === null ? null : at + wait, made };
  }

  /** Why a delivery whose last attempt failed (`status`) is not tried again: `refused` by the listener, or its schedule is over. */
  function ending(delivery: Delivery, status: number | null, refused: boolean): Pick<Delivery, 'state' | 'reason'> {
    if (refused) return { state: 'refused', reason: `the listener answered ${status}, which ends a delivery: not sent again` };
    const last = status === null ? 'no answer' : `${status}`;
    return { state: 'failed', reason: `${delivery.attempts} attempts, none accepted (the last: ${last}); the schedule is over: not sent again` };
  }

  /**
   * Waits until the clock of the project's merchant says `due` (a move of that clock brings it
   * nearer), or close() comes, or `head` is gone (`forget`, or a look of a shared database's).
   */
  async function until(head: Delivery, due: number): Promise<void> {
    const projectId = head.project_id;
    while (!closed) {
      const left = due - (await clock.now(projectId));
      if (left <= 0 || closed || (await gone(head))) return;
      const waited = backoff(Math.min(left, clock.lookMs || LONGEST_TIMER, LONGEST_TIMER), forClock, projectId);
      lookedAll();
      await waited;
    }
  }

  /**
   * Tells `lookAgain`'s callers, once every queue under way waits again (for a retry not due yet, a
   * delay, or settings) or ended: a retry the look found due was sent, and what came of it is there.
   */
  function lookedAll(): void {
    if (lookers.length === 0 || [...busy].some((projectId) => !projectWakes.has(projectId))) return;
    for (const looked of lookers.splice(0)) looked();
  }

  /** Waits `ms`, or less when close() comes first (or, for a queue waiting for settings, `configure`). */
  function backoff(ms: number, waiting?: Set<() => void>, projectId?: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const own = projectId === undefined ? undefined : projectWakes.get(projectId) ?? new Set<() => void>();
      if (own) projectWakes.set(projectId!, own);
      const wake = () => {
        clearTimeout(timer);
        wakes.delete(wake);
        waiting?.delete(wake);
        own?.delete(wake);
        if (own?.size === 0) projectWakes.delete(projectId!);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakes.add(wake);
      waiting?.add(wake);
      own?.add(wake);
    });
  }

  /** Works through one project's queue; the head is retried until accepted. */
  async function drain(projectId: number): Promise<void> {
    if (busy.has(projectId)) return;
    busy.add(projectId);
    const queue = queues.get(projectId)!;
    while (queue.length > 0 && !closed) {
      const head = queue[0]!;
      // Its attempts name it by the log's id.
      await logging.get(head);
      // Whether it is gone is read with its settings below (targetNow: the outbox's row, or for a
      // delivery the outbox does not keep, its project), for one that waits for nothing first; the
      // others are looked at here.
      const goneWithTarget = readsWithTarget && !resumeAt.has(head) && !notBefore.has(head);
      // Gone from the outbox (its merchant reset or deleted): dropped unsent, and the next one looked at.
      if (!goneWithTarget && (await gone(head))) {
        queue.shift();
        await drop(head);
        continue;
      }
      // One an earlier start or another process tried waits for its next attempt's time, and the project's later ones behind it.
      const resuming = resumeAt.get(head);
      resumeAt.delete(head);
      if (resuming !== undefined) {
        await until(head, resuming);
        if (closed) break;
        if (await gone(head)) continue;
      }
      // A delayed webhook (a webhook fault) waits its time, and the project's later ones behind it.
      const wait = (notBefore.get(head) ?? 0) - Date.now();
      notBefore.delete(head);
      if (wait > 0) {
        head.next_attempt = new Date((await clock.now(projectId)) + wait).toISOString();
        logged(head);
        await backoff(wait, undefined, projectId);
        if (closed) break;
        if (await gone(head)) continue;
      }
      const row = goneWithTarget ? keptRows.get(head) : undefined;
      const { target, at, projectGone, held } = await targetNow(projectId, row);
      if (target === undefined || closed) break;
      if (goneWithTarget && (row ? held === false : projectGone)) {
        queue.shift();
        await drop(head);
        continue;
      }
      if (!target) {
        // No settings (removed, or not yet written): the queue waits for some, looking again now and then.
        await backoff(SETTINGS_POLL_MS, forSettings, projectId);
        continue;
      }
      head.state = 'sending';
      head.next_attempt = null;
      logged(head);
      const { accepted, refused, status, due, made } = await attempt(head, target, true, at);
      // Closed while it was sent and not ended: no retry is scheduled (close() waits for this drain
      // only); the outbox keeps it, with its place in the schedule, for the next start.
      if (!accepted && !refused && closed) {
        head.state = 'waiting';
        record(head, made);
        if (due !== null) await schedules.get(head)?.({ attempts: head.attempts, nextAttempt: due, delivery: head.id });
        break;
      }
      if (accepted || due === null) {
        Object.assign(head, accepted ? { state: 'accepted' } : ending(head, status, refused));
        record(head, made);
        queue.shift();
        await settled(head);
        continue;
      }
      head.state = 'waiting';
      head.next_attempt = new Date(due).toISOString();
      record(head, made);
      await schedules.get(head)?.({ attempts: head.attempts, nextAttempt: due, delivery: head.id });
      await until(head, due);
    }
    busy.delete(projectId);
    // An empty queue is no queue: nothing of a reset or deleted project is left behind.
    if (queue.length === 0 && queues.get(projectId) === queue) queues.delete(projectId);
    settle();
    lookedAll();
    if (closed && busy.size === 0) for (const done of closers.splice(0)) done();
  }

  /**
   * Asks a question the outbox keeps (`user_validation`) at once, whatever waits in the project's
   * queue: once, never retried; its answer is logged (the asker reads it there), and it is taken out
   * of the outbox. One the outbox no longer holds (its merchant reset or deleted) is dropped unasked.
   */
  async function ask(projectId: number, entry: Outgoing): Promise<void> {
    const delivery = deliveryOf(projectId, entry, 'sending');
    await logging.get(delivery);
    if (closed) return;
    // Whether the outbox still holds it is read with the settings, when the outbox said which row it is.
    const row = readsWithTarget ? keptRows.get(delivery) : undefined;
    if (!row && (await gone(delivery))) return drop(delivery);
    const { target, at, held } = await targetNow(projectId, row);
    if (row && held === false) return drop(delivery);
    if (target === undefined || closed) return;
    let made: Attempt | undefined;
    if (target === null) {
      Object.assign(delivery, { state: 'refused', reason: 'not asked: the project has no webhook settings now' });
    } else {
      const asked = await attempt(delivery, target, false, at);
      made = asked.made;
      Object.assign(delivery, asked.accepted ? { state: 'accepted' } : { state: 'refused', reason: `not accepted (${asked.status ?? asked.answer}); a question is asked once` });
    }
    record(delivery, made);
    await settled(delivery);
  }

  /** Queues webhooks behind the project's earlier ones, all or none (see `send`; `kept`: see `sendKept`); a kept question is asked at once instead. */
  async function enqueue(projectId: number, given: Outgoing[]): Promise<Queued> {
    // Queued at once (before any wait), so that what is sent after is queued after.
    if (closed) return { queued: false, reason: 'the webhook sender is closed' };
    const questions = given.filter((entry) => entry.type === QUESTION_TYPE && entry.settle);
    for (const question of questions) {
      const asked = ask(projectId, question).catch(() => undefined).finally(() => {
        asking.delete(asked);
        settle();
      });
      asking.add(asked);
    }
    const entries = given.filter((entry) => !questions.includes(entry));
    if (entries.length === 0) return { queued: true, deliveries: [] };
    const queue = queues.get(projectId) ?? [];
    queues.set(projectId, queue);
    // Webhooks the outbox keeps were counted there, in the transaction that kept them (mock/webhooks/outbox.ts): one
    // check, so that what was answered queued is sent. Those of `send` (no outbox) are counted here.
    if (entries.some((entry) => !entry.settle) && queue.length + entries.length > queueLimit) {
      const reason = queueFull(queue.length, projectId, queueLimit);
      const refused = entries.map((entry) => deliveryOf(projectId, entry, 'refused', reason));
      await Promise.all(refused.map((delivery) => logging.get(delivery)));
      for (const delivery of refused) void settled(delivery);
      return { queued: false, reason };
    }
    const added = entries.map((entry) => deliveryOf(projectId, entry, 'waiting'));
    queue.push(...added);
    void drain(projectId);
    await Promise.all(added.map((delivery) => logging.get(delivery)));
    return { queued: true, deliveries: added.map((d) => d.id) };
  }

  return {
    settings: async (projectId) => (await settingsNow(projectId)) ?? null,
    async configure(projectId, next) {
      if (db) await db.transaction((sql) => writeWebhookSettings(sql, projectId, next));
      else if (next) memory.set(projectId, next);
      else memory.delete(projectId);
      // A queue waiting for settings looks again at once.
      if (next) for (const wake of [...forSettings]) wake();
    },
    send: (projectId, payloads) => enqueue(projectId, payloads.map(outgoing)),
    sendKept: (projectId, kept) => enqueue(projectId, kept),
    queueLimit,
    retry,
    deliveries: () => all.map((d) => ({ ...d })),
    attempts: () => log.map((a) => ({ ...a })),
    watch(onChange, projectIds) {
      const watcher = (isClosed: boolean) => onChange(isClosed);
      watchers.set(watcher, new Set(projectIds));
      return () => void watchers.delete(watcher);
    },
    logLookMs,
    listening: () => heard.then(() => undefined),
    closed: () => closed,
    onClose(listener) {
      if (closed) queueMicrotask(listener);
      else closeListeners.push(listener);
    },
    watching: () => watchers.size,
    forget(projectIds) {
      for (const projectId of projectIds) {
        for (const wake of [...(projectWakes.get(projectId) ?? [])]) wake();
        // The waits of its log look again: it was emptied.
        changed(projectId);
      }
    },
    logged(projectIds) {
      for (const projectId of projectIds) changed(projectId);
    },
    idle() {
      // Nothing left to send, and the log says so: the last state of each delivery is written (a
      // delivery's end is logged without waiting for the write, so a queue empties before its log does).
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settle();
      }).then(written);
    },
    lookAgain() {
      if (closed || forClock.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        lookers.push(resolve);
        for (const wake of [...forClock]) wake();
      });
    },
    close() {
      if (!closed) {
        closed = true;
        unwatchClock();
        void heard.then((stop) => stop());
        for (const wake of [...wakes]) wake();
        settle();
        changed();
        for (const listener of closeListeners.splice(0)) listener();
        for (const looked of lookers.splice(0)) looked();
      }
      // Then what they logged is written (before the database closes).
      const drained = busy.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => closers.push(resolve));
      return drained.then(() => Promise.all(asking)).then(written);
    },
  };
}
