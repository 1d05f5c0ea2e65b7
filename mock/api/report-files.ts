/**
 * The transactions report as files: one row per entry, one column per field of the entry, named by
 * its path in the JSON entry (`transaction.id`, `payment_details.payment.amount`, …).
 *
 * CSV is RFC 4180 (a header row, CRLF, fields with `"`, `,`, CR or LF quoted, quotes doubled). A
 * text cell that a spreadsheet would take for a formula (starting with `=`, `+`, `-`, `@`, a tab
 * or CR) is written with a leading `'`, so opening the file runs nothing (OWASP "CSV injection").
 *
 * The `xls` format is an Office Open XML workbook (.xlsx), written by `write-excel-file`: Excel
 * and LibreOffice open it, text cells are text (never formulas), amounts numbers, dates dates.
 */
import type { ReportEntry } from '../store/transactions';

type Cell = string | number | null;

/** Every field of the entry as a column, named by its path. */
export const REPORT_HEADERS = [
  'transaction.id', 'transaction.external_id', 'transaction.status', 'transaction.dry_run',
  'transaction.transfer_date', 'transaction.project.id', 'transaction.project.name', 'transaction.payment_method.id',
  'transaction.payment_method.name', 'transaction.is_refund_allowed', 'transaction.refund_reason', 'user.id',
  'user.name', 'user.email', 'user.phone', 'user.country', 'user.custom', 'payment_details.payment.amount',
  'payment_details.payment.amount_from_ps', 'payment_details.payment.currency', 'payment_details.sales_tax.amount',
  'payment_details.sales_tax.percent', 'purchase.virtual_currency.amount', 'purchase.virtual_currency.name',
  'purchase.virtual_items', 'purchase.subscription.name', 'purchase.pin_codes.content', 'purchase.pin_codes.amount',
  'purchase.pin_codes.currency', 'purchase.simple_checkout.amount', 'purchase.simple_checkout.currency',
] as const;

/** The value at a path of the entry (an absent group's fields are empty). */
const at = (entry: ReportEntry, path: string): Cell =>
  (path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | null | undefined)?.[key], entry) as Cell | undefined) ?? null;

const rowOf = (entry: ReportEntry): Cell[] => REPORT_HEADERS.map((path) => at(entry, path));

/** A text cell a spreadsheet would run as a formula gets a leading `'`. */
export const defuse = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

function csvField(cell: Cell): string {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? String(cell) : defuse(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function reportCsv(entries: ReportEntry[]): string {
  return [REPORT_HEADERS, ...entries.map(rowOf)].map((row) => row.map(csvField).join(',') + '\r\n').join('');
}

const TRANSFER_DATE = REPORT_HEADERS.indexOf('transaction.transfer_date');

export async function reportXlsx(entries: ReportEntry[]): Promise<Buffer> {
  const rows = entries.map((entry) => rowOf(entry).map((cell, i) => {
    if (i === TRANSFER_DATE && typeof cell === 'string') return { type: Date, value: new Date(cell), format: 'yyyy-mm-dd hh:mm:ss' };
    return cell === null ? null : typeof cell === 'number' ? { type: Number, value: cell } : { type: String, value: cell };
  }));
  const header = REPORT_HEADERS.map((value) => ({ type: String, value, fontWeight: 'bold' as const }));
  // Loaded when a workbook is asked for, not at every start.
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  return writeXlsxFile([header, ...rows], { sheet: 'Transactions', stickyRowsCount: 1 }).toBuffer();
}
