import type { ScopePlan } from './logic-plan';

/**
 * What each field's visibility depends on: the section or page it sits under, and for a field
 * that logic shows or hides, each entry's owner and every field the entry's rules read.
 */
export function dependencies(plan: ScopePlan): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const id of plan.fieldIds) {
    const needs = new Set<string>();
    const container = plan.containerOf.get(id);
    if (container !== undefined) needs.add(container);
    for (const key of plan.controllers.get(id) ?? []) {
      needs.add(key);
      for (const rule of plan.entries.get(key)?.rules ?? []) {
        const readsField = rule.sourceType !== 'client' && rule.sourceType !== 'customField';
        if (readsField && plan.fields.has(rule.sourceId)) needs.add(rule.sourceId);
      }
    }
    graph.set(id, [...needs]);
  }
  return graph;
}

/**
 * The circles in the dependency graph, each once (as the ids along it, starting from the field
 * first met in form order). A depth-first walk finds a circle whenever it meets a field it is
 * still inside.
 */
export function findCycles(plan: ScopePlan): string[][] {
  const graph = dependencies(plan);
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const cycles: string[][] = [];
  const seen = new Set<string>();

  function visit(id: string): void {
    state.set(id, 'open');
    path.push(id);
    for (const next of graph.get(id) ?? []) {
      const status = state.get(next);
      if (status === 'open') {
        const cycle = path.slice(path.indexOf(next));
        const key = [...cycle].sort().join('|');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(cycle);
        }
      } else if (status === undefined) {
        visit(next);
      }
    }
    path.pop();
    state.set(id, 'done');
  }

  for (const id of plan.fieldIds) if (!state.has(id)) visit(id);
  return cycles;
}
