import type { FormDefinition } from './definition';
import type { Field } from './schema/field';
import type { LogicEntry, LogicMap } from './schema/logic';

/**
 * The parts of a form (or a field group) that logic reads, indexed once so that evaluating
 * visibility on every keystroke only walks maps.
 */
export interface ScopePlan {
  /** The scope's field ids in order, leaving out ids that have no field. */
  fieldIds: string[];
  fields: ReadonlyMap<string, Field>;
  /** The section or newPage a field sits under: hiding it hides the field. */
  containerOf: ReadonlyMap<string, string>;
  /** For a field that a logic entry shows or hides: the keys of those entries, in map order. */
  controllers: ReadonlyMap<string, string[]>;
  /** Logic entries whose key is a field of this scope (others can never apply). */
  entries: ReadonlyMap<string, LogicEntry>;
  /** For each template field: the plan of its field group, evaluated once per loop. */
  groups: ReadonlyMap<string, ScopePlan>;
}

/**
 * A section governs the fields after it up to the next section or page; a newPage governs its
 * whole page (sections on it included). This is what lets one logic entry show a whole block.
 */
function containers(fieldIds: readonly string[], fields: ReadonlyMap<string, Field>): Map<string, string> {
  const containerOf = new Map<string, string>();
  let page: string | null = null;
  let section: string | null = null;
  for (const id of fieldIds) {
    const type = fields.get(id)?.type;
    if (type === 'newPage') {
      page = id;
      section = null;
      continue;
    }
    const container = type === 'section' ? page : (section ?? page);
    if (container !== null) containerOf.set(id, container);
    if (type === 'section') section = id;
  }
  return containerOf;
}

export function planScope(
  scopeFieldIds: readonly string[],
  logicMap: LogicMap,
  allFields: Readonly<Record<string, Field>>,
  groupPlans: ReadonlyMap<string, ScopePlan> = new Map(),
): ScopePlan {
  const fields = new Map<string, Field>();
  for (const id of scopeFieldIds) {
    const field = allFields[id];
    if (field && !fields.has(id)) fields.set(id, field);
  }
  const entries = new Map<string, LogicEntry>();
  const controllers = new Map<string, string[]>();
  for (const [key, entry] of Object.entries(logicMap)) {
    if (!fields.has(key)) continue;
    entries.set(key, entry);
    for (const target of new Set([entry.thenFieldId, entry.elseFieldId])) {
      if (!target) continue;
      const keys = controllers.get(target) ?? [];
      keys.push(key);
      controllers.set(target, keys);
    }
  }
  const fieldIds = [...fields.keys()];
  return {
    fieldIds,
    fields,
    containerOf: containers(fieldIds, fields),
    controllers,
    entries,
    groups: groupPlans,
  };
}

/** The plan of a form: its own fields, plus one plan per template for the group it embeds. */
export function planForm(definition: FormDefinition): ScopePlan {
  const groups = new Map<string, ScopePlan>();
  for (const id of definition.form.fieldIds) {
    const field = definition.fields[id];
    if (field?.type !== 'template') continue;
    const group = definition.fieldGroups[field.fieldGroupId];
    // A template's group never expands templates of its own: templates do not nest.
    groups.set(id, planScope(group?.fieldIds ?? [], group?.logicMap ?? {}, definition.fields));
  }
  return planScope(definition.form.fieldIds, definition.form.logicMap, definition.fields, groups);
}

interface CachedPlan {
  form: FormDefinition['form'];
  fields: FormDefinition['fields'];
  fieldGroups: FormDefinition['fieldGroups'];
  plan: ScopePlan;
}
const cachedPlans = new WeakMap<FormDefinition['form'], CachedPlan>();

/** planForm, remembered while the definition's form, fields and groups are the same objects. */
export function formPlan(definition: FormDefinition): ScopePlan {
  const cached = cachedPlans.get(definition.form);
  if (cached && cached.fields === definition.fields && cached.fieldGroups === definition.fieldGroups) {
    return cached.plan;
  }
  const plan = planForm(definition);
  cachedPlans.set(definition.form, { ...definition, plan });
  return plan;
}
