/**
 * A merchant's clock as the merchant API moves it (`POST /mock/clock`, DESIGN.md §8b, §8c): the
 * move is its own transaction, `offset = offset + delta` on the clock's locked row
 * (mock/store/clock.ts), its target computed from the clock read in that transaction, never from a
 * copy; then what fell due in between runs (mock/domain/billing.ts `runDue`, in bounded steps), by
 * the clock as the database has it then. Two moves at once add up, through one process or two.
 */
import { addDuration, clockOf, type ClockReading } from '../store/clock';
import { merchantGeneration } from '../store/sandboxes';
import type { Billing } from './billing';
import { sameGeneration, Superseded, type Ledger } from './ledger';

/** How the clock is moved: by an ISO 8601 duration, or to a time. */
export type ClockMoveRequest = { advance: string } | { to: string };
/** The clock once what is due by it ran, and how many due items (renewals, retries, ends) the request ran. */
export interface ClockAnswer {
  clock: ClockReading;
  dueRun: number;
}
/** The clock after the move, or the move refused (`field`: what of the request is wrong). */
export type ClockMoveResult = ({ ok: true } & ClockAnswer) | { ok: false; field: 'advance' | 'to'; message: string };

/** How far one move of the clock may go: 100 years. */
const MAX_CLOCK_MOVE_MS = 100 * 366 * 86_400_000;

/** Thrown in a move's transaction whose target, from the clock read there, is refused: nothing is written. */
class Refused extends Error {}

export interface Clocks {
  /** The merchant's clock, once what is due by it ran. */
  read(merchantId: number): Promise<ClockAnswer>;
  /** Moves the merchant's clock forward, then runs what fell due. */
  move(merchantId: number, request: ClockMoveRequest): Promise<ClockMoveResult>;
}

export function createClocks(ledger: Ledger, billing: Billing): Clocks {
  return {
    async read(merchantId) {
      const dueRun = await billing.runDue(merchantId);
      return { clock: await clockOf(await ledger.opened).read(merchantId), dueRun };
    },
    async move(merchantId, request) {
      const db = await ledger.opened;
      const field = 'advance' in request ? 'advance' : 'to';
      const target = (from: number): number => {
        let until: number | null;
        if ('advance' in request) {
          until = addDuration(from, request.advance);
          if (until === null || !(until >= from)) throw new Refused('must be an ISO 8601 duration forward, e.g. "P1M" or "P3DT12H"');
        } else {
          until = new Date(request.to).getTime();
          if (!(until >= from)) throw new Refused(`the clock never goes back: it is ${new Date(from).toISOString()}`);
        }
        // Every renewal due in between runs: a century of them is as far as one move goes.
        if (!(until - from <= MAX_CLOCK_MOVE_MS)) throw new Refused('moves the clock more than 100 years at once');
        return until;
      };
      // The merchant's generation when the move was asked: a reset or delete that overtook it moves
      // no clock of the state after (the answer is the fresh clock).
      const generation = await merchantGeneration(db.sql, merchantId);
      try {
        await ledger.transact(db, async (sql, after) => {
          await sameGeneration(sql, merchantId, generation);
          after.moved = (await clockOf(db).move(sql, merchantId, target)).changed;
        });
      } catch (error) {
        if (error instanceof Refused) return { ok: false, field, message: error.message };
        if (!(error instanceof Superseded)) throw error;
      }
      return { ok: true, ...(await this.read(merchantId)) };
    },
  };
}
