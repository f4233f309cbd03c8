import { FormsDataError } from './schema/common';
import type { Field } from './schema/field';
import type { FieldGroup } from './schema/field-group';
import type { LogicMap, Rule } from './schema/logic';

// Duplicating a field group: new ids everywhere, and logic that means the same on the copy.

export interface DuplicateOptions {
  /** Makes a fresh id (the server passes crypto.randomUUID; tests pass a counter). */
  newId: () => string;
  /** The person duplicating; the copy is stamped as theirs. */
  userId: string | null | undefined;
  /** ISO time of the copy. */
  now: string;
}

function newIdFor(idMap: ReadonlyMap<string, string>, id: string, message: string): string {
  const next = idMap.get(id);
  if (next === undefined) throw new FormsDataError(message);
  return next;
}

function rekeyRule(rule: Rule, idMap: ReadonlyMap<string, string>): Rule {
  // Custom fields and client data are not fields of the group: their ids stay as they are.
  if (rule.sourceType === 'customField' || rule.sourceType === 'client') return { ...rule };
  const message = 'No new ID found for source or nested ID';
  return {
    ...rule,
    sourceId: newIdFor(idMap, rule.sourceId, message),
    nestedId: rule.nestedId ? newIdFor(idMap, rule.nestedId, message) : '',
  };
}

/**
 * The logic map with every field id replaced by its new id. Throws the spec's error when an id
 * the logic points at has no new id, rather than leave logic pointing into the original.
 */
export function rekeyLogicMap(logicMap: LogicMap, idMap: ReadonlyMap<string, string>): LogicMap {
  const rekeyed: LogicMap = {};
  for (const [key, entry] of Object.entries(logicMap)) {
    const branch = (id: string) =>
      id ? newIdFor(idMap, id, 'No new ID found for then or else field ID') : '';
    rekeyed[newIdFor(idMap, key, 'No new ID found for logic map field ID')] = {
      operator: entry.operator,
      rules: entry.rules.map((rule) => rekeyRule(rule, idMap)),
      thenFieldId: branch(entry.thenFieldId),
      elseFieldId: branch(entry.elseFieldId),
    };
  }
  return rekeyed;
}

export interface DuplicatedFieldGroup {
  group: FieldGroup;
  fields: Field[];
  /** Original id to new id, for the group and each of its fields. */
  idMap: Map<string, string>;
}

/**
 * A copy of a field group: unpublished, titled '... (Copy)', with new ids for the group and all
 * its fields, and its logic re-pointed at the new fields. `fields` are the group's fields.
 */
export function duplicateFieldGroup(
  group: FieldGroup | null | undefined,
  fields: readonly Field[],
  options: DuplicateOptions,
): DuplicatedFieldGroup {
  if (!options.userId) throw new FormsDataError('Client is undefined');
  if (!group) throw new FormsDataError('Field group is undefined');
  const userId = options.userId;
  const stamps = { createdAt: options.now, createdBy: userId, updatedAt: options.now, updatedBy: userId };
  const groupId = options.newId();
  const idMap = new Map<string, string>([[group.id, groupId]]);
  const byId = new Map(fields.map((field) => [field.id, field]));
  const copies: Field[] = [];
  for (const id of group.fieldIds) {
    const field = byId.get(id);
    if (!field || idMap.has(id)) continue;
    const copyId = options.newId();
    idMap.set(id, copyId);
    // A template's fieldGroupId names the group it embeds, not the group it sits in.
    const fieldGroupId = field.type === 'template' ? field.fieldGroupId : groupId;
    copies.push({ ...field, ...stamps, id: copyId, fieldGroupId });
  }
  return {
    group: {
      ...group,
      ...stamps,
      id: groupId,
      title: `${group.title} (Copy)`,
      isPublished: false,
      isArchived: false,
      fieldIds: group.fieldIds.flatMap((id) => idMap.get(id) ?? []),
      logicMap: rekeyLogicMap(group.logicMap, idMap),
    },
    fields: copies,
    idMap,
  };
}
