/**
 * A session's events, as far as the contract fixes their order (DESIGN §1 "One lifecycle", §3) and
 * no further: the payment UI sends `load`'s followers (`user-country`, `fcp`, statuses) as it goes,
 * so `fcp` may come before or after the first status when the player is quick.
 *
 * Compare `sessionOrder(actual)` with `sessionOrder(expected)`: the same events, each as many times;
 * `init`, `open`, `open-<mode>` … `close-<mode>`, `close` in that order; `status` before each
 * `status-<status>`, the statuses in the order the payment went through them; `close` last.
 */
export interface SessionOrder {
  /** Every event, each as many times as it came, in no particular order. */
  events: string[];
  lifecycle: string[];
  statuses: string[];
  last: string | undefined;
}

const isLifecycle = (type: string) => /^(init|open|close)$|^(open|close)-/.test(type);
const isStatus = (type: string) => type === 'status' || type.startsWith('status-');

export function sessionOrder(types: readonly string[]): SessionOrder {
  return {
    events: [...types].sort(),
    lifecycle: types.filter(isLifecycle),
    statuses: types.filter(isStatus),
    last: types.at(-1),
  };
}
