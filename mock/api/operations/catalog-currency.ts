/**
 * The virtual currency (service-spec.md "Virtual currency record", "Virtual currency"): the
 * project's one currency with its packages grouped by currency, its own fields' update, and the
 * packages (create `{id}`, the single record, update by the package-record shape, delete).
 */
import {
  CURRENCY_DEFAULTS, PACKAGE_DEFAULTS, currencyOf, currencyRecord, decimalsRule, findings, fitsCurrency, isObject, packageData,
  packageRecord, projectPackages, type Data,
} from '../../store/catalog';
import { changeVirtualCurrency } from '../../domain/catalog';
import { ApiError, mergeFindings } from '../app';
import { eachRecord, projectRecords } from '../project-records';
import { idParam, noContent, notFound, rememberedAnswer, type Op, type OpCall } from './common';

const projectOf = (call: OpCall) => idParam(call, 'project_id');

export const getVirtualCurrency: Op = async (call) => {
  const projectId = projectOf(call);
  const { sql } = call.context.db;
  // Remembered as shaped until the next write (a 404 is not remembered: store/read-cache.ts).
  return rememberedAnswer(call, `virtual_currency ${projectId}`, async () => {
    const currency = await currencyOf(sql, projectId);
    if (!currency) throw notFound(`project ${projectId} has no virtual currency yet: PUT …/virtual_currency writes it`);
    return { body: currencyRecord(projectId, currency, await projectPackages(sql, projectId)) };
  });
};

/** The currency's own fields after `body`: what it was (or the defaults), with the fields sent replaced. */
const mergedCurrency = (stored: Data | undefined, body: Data): Data => ({ ...CURRENCY_DEFAULTS, ...stored, ...body });

/**
 * Writes the currency's fields; the first write makes it (fields left out take the defaults). Made
 * from what the currency holds under the project's lock, and checked again there: a write at the
 * same time waits, and no field either sends is lost.
 */
export const updateVirtualCurrency: Op = async (call) => {
  await changeVirtualCurrency(call.context.db, projectOf(call), (stored) => {
    const data = mergedCurrency(stored, call.body as Data);
    const found = currencyFindings(data);
    if (found) throw new ApiError(422, 'Unprocessable Entity', mergeFindings(found));
    return data;
  });
  return noContent;
};

// Checked under the project's lock; before it only to join the schema's findings in one 422.
updateVirtualCurrency.checkedInside = true;
updateVirtualCurrency.check = async (call) => (isObject(call.body) ? currencyFindings(mergedCurrency(await currencyOf(call.context.db.sql, projectOf(call)), call.body)) : null);

/** A minimum of at least 0 and a maximum of at least it; a default currency among the base's. */
function currencyFindings(data: Data) {
  const found = findings();
  if (typeof data.min === 'number' && data.min < 0) found.add('min', 'must be at least 0');
  if (typeof data.min === 'number' && typeof data.max === 'number' && data.max < data.min) found.add('max', `must be at least min (${data.min})`);
  const base = isObject(data.base) ? Object.keys(data.base) : [];
  if (base.length && typeof data.default_currency === 'string' && !base.includes(data.default_currency)) {
    found.add('default_currency', `must be one of the currencies of base (${base.join(', ')})`);
  }
  return found.result();
};

const packages = projectRecords({
  table: 'packages',
  param: 'package_id',
  what: 'package',
  unique: { field: 'sku', column: (data) => data.sku ?? null },
  keep: (data) => packageData({ ...PACKAGE_DEFAULTS, ...data }),
  shape: eachRecord(packageRecord),
  /** One price per currency, in that currency's decimals; whole amounts of a discrete currency. */
  async check(sql, call, body) {
    const found = findings();
    const seen = new Set<string>();
    (Array.isArray(body.prices_array) ? (body.prices_array as unknown[]) : []).forEach((entry, i) => {
      if (!isObject(entry) || typeof entry.name !== 'string') return;
      if (seen.has(entry.name)) found.add(`prices_array[${i}].name`, `${entry.name} is priced twice`);
      seen.add(entry.name);
      if (typeof entry.value === 'number' && !fitsCurrency(entry.value, entry.name)) found.add(`prices_array[${i}].value`, decimalsRule(entry.name));
    });
    if (typeof body.amount === 'number' && !Number.isInteger(body.amount) && (await currencyOf(sql, projectOf(call)))?.is_currency_discrete === true) {
      found.add('amount', 'must be a whole number: the virtual currency is discrete');
    }
    return found.result();
  },
});

export const createPackage = packages.create;
export const getPackage = packages.get;
export const updatePackage = packages.update;
export const deletePackage = packages.remove;
