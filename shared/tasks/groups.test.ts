import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupTasks } from './groups';

const task = (id: string, title = id) => ({ id, title });
const group = (id: string, taskIds: string[], isArchived = false) => ({
  id,
  title: `Group ${id}`,
  taskIds,
  isArchived,
});

describe('groupTasks', () => {
  it('keeps group order and task order, then puts the rest in Unassigned by title', () => {
    const tasks = [task('a', 'Zebra'), task('b'), task('c'), task('d', 'Apple')];
    const sections = groupTasks([group('g2', ['c', 'b']), group('g1', ['missing'])], tasks);
    expect(sections.map((s) => [s.groupId, s.title, s.tasks.map((t) => t.id)])).toEqual([
      ['g2', 'Group g2', ['c', 'b']],
      ['unassigned', 'Unassigned', ['d', 'a']],
    ]);
  });

  it('leaves out archived groups, whose tasks fall into Unassigned', () => {
    const sections = groupTasks([group('g', ['a'], true)], [task('a')]);
    expect(sections.map((s) => s.groupId)).toEqual(['unassigned']);
  });

  it('shows every given task at least once and no task it was not given', () => {
    const ids = fc.constantFrom('a', 'b', 'c', 'd', 'e');
    fc.assert(
      fc.property(
        fc.uniqueArray(ids),
        fc.array(fc.record({ taskIds: fc.uniqueArray(ids), isArchived: fc.boolean() }), { maxLength: 3 }),
        (taskIds, groups) => {
          const tasks = taskIds.map((id) => task(id));
          const sections = groupTasks(
            groups.map((g, index) => ({ ...g, id: `g${index}`, title: `G${index}` })),
            tasks,
          );
          const shown = new Set(sections.flatMap((s) => s.tasks.map((t) => t.id)));
          expect([...shown].sort()).toEqual([...taskIds].sort());
          for (const section of sections) expect(section.tasks.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});
