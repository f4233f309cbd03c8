import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CANNOT_RESCHEDULE,
  emailFailureReport,
  isDue,
  isPublished,
  NOTIFICATION_STATUS_LABELS,
  NOTIFICATION_STATUSES,
  planSave,
  SAVE_ACTIONS,
  SCHEDULE_IN_PAST,
} from './status';

const now = new Date('2027-03-01T10:00:00Z');
const later = new Date('2027-03-02T07:00:00Z');
const earlier = new Date('2027-02-28T07:00:00Z');

describe('notification statuses (spec)', () => {
  it('shows pushed as Published and sent as Published & Emailed', () => {
    expect(NOTIFICATION_STATUSES).toEqual(['draft', 'pushed', 'scheduled', 'sent', 'failed']);
    expect(NOTIFICATION_STATUS_LABELS.pushed).toBe('Published');
    expect(NOTIFICATION_STATUS_LABELS.sent).toBe('Published & Emailed');
  });

  it('counts pushed, sent and failed as published, never draft or scheduled', () => {
    expect(NOTIFICATION_STATUSES.filter(isPublished)).toEqual(['pushed', 'sent', 'failed']);
  });
});

describe('planSave', () => {
  it('keeps a new notification as a draft, publishes it now, or schedules it for later', () => {
    expect(planSave(null, 'draft', null, now)).toEqual({ ok: true, status: 'draft', publishNow: false });
    expect(planSave(null, 'publish', null, now)).toEqual({ ok: true, status: 'pushed', publishNow: true });
    expect(planSave(null, 'schedule', later, now)).toEqual({
      ok: true,
      status: 'scheduled',
      publishNow: false,
    });
  });

  it('refuses a schedule at or before now', () => {
    expect(planSave('draft', 'schedule', earlier, now)).toEqual({ ok: false, message: SCHEDULE_IN_PAST });
    expect(planSave('draft', 'schedule', now, now)).toEqual({ ok: false, message: SCHEDULE_IN_PAST });
    expect(planSave('draft', 'schedule', null, now)).toEqual({ ok: false, message: SCHEDULE_IN_PAST });
  });

  it('lets a scheduled notification be unscheduled, moved or published early', () => {
    expect(planSave('scheduled', 'draft', null, now)).toMatchObject({ ok: true, status: 'draft' });
    expect(planSave('scheduled', 'schedule', later, now)).toMatchObject({ ok: true, status: 'scheduled' });
    expect(planSave('scheduled', 'publish', null, now)).toMatchObject({ ok: true, publishNow: true });
  });

  it('keeps a published notification published when edited, without publishing it again', () => {
    for (const status of ['pushed', 'sent', 'failed'] as const) {
      expect(planSave(status, 'publish', null, now)).toEqual({ ok: true, status, publishNow: false });
      expect(planSave(status, 'draft', null, now)).toMatchObject({ ok: true, status: 'draft' });
      expect(planSave(status, 'schedule', later, now)).toEqual({ ok: false, message: CANNOT_RESCHEDULE });
    }
  });

  it('never lands on sent or failed: only the email job decides those', () => {
    fc.assert(
      fc.property(
        fc.option(fc.constantFrom(...NOTIFICATION_STATUSES), { nil: null }),
        fc.constantFrom(...SAVE_ACTIONS),
        fc.option(fc.date({ noInvalidDate: true }), { nil: null }),
        (current, action, at) => {
          const plan = planSave(current, action, at, now);
          if (!plan.ok) return;
          if (plan.status === 'sent' || plan.status === 'failed') expect(current).toBe(plan.status);
          if (plan.publishNow) expect(current === null || !isPublished(current)).toBe(true);
          if (plan.status === 'scheduled') expect(at && at > now).toBeTruthy();
        },
      ),
    );
  });
});

describe('isDue', () => {
  it('is due only when scheduled and its time has come', () => {
    expect(isDue('scheduled', earlier, now)).toBe(true);
    expect(isDue('scheduled', now, now)).toBe(true);
    expect(isDue('scheduled', later, now)).toBe(false);
    expect(isDue('draft', earlier, now)).toBe(false);
    expect(isDue('pushed', earlier, now)).toBe(false);
  });
});

describe('emailFailureReport', () => {
  it("words a batch failure as 'Failed to send N emails: Email i: code - message'", () => {
    expect(
      emailFailureReport([
        { index: 2, error: '550 - Mailbox unavailable' },
        { index: 5, error: '552 - Mailbox full' },
      ]),
    ).toBe('Failed to send 2 emails: Email 2: 550 - Mailbox unavailable; Email 5: 552 - Mailbox full');
    expect(emailFailureReport([{ index: 1, error: 'EAUTH - Invalid login' }])).toBe(
      'Failed to send 1 email: Email 1: EAUTH - Invalid login',
    );
  });
});
