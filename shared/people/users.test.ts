import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERMISSION_RANK, PERMISSIONS } from '../auth/permissions';
import { missingRequiredField, requiredFieldMessage } from './customFields';
import { canDeleteUser, canSetPermission, grantablePermissions } from './users';

describe('who may grant what', () => {
  it('lets an admin hand out every level up to admin, and never staff', () => {
    expect(grantablePermissions('admin')).toEqual(['user', 'reportViewer', 'moderator', 'admin']);
    expect(canSetPermission('admin', 'user', 'admin')).toBe(true);
    expect(canSetPermission('admin', 'user', 'staff')).toBe(false);
    expect(canSetPermission('admin', 'staff', 'user')).toBe(false);
    expect(canSetPermission('staff', 'staff', 'admin')).toBe(true);
  });

  it('lets no one below admin change a level, not even a moderator lowering a moderator', () => {
    expect(canSetPermission('moderator', 'moderator', 'user')).toBe(false);
    expect(canSetPermission('moderator', 'user', 'reportViewer')).toBe(false);
    expect(canSetPermission('reportViewer', 'user', 'user')).toBe(false);
  });

  it('never lets anyone raise a user above their own level or touch someone above it', () => {
    const level = fc.constantFrom(...PERMISSIONS);
    fc.assert(
      fc.property(level, level, level, (actor, current, next) => {
        const allowed = canSetPermission(actor, current, next);
        const within =
          PERMISSION_RANK[actor] >= PERMISSION_RANK.admin &&
          PERMISSION_RANK[next] <= PERMISSION_RANK[actor] &&
          PERMISSION_RANK[current] <= PERMISSION_RANK[actor];
        expect(allowed).toBe(within);
        expect(grantablePermissions(actor).includes(next)).toBe(
          PERMISSION_RANK[next] <= PERMISSION_RANK[actor],
        );
      }),
    );
  });

  it('lets a moderator delete users and moderators, not admins', () => {
    expect(canDeleteUser('moderator', 'user')).toBe(true);
    expect(canDeleteUser('moderator', 'moderator')).toBe(true);
    expect(canDeleteUser('moderator', 'admin')).toBe(false);
  });
});

describe('required custom fields', () => {
  const fields = [
    { id: 'a', label: 'Stand number', type: 'text' as const, isRequired: true },
    { id: 'b', label: 'Needs power', type: 'boolean' as const, isRequired: true },
    { id: 'c', label: 'VAT', type: 'text' as const, isRequired: false },
  ];

  it('finds the first required text field left empty or blank', () => {
    expect(missingRequiredField({ a: '', b: false, c: '' }, fields)?.label).toBe('Stand number');
    expect(missingRequiredField({ a: '   ' }, fields)?.label).toBe('Stand number');
    expect(missingRequiredField({ a: 'A1', b: false }, fields)).toBeNull();
    expect(requiredFieldMessage('Stand number')).toBe('Stand number is required');
  });

  it('counts No as an answer to a required Yes/No field', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.string(), (b, c) => {
        expect(missingRequiredField({ a: 'A1', b, c }, fields)).toBeNull();
      }),
    );
  });
});
