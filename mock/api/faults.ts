/**
 * Failing on purpose (DESIGN.md §8b): a merchant's rules that make its own next requests to an
 * operation fail (a status and body, a latency, or a connection closed with no answer), each rule
 * for `count` requests; and the `X-Payui-Mock-Fault` header, which fails the one request that
 * carries it. A merchant's rules touch only requests made with its own credentials. In memory:
 * a restart forgets them.
 */
export interface FaultRule {
  /** An operationId of openapi.json, or `method` + `path` (a path of openapi.json, `{…}` included). */
  operation?: string;
  method?: string;
  path?: string;
  /** The answer's status (400–599); absent with `latency_ms` alone: the request is answered late but as usual. */
  status?: number;
  /** The answer's JSON; absent: the service's error body. */
  body?: unknown;
  latency_ms?: number;
  /** Close the connection with no answer. */
  drop?: boolean;
  count?: number;
}

export interface Fault {
  latencyMs: number;
  status: number | null;
  body: unknown;
  drop: boolean;
}

export interface ListedFault extends FaultRule {
  id: number;
  /** How many more requests it fails. */
  remaining: number;
}

export interface Faults {
  add(merchantId: number, rule: FaultRule): number;
  list(merchantId: number): ListedFault[];
  remove(merchantId: number, id: number): boolean;
  /** Drops every rule of the merchant (its reset, its removal). */
  forget(merchantId: number): void;
  /** The fault the merchant's rules give this request (counted down), or null. */
  take(merchantId: number, operationId: string, method: string, path: string): Fault | null;
}

const faultOf = (rule: FaultRule): Fault => ({ latencyMs: rule.latency_ms ?? 0, status: rule.status ?? null, body: rule.body, drop: rule.drop === true });

export function createFaults(): Faults {
  let next = 1;
  const rules = new Map<number, ListedFault & { merchantId: number }>();
  return {
    add(merchantId, rule) {
      const id = next++;
      rules.set(id, { ...rule, id, remaining: rule.count ?? 1, merchantId });
      return id;
    },
    list: (merchantId) => [...rules.values()].filter((r) => r.merchantId === merchantId).map(({ merchantId: _, ...rule }) => rule),
    remove: (merchantId, id) => rules.get(id)?.merchantId === merchantId && rules.delete(id),
    forget(merchantId) {
      for (const [id, rule] of rules) if (rule.merchantId === merchantId) rules.delete(id);
    },
    take(merchantId, operationId, method, path) {
      for (const rule of rules.values()) {
        if (rule.merchantId !== merchantId) continue;
        const matches = rule.operation !== undefined ? rule.operation === operationId : rule.method?.toUpperCase() === method && rule.path === path;
        if (!matches) continue;
        rule.remaining -= 1;
        if (rule.remaining <= 0) rules.delete(rule.id);
        return faultOf(rule);
      }
      return null;
    },
  };
}

/**
 * The `X-Payui-Mock-Fault` header: `status=503`, `latency=2000`, `drop`, several separated by
 * commas or semicolons. Null when it is absent; a string saying what is wrong when it is not understood.
 */
export function faultOfHeader(header: string | string[] | undefined): Fault | null | string {
  if (header === undefined) return null;
  const fault: Fault = { latencyMs: 0, status: null, body: undefined, drop: false };
  for (const part of String(header).split(/[,;]/).map((p) => p.trim()).filter(Boolean)) {
    const [name, value] = part.split('=').map((p) => p.trim()) as [string, string | undefined];
    if (name === 'drop' && value === undefined) fault.drop = true;
    else if (name === 'status' && /^[45][0-9]{2}$/.test(value ?? '')) fault.status = Number(value);
    else if (name === 'latency' && /^[0-9]{1,5}$/.test(value ?? '') && Number(value) <= 60_000) fault.latencyMs = Number(value);
    else return `"${part}" is not a fault: use status=<400–599>, latency=<ms, at most 60000> or drop`;
  }
  return fault;
}
