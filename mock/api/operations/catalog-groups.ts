/**
 * Item groups (service-spec.md "Item group"): create `{id}`, read, list, update, delete. `code` and
 * `parent_id` are integers (the spec's sample sends them as strings; both are taken). A deleted
 * group leaves its items (they lose it from `groups`) and its child groups (they become top level).
 */
import { findings, groupAncestors, groupData, groupRecord, integerOf, missingIds } from '../../store/catalog';
import { eachRecord, projectRecords } from '../project-records';
import type { Sql } from '../../store/database';
import { idParam, type OpCall } from './common';

/** A code the database keeps exactly; a parent that is a group of this project, not the group itself or inside it. */
async function checkGroup(sql: Sql, call: OpCall, body: Record<string, unknown>, _group: unknown, self?: number) {
  const found = findings();
  const code = integerOf(body.code);
  if (code !== null && !Number.isSafeInteger(code)) found.add('code', `must be at most ${Number.MAX_SAFE_INTEGER}`);
  const parent = integerOf(body.parent_id);
  if (parent) {
    const projectId = idParam(call, 'project_id');
    if (!Number.isSafeInteger(parent) || (await missingIds(sql, 'item_groups', projectId, [parent])).size) {
      found.add('parent_id', `no item group ${String(body.parent_id)} in this project`);
    } else if (self !== undefined && (await groupAncestors(sql, projectId, parent)).includes(self)) {
      found.add('parent_id', parent === self ? 'a group cannot be its own parent' : `group ${parent} is inside this group`);
    }
  }
  return found.result();
}

const groups = projectRecords({
  table: 'item_groups',
  param: 'group_id',
  what: 'item group',
  unique: { field: 'code', column: (data) => (data.code === null ? null : String(data.code)) },
  keep: groupData,
  shape: eachRecord(groupRecord),
  check: checkGroup,
});

export const createGroup = groups.create;
export const getGroup = groups.get;
export const listGroups = groups.list;
export const updateGroup = groups.update;
export const deleteGroup = groups.remove;
