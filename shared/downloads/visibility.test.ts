import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canSeeDownload, type DownloadViewer, downloadRestriction } from './visibility';

const open = { showDownload: true, showToChildTeams: false, showToTeamTypeIds: [], hideFromTeamTypeIds: [] };
const user = (teamTypeId: string | null, standShareRole: DownloadViewer['standShareRole'] = 'none') =>
  ({ level: 'user', teamTypeId, standShareRole }) as const;

describe('canSeeDownload', () => {
  it('shows an unrestricted download to every team, and to members without a team', () => {
    expect(canSeeDownload(open, user('exhibitor'))).toBe(true);
    expect(canSeeDownload(open, user(null))).toBe(true);
  });

  it('limits a show-to list to its team types', () => {
    const d = { ...open, showToTeamTypeIds: ['exhibitor'] };
    expect(canSeeDownload(d, user('exhibitor'))).toBe(true);
    expect(canSeeDownload(d, user('sponsor'))).toBe(false);
    expect(canSeeDownload(d, user(null))).toBe(false);
  });

  it('hides from the team types of the hide-from list only', () => {
    const d = { ...open, hideFromTeamTypeIds: ['sponsor'] };
    expect(canSeeDownload(d, user('sponsor'))).toBe(false);
    expect(canSeeDownload(d, user('exhibitor'))).toBe(true);
    expect(canSeeDownload(d, user(null))).toBe(true);
  });

  it('shows child stand shares only downloads shown to stand shares', () => {
    expect(canSeeDownload(open, user('exhibitor', 'child'))).toBe(false);
    expect(canSeeDownload({ ...open, showToChildTeams: true }, user('exhibitor', 'child'))).toBe(true);
    expect(canSeeDownload(open, user('exhibitor', 'parent'))).toBe(true);
  });

  it('hides a download that is not shown', () => {
    expect(canSeeDownload({ ...open, showDownload: false }, user('exhibitor'))).toBe(false);
  });

  it('lets moderators and admins see everything they manage', () => {
    const hidden = { ...open, showDownload: false, showToTeamTypeIds: ['x'], hideFromTeamTypeIds: ['y'] };
    for (const level of ['moderator', 'admin', 'staff'] as const) {
      expect(canSeeDownload(hidden, { level, teamTypeId: 'y', standShareRole: 'child' })).toBe(true);
    }
    expect(canSeeDownload(hidden, { level: 'reportViewer', teamTypeId: 'x', standShareRole: 'none' })).toBe(
      false,
    );
  });

  it('never shows a user a download hidden from their team type, whatever else is set', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.constantFrom('a', 'b', 'c')),
        fc.constantFrom('a', 'b', 'c'),
        fc.constantFrom('none', 'parent', 'child') as fc.Arbitrary<DownloadViewer['standShareRole']>,
        (showDownload, showToChildTeams, showTo, type, role) => {
          const d = {
            showDownload,
            showToChildTeams,
            showToTeamTypeIds: showTo,
            hideFromTeamTypeIds: [type],
          };
          expect(canSeeDownload(d, user(type, role))).toBe(false);
        },
      ),
    );
  });
});

describe('downloadRestriction', () => {
  it('counts distinct team types', () => {
    expect(downloadRestriction({ showToTeamTypeIds: [] })).toBeNull();
    expect(downloadRestriction({ showToTeamTypeIds: ['a', 'a', 'b'] })?.detail).toBe(
      'only applicable to 2 team type(s)',
    );
  });
});
