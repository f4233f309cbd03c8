import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERMISSION_RANK, PERMISSIONS, type Permission } from '../auth/permissions';
import { canSeeTask, restrictionLabel, type TaskViewer, tasksForViewer } from './visibility';

const team = (overrides: Partial<TaskViewer> = {}): TaskViewer => ({
  level: 'user',
  isOrganiserTeam: false,
  teamTypeId: 'exhibitor',
  standShareRole: 'none',
  ...overrides,
});
const task = (teamTypeIds: string[], showToChildTeams = false) => ({ teamTypeIds, showToChildTeams });

describe('task visibility (spec examples)', () => {
  it('moderators and above see all tasks', () => {
    for (const level of ['moderator', 'admin', 'staff'] as const) {
      expect(canSeeTask(task(['sponsor']), team({ level, standShareRole: 'child' }))).toBe(true);
    }
    expect(canSeeTask(task(['sponsor']), team({ level: 'reportViewer' }))).toBe(false);
  });

  it('organiser-team members see all tasks', () => {
    expect(canSeeTask(task(['sponsor']), team({ isOrganiserTeam: true, teamTypeId: null }))).toBe(true);
  });

  it('others see unrestricted tasks and tasks of their team type', () => {
    expect(canSeeTask(task([]), team())).toBe(true);
    expect(canSeeTask(task(['sponsor', 'exhibitor']), team())).toBe(true);
    expect(canSeeTask(task(['sponsor']), team())).toBe(false);
    expect(canSeeTask(task(['sponsor']), team({ teamTypeId: null }))).toBe(false);
    expect(canSeeTask(task([]), team({ teamTypeId: null }))).toBe(true);
  });

  it('parent stand-share teams are ordinary teams here', () => {
    expect(canSeeTask(task([]), team({ standShareRole: 'parent' }))).toBe(true);
  });

  it('child stand-share teams see unrestricted or matching tasks only when shown to child teams', () => {
    const child = team({ standShareRole: 'child' });
    expect(canSeeTask(task([], true), child)).toBe(true);
    expect(canSeeTask(task(['exhibitor'], true), child)).toBe(true);
    expect(canSeeTask(task([], false), child)).toBe(false);
    expect(canSeeTask(task(['sponsor'], true), child)).toBe(false);
  });

  it('team lists leave out archived tasks, even for viewers who see all', () => {
    const tasks = [
      { id: 'a', isArchived: false, ...task([]) },
      { id: 'b', isArchived: true, ...task([]) },
      { id: 'c', isArchived: false, ...task(['sponsor']) },
    ];
    expect(tasksForViewer(tasks, team()).map((t) => t.id)).toEqual(['a']);
    expect(tasksForViewer(tasks, team({ level: 'admin' })).map((t) => t.id)).toEqual(['a', 'c']);
  });
});

describe('restriction label', () => {
  it("shows 'Restricted' and 'only applicable to N team type(s)' for restricted tasks only", () => {
    expect(restrictionLabel(task([]))).toBeNull();
    expect(restrictionLabel(task(['a']))).toEqual({
      label: 'Restricted',
      detail: 'only applicable to 1 team type(s)',
    });
    expect(restrictionLabel(task(['a', 'b', 'a']))?.detail).toBe('only applicable to 2 team type(s)');
  });
});

describe('visibility properties', () => {
  const typeId = fc.constantFrom('exhibitor', 'sponsor', 'media', 'catering');
  const anyTask = fc.record({
    teamTypeIds: fc.array(typeId, { maxLength: 3 }),
    showToChildTeams: fc.boolean(),
  });
  const anyViewer = fc.record({
    level: fc.constantFrom(...PERMISSIONS),
    isOrganiserTeam: fc.boolean(),
    teamTypeId: fc.option(typeId, { nil: null }),
    standShareRole: fc.constantFrom('none', 'parent', 'child' as const),
  });

  it('is monotone in level: a higher level sees at least what a lower one sees', () => {
    fc.assert(
      fc.property(anyTask, anyViewer, fc.constantFrom(...PERMISSIONS), (t, viewer, other) => {
        const [low, high]: Permission[] =
          PERMISSION_RANK[viewer.level] <= PERMISSION_RANK[other]
            ? [viewer.level, other]
            : [other, viewer.level];
        if (canSeeTask(t, { ...viewer, level: low }))
          expect(canSeeTask(t, { ...viewer, level: high })).toBe(true);
      }),
    );
  });

  it('a moderator sees everything', () => {
    fc.assert(
      fc.property(
        anyTask,
        anyViewer,
        fc.constantFrom('moderator', 'admin', 'staff' as const),
        (t, viewer, level) => {
          expect(canSeeTask(t, { ...viewer, level })).toBe(true);
        },
      ),
    );
  });

  it('removing all team type restrictions never hides a task from a non-child team', () => {
    fc.assert(
      fc.property(anyTask, anyViewer, (t, viewer) => {
        fc.pre(viewer.standShareRole !== 'child');
        expect(canSeeTask({ ...t, teamTypeIds: [] }, viewer)).toBe(true);
      }),
    );
  });

  it('adding a team type to a restriction never hides the task from anyone who saw it', () => {
    fc.assert(
      fc.property(anyTask, anyViewer, typeId, (t, viewer, extra) => {
        fc.pre(t.teamTypeIds.length > 0);
        if (!canSeeTask({ ...t, teamTypeIds: [...t.teamTypeIds, extra] }, viewer)) {
          expect(canSeeTask(t, viewer)).toBe(false);
        }
      }),
    );
  });

  it('a child team never sees more than the same team would as a non-child', () => {
    fc.assert(
      fc.property(anyTask, anyViewer, (t, viewer) => {
        if (canSeeTask(t, { ...viewer, standShareRole: 'child' })) {
          expect(canSeeTask(t, { ...viewer, standShareRole: 'none' })).toBe(true);
        }
      }),
    );
  });
});
