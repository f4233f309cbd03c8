import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../auth/permissions';
import { canSeeSupplier, isRestricted, suppliersForViewer } from './visibility';

const EXHIBITOR = 'type-exhibitor';
const SPONSOR = 'type-sponsor';
const supplier = (show: string[] = [], hide: string[] = [], isArchived = false) => ({
  isArchived,
  showToTeamTypeIds: show,
  hideFromTeamTypeIds: hide,
});
const member = (teamTypeId: string | null) => ({ level: 'user' as const, teamTypeId });

describe('canSeeSupplier (spec: show to / hide from team types)', () => {
  it('shows an unrestricted supplier to everyone, with or without a team type', () => {
    expect(canSeeSupplier(supplier(), member(EXHIBITOR))).toBe(true);
    expect(canSeeSupplier(supplier(), member(null))).toBe(true);
  });

  it('shows a supplier shown to some team types only to those types', () => {
    const s = supplier([EXHIBITOR]);
    expect(canSeeSupplier(s, member(EXHIBITOR))).toBe(true);
    expect(canSeeSupplier(s, member(SPONSOR))).toBe(false);
    expect(canSeeSupplier(s, member(null))).toBe(false);
  });

  it('hides a supplier hidden from a team type from that type only', () => {
    const s = supplier([], [SPONSOR]);
    expect(canSeeSupplier(s, member(SPONSOR))).toBe(false);
    expect(canSeeSupplier(s, member(EXHIBITOR))).toBe(true);
    expect(canSeeSupplier(s, member(null))).toBe(true);
  });

  it('lets hiding win when a type is in both lists', () => {
    expect(canSeeSupplier(supplier([EXHIBITOR], [EXHIBITOR]), member(EXHIBITOR))).toBe(false);
  });

  it('shows moderators and above every supplier, and nobody an archived one', () => {
    const s = supplier([EXHIBITOR], [SPONSOR]);
    expect(canSeeSupplier(s, { level: 'moderator', teamTypeId: SPONSOR })).toBe(true);
    expect(canSeeSupplier(s, { level: 'admin', teamTypeId: null })).toBe(true);
    expect(canSeeSupplier(s, { level: 'reportViewer', teamTypeId: SPONSOR })).toBe(false);
    expect(canSeeSupplier(supplier([], [], true), { level: 'admin', teamTypeId: null })).toBe(false);
  });

  it('marks a supplier restricted when either list is set', () => {
    expect(isRestricted(supplier())).toBe(false);
    expect(isRestricted(supplier([EXHIBITOR]))).toBe(true);
    expect(isRestricted(supplier([], [SPONSOR]))).toBe(true);
  });
});

describe('canSeeSupplier properties', () => {
  const types = fc.constantFrom('a', 'b', 'c', 'd');
  const anySupplier = fc.record({
    isArchived: fc.boolean(),
    showToTeamTypeIds: fc.uniqueArray(types),
    hideFromTeamTypeIds: fc.uniqueArray(types),
  });
  const anyViewer = fc.record({ level: fc.constantFrom(...PERMISSIONS), teamTypeId: fc.option(types) });

  it('never shows an archived supplier, and moderators see every other one', () => {
    fc.assert(
      fc.property(anySupplier, anyViewer, (s, viewer) => {
        const seen = canSeeSupplier(s, viewer);
        if (s.isArchived) expect(seen).toBe(false);
        else if (['moderator', 'admin', 'staff'].includes(viewer.level)) expect(seen).toBe(true);
      }),
    );
  });

  it('for members: visible exactly when not hidden from their type and shown to it or to all', () => {
    fc.assert(
      fc.property(anySupplier, fc.option(types), (s, teamTypeId) => {
        const active = { ...s, isArchived: false };
        const hidden = teamTypeId !== null && active.hideFromTeamTypeIds.includes(teamTypeId);
        const shown =
          active.showToTeamTypeIds.length === 0 ||
          (teamTypeId !== null && active.showToTeamTypeIds.includes(teamTypeId));
        expect(canSeeSupplier(active, { level: 'user', teamTypeId })).toBe(!hidden && shown);
      }),
    );
  });

  it('adding a team type to the hide list never makes a supplier visible to anyone', () => {
    fc.assert(
      fc.property(anySupplier, anyViewer, types, (s, viewer, extra) => {
        const before = canSeeSupplier(s, viewer);
        const after = canSeeSupplier(
          { ...s, hideFromTeamTypeIds: [...s.hideFromTeamTypeIds, extra] },
          viewer,
        );
        if (!before) expect(after).toBe(false);
      }),
    );
  });

  it('filters a list to exactly the suppliers canSeeSupplier allows, keeping order', () => {
    fc.assert(
      fc.property(fc.array(anySupplier), anyViewer, (list, viewer) => {
        expect(suppliersForViewer(list, viewer)).toEqual(list.filter((s) => canSeeSupplier(s, viewer)));
      }),
    );
  });
});
