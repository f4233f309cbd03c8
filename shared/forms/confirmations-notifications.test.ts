import { describe, expect, it } from 'vitest';
import { pickConfirmation } from './confirmations';
import { cateringOrderFixture, hotelBookingFixture, standBuildFixture } from './fixtures';
import { emailList, resolveNotifications } from './notifications';
import { parseConfirmation } from './schema/confirmation';
import { parseNotification } from './schema/notification';

const stand = standBuildFixture;
const context = { client: stand.client, adminEmails: ['ops@eventco.example'] };

describe('pickConfirmation', () => {
  it('picks the first active confirmation whose rules match', () => {
    const picked = pickConfirmation(stand.definition, stand.confirmations, stand.submission.values);
    expect(picked?.name).toBe('Space only');
  });

  it('falls back to the default', () => {
    const shell = { ...stand.submission.values, 'sb-stand-type': ['shell'] };
    expect(pickConfirmation(stand.definition, stand.confirmations, shell)?.isDefault).toBe(true);
  });

  it('passes over inactive confirmations and ones without rules', () => {
    const inactive = stand.confirmations.map((confirmation) => ({
      ...confirmation,
      isActive: confirmation.isDefault,
    }));
    expect(pickConfirmation(stand.definition, inactive, stand.submission.values)?.isDefault).toBe(true);
    const noRules = [parseConfirmation({ id: 'new', name: 'Draft' }), ...stand.confirmations];
    expect(pickConfirmation(stand.definition, noRules, stand.submission.values)?.name).toBe('Space only');
    expect(pickConfirmation(stand.definition, [], stand.submission.values)).toBeNull();
  });
});

describe('resolveNotifications', () => {
  it('sends to the admin, the user and the email answered in a field, when the rules match', () => {
    const resolved = resolveNotifications(
      stand.definition,
      stand.notifications,
      stand.submission.values,
      context,
    );
    expect(resolved.map((item) => [item.notification.name, item.to, item.subject])).toEqual([
      ['Admin notification', ['ops@eventco.example'], 'Stand Build Submission'],
      ['User notification', ['priya.shah@northwind-robotics.example'], 'Stand Build Submission'],
      ['Contractor copy', ['tom@apex-build.example'], 'Stand build pack'],
    ]);
    const contractor = resolved[2];
    expect(contractor.bcc).toEqual(['build-archive@eventco.example']);
    expect(contractor.replyTo).toBe('operations@eventco.example');
  });

  it('skips notifications whose rules do not match, and inactive ones', () => {
    const shell = { ...stand.submission.values, 'sb-stand-type': ['shell'] };
    expect(resolveNotifications(stand.definition, stand.notifications, shell, context)).toHaveLength(2);
    const inactive = stand.notifications.map((notification) => ({ ...notification, isActive: false }));
    expect(resolveNotifications(stand.definition, inactive, stand.submission.values, context)).toEqual([]);
  });

  it("sends 'admin' notifications to their own addresses when they name some", () => {
    const { definition, notifications, submission } = cateringOrderFixture;
    const [admin] = resolveNotifications(definition, notifications, submission.values, context);
    expect(admin.to).toEqual(['catering@eventco.example', 'furniture@eventco.example']);
  });

  it('sends to an email inside a looping template, at sendToLoopIndex', () => {
    const { definition, notifications, submission } = hotelBookingFixture;
    const lead = resolveNotifications(definition, notifications, submission.values, context).at(-1);
    expect(lead?.to).toEqual(['priya.shah@northwind-robotics.example']);
    const second = parseNotification({ ...lead?.notification, sendToLoopIndex: 1 });
    expect(resolveNotifications(definition, [second], submission.values, context)[0].to).toEqual([
      'marcus@northwind-robotics.example',
    ]);
    const pastTheEnd = parseNotification({ ...lead?.notification, sendToLoopIndex: 5 });
    expect(resolveNotifications(definition, [pastTheEnd], submission.values, context)[0].to).toEqual([]);
  });

  it('sends a guest nothing as the user', () => {
    const resolved = resolveNotifications(stand.definition, stand.notifications, stand.submission.values, {
      client: null,
      adminEmails: [],
    });
    expect(resolved[1].to).toEqual([]);
  });

  it('reads address lists, dropping bad and repeated addresses', () => {
    expect(emailList('a@x.com; b@y.com,  A@X.com not-an-email')).toEqual(['a@x.com', 'b@y.com']);
  });
});
