import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canSeeTask, type TaskViewer } from '../tasks/visibility';
import { canSeeSession, sessionRestriction, sessionsForViewer } from './visibility';

const caterer = '11111111-1111-4111-8111-111111111111';
const builder = '22222222-2222-4222-8222-222222222222';
const viewer = (over: Partial<TaskViewer> = {}): TaskViewer => ({
  level: 'user',
  isOrganiserTeam: false,
  teamTypeId: caterer,
  standShareRole: 'none',
  ...over,
});
const everyone = { teamTypeIds: [], showToChildTeams: true };
const builders = { teamTypeIds: [builder], showToChildTeams: false };

describe('who sees a session', () => {
  it('shows unrestricted sessions to every team, restricted ones to their team types', () => {
    expect(canSeeSession(everyone, viewer())).toBe(true);
    expect(canSeeSession(builders, viewer())).toBe(false);
    expect(canSeeSession(builders, viewer({ teamTypeId: builder }))).toBe(true);
    expect(canSeeSession(builders, viewer({ teamTypeId: null }))).toBe(false);
  });

  it('shows a child stand share only sessions shown to stand shares', () => {
    expect(canSeeSession(everyone, viewer({ standShareRole: 'child' }))).toBe(true);
    expect(canSeeSession({ ...everyone, showToChildTeams: false }, viewer({ standShareRole: 'child' }))).toBe(
      false,
    );
    expect(canSeeSession(builders, viewer({ teamTypeId: builder, standShareRole: 'parent' }))).toBe(true);
  });

  it('shows moderators and the organiser team everything, even before the page is published', () => {
    const sessions = [everyone, builders];
    expect(sessionsForViewer(sessions, viewer({ level: 'moderator' }), false)).toEqual(sessions);
    expect(sessionsForViewer(sessions, viewer({ isOrganiserTeam: true }), true)).toEqual(sessions);
    expect(sessionsForViewer(sessions, viewer(), false)).toEqual([]);
    expect(sessionsForViewer(sessions, viewer(), true)).toEqual([everyone]);
  });

  it('labels a restriction with the spec words', () => {
    expect(sessionRestriction(everyone)).toBeNull();
    expect(sessionRestriction({ teamTypeIds: [caterer, builder, caterer] })?.detail).toBe(
      'only applicable to 2 team type(s)',
    );
  });

  it('property: a session is seen exactly as a task with the same audience is', () => {
    const id = fc.constantFrom(caterer, builder);
    fc.assert(
      fc.property(
        fc.record({ teamTypeIds: fc.array(id, { maxLength: 2 }), showToChildTeams: fc.boolean() }),
        fc.record({
          level: fc.constantFrom('user', 'reportViewer', 'moderator', 'admin', 'staff'),
          isOrganiserTeam: fc.boolean(),
          teamTypeId: fc.option(id),
          standShareRole: fc.constantFrom('none', 'parent', 'child'),
        }),
        (session, v) => {
          expect(canSeeSession(session, v as TaskViewer)).toBe(canSeeTask(session, v as TaskViewer));
        },
      ),
    );
  });
});
