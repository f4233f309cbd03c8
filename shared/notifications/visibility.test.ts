import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../auth/permissions';
import { NOTIFICATION_STATUSES } from './status';
import { audienceLabel, canSeeNotification, isAimedAt, type NotificationViewer } from './visibility';

const viewer = (overrides: Partial<NotificationViewer> = {}): NotificationViewer => ({
  level: 'user',
  teamId: 'team-1',
  teamTypeId: 'exhibitor',
  ...overrides,
});
const published = (teamTypeIds: string[] = [], teamId: string | null = null) =>
  ({
    status: 'pushed',
    audience: teamId ? 'team' : teamTypeIds.length > 0 ? 'teamTypes' : 'everyone',
    teamId,
    teamTypeIds,
  }) as const;

describe('notification visibility (spec: admins all; others no team types or their team type)', () => {
  it('shows a notification with no team types to everyone, also members without a team', () => {
    expect(canSeeNotification(published(), viewer())).toBe(true);
    expect(canSeeNotification(published(), viewer({ teamId: null, teamTypeId: null }))).toBe(true);
  });

  it('shows a notification for some team types to those types only', () => {
    const n = published(['exhibitor', 'sponsor']);
    expect(canSeeNotification(n, viewer())).toBe(true);
    expect(canSeeNotification(n, viewer({ teamTypeId: 'sponsor' }))).toBe(true);
    expect(canSeeNotification(n, viewer({ teamTypeId: 'caterer' }))).toBe(false);
    expect(canSeeNotification(n, viewer({ teamTypeId: null }))).toBe(false);
  });

  it('shows a notification for one team to that team only', () => {
    const n = published([], 'team-1');
    expect(canSeeNotification(n, viewer())).toBe(true);
    expect(canSeeNotification(n, viewer({ teamId: 'team-2' }))).toBe(false);
    expect(canSeeNotification(n, viewer({ teamId: null }))).toBe(false);
  });

  it('shows admins every published notification, and nobody a draft or a scheduled one', () => {
    const aimedElsewhere = published(['sponsor'], null);
    for (const level of ['admin', 'staff'] as const) {
      expect(canSeeNotification(aimedElsewhere, viewer({ level }))).toBe(true);
      expect(canSeeNotification(published([], 'other'), viewer({ level, teamId: null }))).toBe(true);
    }
    for (const level of ['user', 'reportViewer', 'moderator'] as const) {
      expect(canSeeNotification(aimedElsewhere, viewer({ level }))).toBe(false);
    }
    for (const status of ['draft', 'scheduled'] as const) {
      expect(canSeeNotification({ ...published(), status }, viewer({ level: 'staff' }))).toBe(false);
    }
  });

  it('emails only those it is aimed at, whatever their level', () => {
    expect(isAimedAt(published(['sponsor']), viewer())).toBe(false);
    expect(isAimedAt(published(['exhibitor']), viewer())).toBe(true);
  });

  it('a viewer sees a published notification exactly when it is aimed at them or they are admin', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NOTIFICATION_STATUSES),
        fc.option(fc.constantFrom('t1', 't2'), { nil: null }),
        fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 3 }),
        fc.constantFrom(...PERMISSIONS),
        fc.option(fc.constantFrom('t1', 't2'), { nil: null }),
        fc.option(fc.constantFrom('a', 'b', 'c'), { nil: null }),
        (status, teamId, types, level, myTeam, myType) => {
          const audience = teamId ? 'team' : types.length > 0 ? 'teamTypes' : 'everyone';
          const n = { status, audience, teamId, teamTypeIds: teamId ? [] : types } as const;
          const v = { level, teamId: myTeam, teamTypeId: myType };
          const seen = canSeeNotification(n, v);
          if (status === 'draft' || status === 'scheduled') expect(seen).toBe(false);
          else if (level === 'admin' || level === 'staff') expect(seen).toBe(true);
          else expect(seen).toBe(isAimedAt(n, v));
          // Being aimed at one team never reaches a viewer of another team through their type.
          if (teamId && myTeam !== teamId) expect(isAimedAt(n, v)).toBe(false);
        },
      ),
    );
  });
});

describe('audience', () => {
  it("labels a team-type audience as the spec's restriction", () => {
    expect(audienceLabel(published())).toBe('Everyone');
    expect(audienceLabel(published(['a', 'b', 'a']))).toBe('Restricted: only applicable to 2 team type(s)');
    expect(audienceLabel(published([], 't'))).toBe('One team');
  });

  it('reaches nobody when every team type it was for has been deleted', () => {
    const orphan = { status: 'pushed', audience: 'teamTypes', teamId: null, teamTypeIds: [] } as const;
    expect(canSeeNotification(orphan, viewer())).toBe(false);
    expect(canSeeNotification(orphan, viewer({ teamTypeId: null }))).toBe(false);
    expect(canSeeNotification(orphan, viewer({ level: 'admin' }))).toBe(true);
  });
});
