/**
 * The signed-in merchant's clock (`GET /mock/clock`, `POST /mock/clock`; each merchant has its
 * own): what time the service thinks it is for the merchant, and moving it forward by a duration
 * (`{advance}`) or to a date and time (`{to}`). The answer is the clock after the move (`{now,
 * moved}`); what the move ran is seen in the subscriptions, transactions and webhook log.
 */
import { useState } from 'preact/hooks';
import { ApiFailure, api } from '../api';
import type { Clock as ClockRecord } from '../records';
import { loadClock } from '../state';
import { DateTimeField, Done, Failure, Field, fieldErrors, useActions, useLoad } from '../ui';

const STEPS = [
  { label: '+1 day', advance: 'P1D' },
  { label: '+1 week', advance: 'P1W' },
  { label: '+1 month', advance: 'P1M' },
];

const shown = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'medium' });

export function Clock() {
  // Read through the console's state, so the header's clock follows a move.
  const clock = useLoad(loadClock, []);
  const [advance, setAdvance] = useState('');
  const [to, setTo] = useState('');
  const { done, setDone, error, act } = useActions(clock.reload);
  const now = clock.data;

  function move(body: { advance: string } | { to: string }) {
    setDone(null);
    const before = now?.now;
    return act(async () => {
      const { body: after } = await api<ClockRecord>('POST', '/mock/clock', body);
      setDone(`The clock moved${before ? ` from ${shown(before)}` : ''} to ${shown(after.now)}.`);
    });
  }
  const advanceErrors = fieldErrors(error, 'advance');
  const toErrors = fieldErrors(error, 'to');
  // A refusal at a field is said there; anything else above the forms.
  const elsewhere = error instanceof ApiFailure && (advanceErrors || toErrors) ? null : error;

  return (
    <>
      <p>
        Moving the clock forward runs, in order, every subscription renewal, billing retry, grace period and expiry that falls due in
        between, as if that time had passed; it never goes back.
      </p>
      <section class="panel" aria-labelledby="clock-now-title">
        <h2 id="clock-now-title">Service time</h2>
        <Failure error={clock.error} />
        {now && (
          <dl class="facts">
            <dt>Now</dt><dd><time dateTime={now.now} data-testid="clock-now">{shown(now.now)}</time> <code>{now.now}</code></dd>
            <dt>Runs</dt><dd>{now.moved ? 'ahead of real time (moved forward)' : 'at real time (never moved)'}</dd>
          </dl>
        )}
        {clock.loading && <p class="muted">Loading…</p>}
        <button type="button" onClick={clock.reload}>Refresh</button>
      </section>
      <Done text={done} />
      <Failure error={elsewhere} />
      <section class="panel" aria-labelledby="clock-move-title">
        <h2 id="clock-move-title">Move the clock forward</h2>
        <div class="button-row" role="group" aria-label="Move forward by">
          {STEPS.map((step) => <button key={step.advance} type="button" onClick={() => void move({ advance: step.advance })}>{step.label}</button>)}
        </div>
        <form class="row-form" onSubmit={(event) => { event.preventDefault(); void move({ advance: advance.trim() }); }}>
          <Field id="clock-advance" label="By a duration" hint='ISO 8601, e.g. "P3DT12H" (3 days 12 hours) or "PT30M"' value={advance} onInput={setAdvance} required errors={advanceErrors} />
          <button type="submit">Move by</button>
        </form>
        <form class="row-form" onSubmit={(event) => { event.preventDefault(); void move({ to }); }}>
          <DateTimeField id="clock-to" label="To a date and time" hint="your time zone" value={to} onInput={setTo} required errors={toErrors} />
          <button type="submit">Move to</button>
        </form>
      </section>
    </>
  );
}
