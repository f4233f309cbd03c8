import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { APPROVAL_LABELS } from './approvals';
import { isTaskId, toUserActionStatus, USER_ACTION_STATUS_LABELS, USER_ACTION_STATUSES } from './listFilters';

describe('the task id filter', () => {
  it('takes a whole id, with spaces around it, and nothing else', () => {
    expect(isTaskId('1b4e28ba-2fa1-41d2-883f-0016d3cca427')).toBe(true);
    expect(isTaskId('  1B4E28BA-2FA1-41D2-883F-0016D3CCA427 ')).toBe(true);
    expect(isTaskId('1b4e28ba-2fa1-41d2-883f')).toBe(false);
    expect(isTaskId('')).toBe(false);
    expect(isTaskId('not-an-id')).toBe(false);
  });

  it('agrees with the server schema (z.uuid) on every id and on near misses', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uuid(),
          fc.string(),
          fc.uuid().map((id) => `${id}x`),
        ),
        (value) => {
          expect(isTaskId(value)).toBe(z.uuid().safeParse(value.trim()).success);
        },
      ),
    );
  });
});

describe('the user action status filter', () => {
  it('uses the words of the Approval column', () => {
    expect(USER_ACTION_STATUS_LABELS).toEqual(APPROVAL_LABELS);
  });

  it('reads only the statuses it knows from an address', () => {
    for (const status of USER_ACTION_STATUSES) expect(toUserActionStatus(status)).toBe(status);
    expect(toUserActionStatus('none')).toBeNull();
    expect(toUserActionStatus(undefined)).toBeNull();
  });
});
