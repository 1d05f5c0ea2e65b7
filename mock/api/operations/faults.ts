/** `/mock/faults`: a merchant's rules that fail its own next requests (mock/store/fault-rules.ts). */
import document from '../../spec/openapi.json' with { type: 'json' };
import { fieldError } from '../app';
import type { FaultRule } from '../../store/fault-rules';
import { notFound, type Op } from './common';

const OPERATION_IDS = new Set(Object.values(document.paths as Record<string, Record<string, { operationId?: string }>>)
  .flatMap((item) => Object.values(item).map((operation) => operation?.operationId).filter((id): id is string => typeof id === 'string')));

export const createFault: Op = async (call) => {
  const rule = call.body as FaultRule;
  if (rule.webhooks) {
    if (rule.webhooks.order === 'reverse' && (rule.count ?? 1) < 2) throw fieldError('count', 'a reverse order needs 2 webhooks or more');
    return { status: 201, body: { id: await call.context.faults.add(call.merchantId, rule) } };
  }
  if (rule.operation !== undefined && !OPERATION_IDS.has(rule.operation)) throw fieldError('operation', `no operation "${rule.operation}" in openapi.json`);
  if (rule.operation === undefined) {
    const item = (document.paths as Record<string, Record<string, unknown>>)[rule.path ?? ''];
    if (!item) throw fieldError('path', `no path "${rule.path}" in openapi.json (write it as the document does, e.g. /merchant/{version}/merchants/{merchant_id}/token)`);
    if (!item[(rule.method ?? '').toLowerCase()]) throw fieldError('method', `${rule.path} has no ${rule.method}`);
  }
  if (rule.status === undefined && rule.latency_ms === undefined && rule.drop !== true) throw fieldError('status', 'say how to fail: a status, latency_ms or drop');
  return { status: 201, body: { id: await call.context.faults.add(call.merchantId, rule) } };
};

export const listFaults: Op = async (call) => ({ body: await call.context.faults.list(call.merchantId) });

export const deleteFault: Op = async (call) => {
  if (!(await call.context.faults.remove(call.merchantId, Number(call.params.fault_id)))) throw notFound(`no fault ${call.params.fault_id}`);
  return { status: 204 };
};
