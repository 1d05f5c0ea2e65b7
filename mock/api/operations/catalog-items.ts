/**
 * Virtual items (service-spec.md "Virtual item", "Virtual items and groups"): create `{id}`, the
 * single item, the list (entries exactly as the spec's table, `has_price`), update (a field left
 * out keeps its value) and delete. Prices are taken as numbers or numeric strings and answered as
 * numbers in their currency's decimals.
 */
import { ITEM_DEFAULTS, currencyOf, decimalsRule, findings, fitsCurrency, isObject, itemData, itemListEntry, itemRecord, missingIds } from '../../store/catalog';
import type { PageCondition } from '../../store/pages';
import { eachRecord, projectRecords } from '../project-records';
import { idParam } from './common';

/** `has_price`: items with a price in virtual currency, or with one in real currency. */
const HAS_PRICE: Record<string, PageCondition> = {
  virtual_currency: 'virtual_currency_price',
  real_currency: 'real_currency_price',
};

const items = projectRecords({
  table: 'items',
  param: 'item_id',
  what: 'item',
  unique: { field: 'sku', column: (data) => data.sku },
  keep: (data) => itemData({ ...ITEM_DEFAULTS, ...data }),
  shape: eachRecord(itemRecord),
  listShape: eachRecord(itemListEntry),
  /**
   * Prices in their currency's decimals, a `default_currency` the item has a price in, groups of
   * this project, a virtual currency price the project's currency can take.
   */
  async check(sql, call, body, item) {
    const projectId = idParam(call, 'project_id');
    const found = findings();
    for (const [currency, value] of Object.entries(isObject(body.prices) ? body.prices : {})) {
      if ((typeof value === 'number' || typeof value === 'string') && Number.isFinite(Number(value)) && !fitsCurrency(value, currency)) found.add(`prices.${currency}`, decimalsRule(currency));
    }
    const priced = Object.keys(item.prices as object);
    if (priced.length && typeof item.default_currency === 'string' && !priced.includes(item.default_currency)) {
      found.add('default_currency', `must be one of the item's price currencies (${priced.join(', ')})`);
    }
    if (Array.isArray(body.groups)) {
      const groups = body.groups as unknown[];
      const missing = await missingIds(sql, 'item_groups', projectId, groups.filter((id): id is number => Number.isInteger(id)));
      groups.forEach((id, i) => {
        if (typeof id === 'number' && missing.has(id)) found.add(`groups[${i}]`, `no item group ${id} in this project`);
      });
    }
    const vc = body.virtual_currency_price;
    if (vc !== null && vc !== undefined) {
      const currency = await currencyOf(sql, projectId);
      if (!currency) found.add('virtual_currency_price', 'the project has no virtual currency: PUT …/virtual_currency first');
      else if (currency.is_currency_discrete === true && !Number.isInteger(Number(vc))) found.add('virtual_currency_price', 'must be a whole number: the virtual currency is discrete');
    }
    return found.result();
  },
  filter: (call) => HAS_PRICE[call.query.has_price as string],
});

export const createItem = items.create;
export const getItem = items.get;
export const updateItem = items.update;
export const deleteItem = items.remove;
export const listItems = items.list;
