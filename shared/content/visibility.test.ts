import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../auth/permissions';
import {
  type ContentViewer,
  canGuestSeeContent,
  canSeeContent,
  readableSections,
  type VisiblePageFields,
} from './visibility';

const EXHIBITOR = '11111111-1111-4111-8111-111111111111';
const SPONSOR = '22222222-2222-4222-8222-222222222222';

const page = (over: Partial<VisiblePageFields> = {}): VisiblePageFields => ({
  isArchived: false,
  isPublished: true,
  isPublic: false,
  allowedTeamTypeIds: [],
  showToChildTeams: false,
  ...over,
});
const viewer = (over: Partial<ContentViewer> = {}): ContentViewer => ({
  level: 'user',
  teamTypeId: EXHIBITOR,
  standShareRole: 'none',
  ...over,
});

describe('canSeeContent (spec examples)', () => {
  it('shows a published page with no team types to everyone', () => {
    expect(canSeeContent(page(), viewer())).toBe(true);
    expect(canSeeContent(page(), viewer({ teamTypeId: null }))).toBe(true);
  });

  it('hides archived and unpublished pages from users', () => {
    expect(canSeeContent(page({ isArchived: true }), viewer())).toBe(false);
    expect(canSeeContent(page({ isPublished: false }), viewer())).toBe(false);
  });

  it('shows a restricted page only to the listed team types', () => {
    const restricted = page({ allowedTeamTypeIds: [SPONSOR] });
    expect(canSeeContent(restricted, viewer({ teamTypeId: SPONSOR }))).toBe(true);
    expect(canSeeContent(restricted, viewer({ teamTypeId: EXHIBITOR }))).toBe(false);
    expect(canSeeContent(restricted, viewer({ teamTypeId: null }))).toBe(false);
  });

  it('shows pages to stand shares (child teams) only when shown to stand shares', () => {
    const child = viewer({ standShareRole: 'child' });
    expect(canSeeContent(page(), child)).toBe(false);
    expect(canSeeContent(page({ showToChildTeams: true }), child)).toBe(true);
    expect(canSeeContent(page(), viewer({ standShareRole: 'parent' }))).toBe(true);
    expect(canSeeContent(page({ showToChildTeams: true, allowedTeamTypeIds: [SPONSOR] }), child)).toBe(false);
  });

  it('lets moderators and admins see every page', () => {
    const hidden = page({ isArchived: true, isPublished: false, allowedTeamTypeIds: [SPONSOR] });
    expect(canSeeContent(hidden, viewer({ level: 'moderator' }))).toBe(true);
    expect(canSeeContent(hidden, viewer({ level: 'admin', standShareRole: 'child' }))).toBe(true);
    expect(canSeeContent(hidden, viewer({ level: 'reportViewer' }))).toBe(false);
  });
});

describe('canGuestSeeContent', () => {
  it('shows only public, published, unarchived pages to guests', () => {
    expect(canGuestSeeContent(page({ isPublic: true }))).toBe(true);
    expect(canGuestSeeContent(page())).toBe(false);
    expect(canGuestSeeContent(page({ isPublic: true, isPublished: false }))).toBe(false);
    expect(canGuestSeeContent(page({ isPublic: true, isArchived: true }))).toBe(false);
  });
});

describe('readableSections', () => {
  it('drops unpublished sections and keeps the order', () => {
    const sections = [
      { id: 'a', isPublished: true },
      { id: 'b', isPublished: false },
      { id: 'c', isPublished: true },
    ];
    expect(readableSections(sections).map((s) => s.id)).toEqual(['a', 'c']);
  });
});

describe('visibility properties', () => {
  const ids = fc.constantFrom(EXHIBITOR, SPONSOR, '33333333-3333-4333-8333-333333333333');
  const pages = fc.record({
    isArchived: fc.boolean(),
    isPublished: fc.boolean(),
    isPublic: fc.boolean(),
    allowedTeamTypeIds: fc.uniqueArray(ids, { maxLength: 3 }),
    showToChildTeams: fc.boolean(),
  });
  const viewers = fc.record({
    level: fc.constantFrom(...PERMISSIONS),
    teamTypeId: fc.option(ids, { nil: null }),
    standShareRole: fc.constantFrom('none' as const, 'parent' as const, 'child' as const),
  });

  it('a user who sees a page sees it published, unarchived, of an allowed type, and allowed if a child', () => {
    fc.assert(
      fc.property(pages, viewers, (p, v) => {
        const seen = canSeeContent(p, v);
        if (v.level === 'moderator' || v.level === 'admin' || v.level === 'staff') {
          expect(seen).toBe(true);
          return;
        }
        const expected =
          !p.isArchived &&
          p.isPublished &&
          (p.allowedTeamTypeIds.length === 0 ||
            (v.teamTypeId !== null && p.allowedTeamTypeIds.includes(v.teamTypeId))) &&
          (v.standShareRole !== 'child' || p.showToChildTeams);
        expect(seen).toBe(expected);
      }),
    );
  });

  it('a page a guest may see is one every plain user of a matching team sees too', () => {
    fc.assert(
      fc.property(pages, (p) => {
        fc.pre(canGuestSeeContent(p) && p.allowedTeamTypeIds.length === 0);
        expect(canSeeContent(p, viewer({ teamTypeId: null }))).toBe(true);
      }),
    );
  });
});
