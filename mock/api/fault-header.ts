/** A fault asked for by one request (DESIGN.md §8b "Fail on purpose"), as its header says. */
import type { Fault } from '../store/fault-rules';

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
