import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTeamBodySchema, teamListQuerySchema } from './schema';
import { isTeamFull, parentRoleAfterChildLeaves, STAND_SHARE_ROLES, standShareRoles } from './teams';

describe('team rules', () => {
  it('a team is full when its members reach teamMemberLimit (spec default 15)', () => {
    expect(isTeamFull(14, 15)).toBe(false);
    expect(isTeamFull(15, 15)).toBe(true);
    fc.assert(
      fc.property(fc.nat(2000), fc.integer({ min: 1, max: 1000 }), (members, limit) => {
        expect(isTeamFull(members, limit)).toBe(members >= limit);
        // Adding one member to a full team never makes it not full.
        if (isTeamFull(members, limit)) expect(isTeamFull(members + 1, limit)).toBe(true);
      }),
    );
  });

  it('a stand share makes the parent a parent and the new team a child; a child takes no children', () => {
    expect(standShareRoles('none')).toEqual({ parent: 'parent', child: 'child' });
    expect(standShareRoles('parent')).toEqual({ parent: 'parent', child: 'child' });
    expect(standShareRoles('child')).toBeNull();
    expect(STAND_SHARE_ROLES).toEqual(['none', 'parent', 'child']);
  });

  it('a parent stays a parent only while children remain', () => {
    expect(parentRoleAfterChildLeaves(0)).toBe('none');
    expect(parentRoleAfterChildLeaves(2)).toBe('parent');
  });
});

describe('team contracts', () => {
  it('trims names and trims and lower-cases the owner email (spec: createTeam)', () => {
    const parsed = createTeamBodySchema.parse({
      name: '  Harbour Bakery ',
      owner: { firstName: ' Ada ', surname: ' Baker ', email: ' Ada.Baker@Example.COM ' },
    });
    expect(parsed).toEqual({
      name: 'Harbour Bakery',
      owner: { firstName: 'Ada', surname: 'Baker', email: 'ada.baker@example.com' },
      teamTypeId: null,
      isOrganiser: false,
      customFields: {},
    });
  });

  it('refuses unknown keys and empty names', () => {
    const owner = { firstName: 'A', surname: 'B', email: 'a@b.co' };
    expect(createTeamBodySchema.safeParse({ name: 'X', owner, ownerId: 'x' }).success).toBe(false);
    expect(createTeamBodySchema.safeParse({ name: '  ', owner }).success).toBe(false);
  });

  it('the team list sorts by name by default', () => {
    expect(teamListQuerySchema.parse({})).toEqual({ page: 1, sort: 'name', order: 'asc' });
    expect(teamListQuerySchema.parse({ notLoggedIn: 'true', standShare: 'child' })).toMatchObject({
      notLoggedIn: true,
      standShare: 'child',
    });
  });
});
