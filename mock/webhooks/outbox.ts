/**
 * The webhook outbox (table `webhook_outbox`, migration 4): no webhook of a committed event is lost
 * when the process ends before its listener accepted it. An event's webhooks are written in the
 * event's own transaction (`keep`), handed to the sender once it commits (`deliver`), and taken
 * out of the outbox when the listener accepted them or the sender refused them. A new start sends
 * what is still in it (`restore`), oldest first, each where it was in its retry schedule (its
 * attempts, when the next is due on the merchant's clock, its delivery in the log: kept in the row
 * after each failed attempt), so a restart does not send early what waits for its next attempt. A stop waits for
 * the attempts under way (the sender's `close()`); a webhook whose acceptance came as a killed
 * process died, before it was taken out, is sent once more: at least once.
 *
 * On a database several processes share (a Postgres server, DESIGN.md §8c) a process sends only
 * what it claimed: a project's webhooks go out through one process at a time, the holder of the
 * project's lease (`webhook_leases`, migration 8), so they go once and in order. A claim takes the
 * free (or expired) leases of the projects with webhooks to send, skipping those another process is
 * claiming at that moment (`FOR UPDATE SKIP LOCKED`), and marks their rows as its own (`sent_by`).
 * The writer of an event claims right after its commit, so its webhooks usually go from where they
 * were made; each process also claims every `POLL_MS` (what a busy holder left, what a dead one
 * held). A lease lasts `LEASE_MS` and is renewed while its holder has webhooks of the project to
 * send; it is freed once it has none, and at a stop. A killed process's leases expire, and another
 * process claims its projects, with the rows it held and had not seen accepted (at least once), each
 * where it was in its retry schedule.
 * A lease rather than a lock held by an open transaction: a listener that is down keeps a project's
 * webhooks waiting for minutes, which would hold a connection (and a transaction) each that long.
 *
 * Every webhook goes this way: an event's, a resend or a trigger (`queue`: logged first, so its
 * delivery is answered at once), and a payment's question (`ask`: `user_validation`), which the
 * sender asks at once, beside the project's queue, never behind a webhook waiting for its next
 * attempt; its answer is read from the log, whichever process asked it.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Database, Sql } from '../store/database';
import type { Webhook } from 'payui-embed/server';
import type { KeptWebhook, WebhookSender } from './sender';
import { readWebhookSettings, type Variant } from '../store/webhook-settings';
import { noFaults, type Shaped, type Shaper } from './webhook-faults';
import { claimOutbox, dropIdleLeases, freeLeases, keepBody, keepWebhooks, outboxCount, outboxRows, removeOutboxRow, removeUnclaimedRow, renewLeases, scheduleOutboxRow, type OutboxRow, type OutboxSchedule } from '../store/outbox';
import { deliveryNow, logDelivery, tellLogChanged, updateDelivery, type LoggedDelivery } from '../store/webhook-log';
import { loggedCode, QUESTION_TYPE, queueFull } from './sender';

/** How long a lease holds without being renewed: a killed process's webhooks wait that long for another. */
export const LEASE_MS = 10_000;
/** How often a process on a shared database claims what it may send (and renews its leases). */
export const POLL_MS = 1_000;
/** How often an asker on a shared database reads the log for its question's answer (another process may ask it). */
const ANSWER_LOOK_MS = 100;
/**
 * How much longer than an attempt's time an asker waits for its answer: for the process that holds
 * the project's lease to claim the question (its next poll), and for the log's writes on a busy machine.
 */
const ANSWER_SLACK_MS = 2 * POLL_MS + 3_000;

/** The answer to a question (`ask`): whether the listener accepted it, its status (null: none came), and its code (e.g. INVALID_USER) when it sent one. */
export interface QuestionAnswer {
  accepted: boolean;
  status: number | null;
  code?: string;
  /** Why it was not asked, when it was not (the service stopping, its merchant reset, no process took it in time). */
  unasked?: string;
}

export interface Outbox {
  /** Hands rows `keepWebhooks` wrote to the sender, once their transaction committed (on a shared database: claims them). */
  deliver(rows: OutboxRow[]): Promise<void>;
  /** Hands everything the outbox holds to the sender (at start; on a shared database: what this process may claim). */
  restore(): Promise<void>;
  /** The variant of the project's webhooks, or null when it has no settings: what an event writes to the outbox. */
  variant(sql: Sql, projectId: number): Promise<Variant | null>;
  /**
   * Keeps an event's webhooks, in the event's transaction `sql`, for `deliver` after its commit: all
   * of them, or none when the project's queue has no room for them all (then each is logged refused,
   * with the reason, in that transaction, and the answer is null: tell `logged` once it committed).
   */
  keep(sql: Sql, projectId: number, payloads: Webhook[]): Promise<OutboxRow[] | null>;
  /** Tells the log's watchers of these projects that their log changed outside the sender (an event refused in its transaction, committed). */
  logged(projectIds: readonly number[]): void;
  /**
   * Queues these exact bytes to the project's listener, behind its queue, as an event's webhook
   * (a resend, a trigger): logged at once (its delivery answered), then sent by whichever process
   * holds the project's lease. Not queued when the project has no settings, or its queue is full.
   */
  queue(projectId: number, webhook: { type: string; body: string }): Promise<{ queued: true; delivery: LoggedDelivery } | { queued: false; reason: string }>;
  /**
   * Asks the project's listener a question (`user_validation`) through the outbox, at once, beside
   * its queue, and answers the listener's answer as logged; null when the project has no settings.
   */
  ask(projectId: number, payload: Webhook): Promise<QuestionAnswer | null>;
  /** Stops claiming and frees this process's leases, once the sender closed (its attempts settled). */
  close(): Promise<void>;
}


/** The variant of the project's webhooks as its settings hold them now (every process writes them there), in the event's transaction. */
const variant = async (sql: Sql, projectId: number): Promise<Variant | null> => (await readWebhookSettings(sql, projectId))?.variant ?? null;

/** `shape`: what the merchants' webhook faults make of the rows on their way to the sender (mock/webhooks/webhook-faults.ts). */
export function createOutbox(db: Database, sender: WebhookSender, shape: Shaper = noFaults): Outbox {
  const handing = db.shared ? sharedOutbox(db, sender, shape) : ownOutbox(db, sender, shape);
  return {
    ...handing,
    keep: (sql, projectId, payloads) => keepEvent(sql, sender.queueLimit, projectId, payloads, db.shared),
    logged: (projectIds) => sender.logged(projectIds),
    queue: (projectId, webhook) => queueLogged(db, sender.queueLimit, handing, projectId, webhook),
    ask: (projectId, payload) => askLogged(db, sender, handing, projectId, payload),
  };
}

type Handing = Omit<Outbox, 'queue' | 'ask' | 'keep' | 'logged'>;

/** An event's webhooks kept, or logged refused (null) when its project's queue has no room for them all (`limit`). */
async function keepEvent(sql: Sql, limit: number, projectId: number, payloads: Webhook[], shared: boolean): Promise<OutboxRow[] | null> {
  const rows = await keepWebhooks(sql, projectId, payloads, { limit, except: QUESTION_TYPE });
  if (rows) return rows;
  const reason = queueFull(await outboxCount(sql, projectId, QUESTION_TYPE), projectId, limit);
  for (const payload of payloads) {
    await logDelivery(sql, { project_id: projectId, notification_type: payload.notification_type, state: 'refused', reason, attempts: 0, next_attempt: null, body: JSON.stringify(payload) });
  }
  // The other processes' waits hear of it when the event commits; this one's, from `logged`.
  if (shared) await tellLogChanged(sql, projectId, OUTBOX_MARK);
  return null;
}

/**
 * The mark of the outbox's own writes of the log on their notices (mock/store/webhook-log.ts): no
 * sender's, so every process's sender, this one's too, wakes the project's waits for them.
 */
const OUTBOX_MARK = 'outbox';

/** A webhook logged as waiting, and kept in the outbox on that delivery, in one transaction; null when the project has no settings. */
async function keepLogged(
  db: Database, projectId: number, { type, body }: { type: string; body: string }, limit: number | null,
): Promise<{ kept: false; reason: string } | { kept: true; delivery: LoggedDelivery; row: OutboxRow }> {
  return db.transaction(async (sql) => {
    if (!(await variant(sql, projectId))) return { kept: false, reason: `project ${projectId} has no webhook settings` };
    // Counted only where the queue's room matters (`limit`; a question waits in no queue): the one check, so a 202 is sent.
    const waiting = limit === null ? 0 : await outboxCount(sql, projectId, QUESTION_TYPE);
    if (limit !== null && waiting >= limit) return { kept: false, reason: queueFull(waiting, projectId, limit) };
    const fields: Omit<LoggedDelivery, 'id'> = { project_id: projectId, notification_type: type, state: 'waiting', reason: null, attempts: 0, next_attempt: null, body };
    // Not told here: the sender that takes it writes it to the log again (resumeDelivery), and tells then.
    const id = await logDelivery(sql, fields);
    return { kept: true, delivery: { id, ...fields }, row: await keepBody(sql, projectId, { type, body }, id) };
  });
}

async function queueLogged(db: Database, limit: number, handing: Handing, projectId: number, webhook: { type: string; body: string }): ReturnType<Outbox['queue']> {
  const kept = await keepLogged(db, projectId, webhook, limit);
  if (!kept.kept) return { queued: false, reason: kept.reason };
  await handing.deliver([kept.row]);
  return { queued: true, delivery: kept.delivery };
}

/**
 * Asks the question through the outbox and waits for its answer in the log: woken by this process's
 * writes of the project's log, and on a shared database looking every `ANSWER_LOOK_MS` (another
 * process may hold the project's lease and ask it). Not answered within an attempt's time and
 * `ANSWER_SLACK_MS` (or the sender closing first, or its merchant's reset taking it out): taken out
 * of the outbox, unasked, which the payment takes as no answer.
 */
async function askLogged(db: Database, sender: WebhookSender, handing: Handing, projectId: number, payload: Webhook): Promise<QuestionAnswer | null> {
  // A sender that stopped asks nothing: the payment goes on as for a project without webhooks (the service is stopping).
  if (sender.closed()) return null;
  const kept = await keepLogged(db, projectId, { type: payload.notification_type, body: JSON.stringify(payload) }, null);
  if (!kept.kept) return null;
  const { row, delivery } = kept;
  const answered = new Promise<QuestionAnswer>((resolve) => {
    let ended = false;
    const end = (answer: QuestionAnswer) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      clearInterval(poll);
      unwatch();
      resolve(answer);
    };
    const look = () => void deliveryNow(db.sql, delivery.id).then((now) => {
      if (!now) return end({ accepted: false, status: null, unasked: 'its merchant was reset or deleted' });
      if (now.delivery.state === 'waiting' || now.delivery.state === 'sending') return;
      const status = now.last?.status ?? null;
      const code = now.last ? loggedCode(now.last.answer) : undefined;
      end({ accepted: now.delivery.state === 'accepted', status, ...(code ? { code } : {}), ...(now.last ? {} : { unasked: now.delivery.reason ?? 'not asked' }) });
    }, () => undefined);
    const timer = setTimeout(() => end({ accepted: false, status: null, unasked: `no answer logged within ${sender.retry.timeoutMs + ANSWER_SLACK_MS} ms` }), sender.retry.timeoutMs + ANSWER_SLACK_MS);
    const poll = db.shared ? setInterval(look, ANSWER_LOOK_MS) : undefined;
    const unwatch = sender.watch((closed) => (closed ? end({ accepted: false, status: null, unasked: 'the service is stopping' }) : look()), [projectId]);
  });
  await handing.deliver([row]);
  const answer = await answered;
  // One not asked leaves nothing behind: out of the outbox, and logged as not asked; unless a process
  // claimed it meanwhile (a shared database), which asks or drops it, and settles it, as its own.
  if (answer.unasked !== undefined && (await removeUnclaimedRow(db.sql, row.id).catch(() => false))) {
    await db.transaction(async (sql) => {
      await updateDelivery(sql, { ...delivery, state: 'refused', reason: `not asked: ${answer.unasked}` });
      if (db.shared) await tellLogChanged(sql, projectId, OUTBOX_MARK);
    }).catch(() => undefined);
  }
  return answer;
}

/** Takes a row out of the outbox; a database already closed (the service stopping) keeps it, for the next start. */
const removeRow = (db: Database, id: number, owner?: string) => removeOutboxRow(db.sql, id, owner).then(() => undefined, () => undefined);
/** Keeps a row's place in its retry schedule; a database already closed keeps the place before (the next start sends it sooner). */
const scheduleRow = (db: Database, id: number, at: OutboxSchedule) => scheduleOutboxRow(db.sql, id, at).catch(() => undefined);


/**
 * Hands `rows` (in id order) to the sender, a project's in one go, as `shape` makes them, each
 * where it is in its retry schedule (a row tried before goes on from there, and the sender keeps
 * its place in the row after each failed attempt); `settle` makes each row's settle (a second copy
 * of a row has none: the row leaves the outbox once); the sender drops a row the outbox no longer
 * holds for `owner` (this process, on a shared database) before each attempt.
 */
async function handOver(
  db: Database, sender: WebhookSender, rows: OutboxRow[], settle: (row: OutboxRow) => () => Promise<void>, shape: Shaper, owner?: string,
): Promise<void> {
  if (rows.length === 0) return;
  // The faults are a test's; a failure to read them (a database closing) sends the webhooks as they are.
  const hand = (shaped: Shaped[]) => {
    const projects = [...new Set(shaped.map(({ row }) => row.projectId))];
    for (const project of projects) {
      sender.sendKept(project, shaped.filter(({ row }) => row.projectId === project).flatMap(({ row, copies, delayMs }): KeptWebhook[] => [
        {
          type: row.type, body: row.body, settle: settle(row), schedule: (at) => scheduleRow(db, row.id, at), outboxRow: { id: row.id, ...(owner ? { owner } : {}) },
          ...(row.attempts > 0 || row.delivery !== null ? { resumed: { attempts: row.attempts, nextAttempt: row.nextAttempt, delivery: row.delivery } } : {}), ...(delayMs ? { delayMs } : {}),
        },
        ...(copies === 2 ? [{ type: row.type, body: row.body, settle: async () => undefined }] : []),
      ]));
    }
  };
  // A question is asked as it is: the faults count the webhooks of events, not a payment's question.
  const questions = rows.filter((row) => row.type === QUESTION_TYPE);
  if (questions.length) await noFaults(questions, hand);
  const events = rows.filter((row) => row.type !== QUESTION_TYPE);
  if (events.length) await shape(events, hand).catch(() => noFaults(events, hand));
}

/** The outbox of a database this process alone has (the embedded one): everything in it is this process's to send. */
function ownOutbox(db: Database, sender: WebhookSender, shape: Shaper): Handing {
  const settle = (row: OutboxRow) => () => removeRow(db, row.id);
  return {
    async deliver(rows) {
      await handOver(db, sender, rows, settle, shape);
    },
    async restore() {
      // One at a time: were there more than a project's queue holds, the oldest are kept and the rest refused, as ever.
      for (const row of await outboxRows(db.sql)) {
        // A question whose payment ended with the process before is never asked.
        if (row.type === QUESTION_TYPE) await removeRow(db, row.id);
        else await handOver(db, sender, [row], settle, noFaults);
      }
    },
    variant,
    close: async () => undefined,
  };
}

/** The outbox of a database other processes share: this process sends what it claimed (see the top of the file). */
function sharedOutbox(db: Database, sender: WebhookSender, shape: Shaper): Handing {
  const me = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  /** Project → how many of its rows the sender holds, not yet settled. */
  const held = new Map<number, number>();
  let chain: Promise<unknown> = Promise.resolve();
  /** Runs `work` after this process's earlier claims, renewals and releases: one at a time. */
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work);
    chain = run.catch(() => undefined);
    return run;
  };
  let waiting: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  /** Stops claiming and frees this process's leases at once: what it claimed and did not see accepted goes to the next claimant. */
  function stop(): Promise<void> {
    closed = true;
    clearInterval(timer);
    return serial(() => freeLeases(db.sql, me)).catch(() => undefined);
  }
  // A sender that closes sends nothing more: its leases are freed then, not when they run out.
  sender.onClose(() => void (closed || stop()));

  /** A claim after those under way; calls made before it starts share it. */
  function claim(): Promise<void> {
    if (closed) return Promise.resolve();
    if (!timer) {
      timer = setInterval(() => void renew().then(claim).catch(() => undefined), POLL_MS);
      timer.unref();
    }
    waiting ??= serial(async () => {
      waiting = null;
      if (!closed) await claimOnce();
    });
    return waiting;
  }

  async function claimOnce(): Promise<void> {
    const claimed = await claimOutbox(db.sql, me, LEASE_MS);
    // Where a lease left behind by a claim that raced a reset or a delete is dropped: a claim that
    // found nothing (each process's poll, every POLL_MS, mostly), not the claim after each event.
    if (claimed.projects.length === 0) return dropIdleLeases(db.sql);
    for (const row of claimed.rows) held.set(row.projectId, (held.get(row.projectId) ?? 0) + 1);
    await handOver(db, sender, claimed.rows, (row) => async () => {
      await removeRow(db, row.id, me);
      const left = (held.get(row.projectId) ?? 1) - 1;
      held.set(row.projectId, left);
      // The claim after it may fail too (a database closed meanwhile): the poll tries again, nothing is left unhandled.
      if (left === 0) void serial(() => release(row.projectId)).then(claim).catch(() => undefined);
    }, shape, me);
    for (const project of claimed.projects) if (!held.get(project)) void serial(() => release(project)).catch(() => undefined);
  }

  /** Frees the project's lease, when this process has nothing of it left to send. */
  async function release(projectId: number): Promise<void> {
    if (closed || held.get(projectId)) return;
    held.delete(projectId);
    await freeLeases(db.sql, me, projectId);
  }

  /** Keeps the leases of the projects this process still has webhooks of to send. */
  function renew(): Promise<void> {
    const holding = [...held].filter(([, n]) => n > 0).map(([project]) => project);
    if (holding.length === 0 || closed) return Promise.resolve();
    return serial(() => renewLeases(db.sql, me, holding, LEASE_MS));
  }

  return {
    async deliver(rows) {
      // The event committed whatever becomes of the claim: a claim that fails is the next poll's.
      if (rows.length > 0) await claim().catch(() => undefined);
    },
    restore: claim,
    variant,
    close: () => (closed ? chain.then(() => undefined) : stop()),
  };
}
