/**
 * Reports (service-spec.md "Reports") and a user's transactions ("Users"): the transactions search
 * as JSON, CSV or a spreadsheet, one transaction's details, and `users/transactions.json`. What
 * they read and the choices where the spec says "not shown": mock/store/transactions.ts.
 *
 * A page is `offset`/`limit` with the total in `X-Total-Count`; a CSV or spreadsheet download
 * without `limit` holds every transaction that passes the filters (a file is the whole report).
 */
import { findTransaction, findTransactions, reportEntry, transactionDetails, userTransactions, type TransactionFilter } from '../../store/transactions';
import { reportCsv, reportXlsx } from '../report-files';
import { idParam, notFound, paging, type Op } from './common';

const FILE_TYPES = {
  csv: 'text/csv; charset=utf-8; header=present',
  xls: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
const FILE_NAMES = { csv: 'transactions.csv', xls: 'transactions.xlsx' } as const;

export const searchTransactions: Op = async (call) => {
  const format = call.params.format as 'json' | 'csv' | 'xls';
  const { offset, limit } = paging(call);
  const limitGiven = (call.request.query as Record<string, unknown>).limit !== undefined;
  const { offset: _o, limit: _l, ...filter } = call.query as TransactionFilter & { offset?: number; limit?: number };
  const range = { offset, limit: format === 'json' || limitGiven ? limit : null };
  const { transactions, total } = await findTransactions(call.context.db.sql, call.merchantId, filter, range);
  const entries = transactions.map(reportEntry);
  const headers = { 'x-total-count': total };
  if (format === 'json') return { body: entries, headers };
  const file = format === 'csv' ? reportCsv(entries) : await reportXlsx(entries);
  return { body: file, headers: { ...headers, 'content-type': FILE_TYPES[format], 'content-disposition': `attachment; filename="${FILE_NAMES[format]}"` } };
};

export const getTransactionDetails: Op = async (call) => {
  const id = idParam(call, 'transaction_id');
  const transaction = await findTransaction(call.context.db.sql, call.merchantId, id);
  if (!transaction) throw notFound(`no transaction ${id} of merchant ${call.merchantId}`);
  return { body: transactionDetails(transaction) };
};

export const listUserTransactions: Op = async (call) => {
  const { offset, limit } = paging(call);
  const entries = await userTransactions(call.context.db.sql, call.merchantId, call.query as Parameters<typeof userTransactions>[2]);
  return { body: entries.slice(offset, offset + limit), headers: { 'x-total-count': entries.length } };
};
