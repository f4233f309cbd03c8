import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../shared/auth/permissions';
import { NOTIFICATION_STATUSES } from '../../../shared/notifications/status';
import { AUDIENCES, canSeeNotification } from '../../../shared/notifications/visibility';
import { reaches } from '../../platform/live/audience';
import { listedBy } from './live';

const ids = ['a', 'b', 'c'];
const id = fc.constantFrom(...ids);
const notification = fc.record({
  status: fc.constantFrom(...NOTIFICATION_STATUSES),
  audience: fc.constantFrom(...AUDIENCES),
  teamId: fc.option(id),
  teamTypeIds: fc.uniqueArray(id),
});
const viewer = fc.record({
  accountId: fc.constant('me'),
  level: fc.constantFrom(...PERMISSIONS),
  teamId: fc.option(id),
  teamTypeId: fc.option(id),
});

describe('who a notification signal reaches', () => {
  it('reaches exactly those whose list shows the notification', () => {
    fc.assert(
      fc.property(notification, viewer, (row, member) => {
        const to = listedBy([row]);
        expect(to !== null && reaches(to, member)).toBe(canSeeNotification(row, member));
      }),
    );
  });

  it('for a change of several (before and after an edit), reaches whoever sees any of them', () => {
    fc.assert(
      fc.property(notification, notification, viewer, (before, after, member) => {
        const to = listedBy([before, after]);
        const sees = canSeeNotification(before, member) || canSeeNotification(after, member);
        expect(to !== null && reaches(to, member)).toBe(sees);
      }),
    );
  });
});
