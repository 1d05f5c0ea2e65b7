/**
 * User attributes (service-spec.md "User attribute"): create `{id}`, read, list (the spec's array
 * of records), update (a field left out keeps its value) and delete. `key` is unique in a project;
 * `list_of_values` holds values of the attribute's `type` (integers for `int`, strings for `string`).
 */
import { ATTRIBUTE_DEFAULTS, attributeRecord, findings } from '../../store/catalog';
import { eachRecord, projectRecords } from '../project-records';

const attributes = projectRecords({
  table: 'user_attributes',
  param: 'attribute_id',
  what: 'user attribute',
  unique: { field: 'key', column: (data) => data.key },
  keep: (data) => ({ ...ATTRIBUTE_DEFAULTS, ...data }),
  shape: eachRecord(attributeRecord),
  /** The values must be of the attribute's type, each listed once. */
  check(_sql, _call, _body, data) {
    const found = findings();
    const seen = new Set<unknown>();
    (Array.isArray(data.list_of_values) ? (data.list_of_values as unknown[]) : []).forEach((value, i) => {
      if (data.type === 'int' && !Number.isInteger(value)) found.add(`list_of_values[${i}]`, 'must be an integer: the attribute is of type int');
      if (data.type === 'string' && typeof value !== 'string') found.add(`list_of_values[${i}]`, 'must be a string: the attribute is of type string');
      if (seen.has(value)) found.add(`list_of_values[${i}]`, 'is listed twice');
      seen.add(value);
    });
    return found.result();
  },
});

export const createUserAttribute = attributes.create;
export const getUserAttribute = attributes.get;
export const listUserAttributes = attributes.list;
export const updateUserAttribute = attributes.update;
export const deleteUserAttribute = attributes.remove;
