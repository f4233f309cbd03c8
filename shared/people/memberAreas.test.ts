import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../auth/permissions';
import { areaOfPath, MEMBER_AREAS, type MemberArea, mayOpenArea, openAreas, pathIsOpen } from './memberAreas';
import { memberAreasBodySchema } from './memberAreasApi';
import { TEAM_ROLES } from './teams';

const member = (memberAreas: MemberArea[] | null) =>
  ({ permissions: 'user', teamRole: 'teamMember', memberAreas }) as const;

describe('team members areas', () => {
  it('opens every area by default (never chosen)', () => {
    expect(openAreas(member(null))).toEqual([...MEMBER_AREAS]);
  });

  it('closes to a team member the areas left out of their list', () => {
    const holder = member(['content', 'tasks']);
    expect(mayOpenArea(holder, 'suppliers')).toBe(false);
    expect(mayOpenArea(holder, 'tasks')).toBe(true);
    expect(openAreas(holder)).toEqual(['content', 'tasks']);
  });

  it('an empty list closes every area to a team member', () => {
    expect(openAreas(member([]))).toEqual([]);
  });

  it('never closes an area to a team owner, someone without a team, or a moderator and above', () => {
    expect(openAreas({ permissions: 'user', teamRole: 'teamOwner', memberAreas: [] })).toHaveLength(8);
    expect(openAreas({ permissions: 'user', teamRole: null, memberAreas: [] })).toHaveLength(8);
    expect(openAreas({ permissions: 'moderator', teamRole: 'teamMember', memberAreas: [] })).toHaveLength(8);
    expect(openAreas({ permissions: 'reportViewer', teamRole: 'teamMember', memberAreas: [] })).toEqual([]);
  });

  it('open areas are exactly the chosen ones for any team member below moderator', () => {
    fc.assert(
      fc.property(
        fc.subarray([...MEMBER_AREAS]),
        fc.constantFrom('user', 'reportViewer' as const),
        (chosen, permissions) => {
          const open = openAreas({ permissions, teamRole: 'teamMember', memberAreas: chosen });
          expect(new Set(open)).toEqual(new Set(chosen));
        },
      ),
    );
  });

  it('anyone else opens every area whatever is stored', () => {
    fc.assert(
      fc.property(
        fc.subarray([...MEMBER_AREAS]),
        fc.constantFrom(...PERMISSIONS),
        fc.constantFrom(null, ...TEAM_ROLES),
        (chosen, permissions, teamRole) => {
          fc.pre(!(teamRole === 'teamMember' && (permissions === 'user' || permissions === 'reportViewer')));
          expect(openAreas({ permissions, teamRole, memberAreas: chosen })).toEqual([...MEMBER_AREAS]);
        },
      ),
    );
  });

  it('accepts a body of known areas once each, in the spec order; refuses unknown or repeated areas', () => {
    expect(memberAreasBodySchema.parse({ areas: ['tasks', 'content'] })).toEqual({
      areas: ['content', 'tasks'],
    });
    expect(memberAreasBodySchema.safeParse({ areas: ['billing'] }).success).toBe(false);
    expect(memberAreasBodySchema.safeParse({ areas: ['tasks', 'tasks'] }).success).toBe(false);
    expect(memberAreasBodySchema.safeParse({ areas: [], extra: 1 }).success).toBe(false);
  });
});

describe('the screens of each area', () => {
  it('maps each member screen to its area and leaves the rest open', () => {
    expect(areaOfPath('/suppliers')).toBe('suppliers');
    expect(areaOfPath('/suppliers/abc')).toBe('suppliers');
    expect(areaOfPath('/content/abc/supplier/def')).toBe('content');
    expect(areaOfPath('/tasks/abc')).toBe('tasks');
    expect(areaOfPath('/my-team/add-team-member')).toBe('team');
    expect(areaOfPath('/my-account')).toBe('myAccount');
    expect(areaOfPath('/')).toBeNull();
    expect(areaOfPath('/forms')).toBeNull();
    expect(areaOfPath('/my-events')).toBeNull();
    expect(areaOfPath('/suppliersx')).toBeNull();
  });

  it('a link is shown only when its area is open', () => {
    expect(pathIsOpen('/suppliers', ['content'])).toBe(false);
    expect(pathIsOpen('/content/1', ['content'])).toBe(true);
    expect(pathIsOpen('/forms', [])).toBe(true);
  });
});
