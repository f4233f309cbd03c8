/**
 * The statuses of an event notification (spec: draft, pushed shown as Published, scheduled, sent
 * shown as Published & Emailed, failed) and the changes a save may make. The spec does not show the
 * allowed changes; ours are in docs/decisions/0018-event-notifications.md.
 */

export const NOTIFICATION_STATUSES = ['draft', 'pushed', 'scheduled', 'sent', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const NOTIFICATION_STATUS_LABELS: Record<NotificationStatus, string> = {
  draft: 'Draft',
  pushed: 'Published',
  scheduled: 'Scheduled',
  sent: 'Published & Emailed',
  failed: 'Failed',
};

/** What the organiser asks for when saving: keep as a draft, publish now, or publish at a time. */
export const SAVE_ACTIONS = ['draft', 'publish', 'schedule'] as const;
export type SaveAction = (typeof SAVE_ACTIONS)[number];

/** Published notifications reach their readers; a failed one was published, only its email failed. */
export function isPublished(status: NotificationStatus): boolean {
  return status === 'pushed' || status === 'sent' || status === 'failed';
}

export const SCHEDULE_IN_PAST = 'Choose a time in the future';
export const CANNOT_RESCHEDULE = 'A published notification cannot be scheduled';

export type SavePlan =
  | { ok: true; status: NotificationStatus; publishNow: boolean }
  | { ok: false; message: string };

/**
 * The status a save leads to. A draft or a scheduled notification can be kept as a draft
 * (unscheduled), scheduled for a later time, or published now. A published one stays published when
 * edited (its readers see the new words; nobody is emailed again) or is withdrawn to a draft; it
 * cannot go back to scheduled, as its readers have already seen it.
 */
export function planSave(
  current: NotificationStatus | null,
  action: SaveAction,
  scheduledAt: Date | null,
  now: Date,
): SavePlan {
  const published = current !== null && isPublished(current);
  switch (action) {
    case 'draft':
      return { ok: true, status: 'draft', publishNow: false };
    case 'publish':
      return published
        ? { ok: true, status: current, publishNow: false }
        : { ok: true, status: 'pushed', publishNow: true };
    case 'schedule':
      if (published) return { ok: false, message: CANNOT_RESCHEDULE };
      if (!scheduledAt || scheduledAt.getTime() <= now.getTime()) {
        return { ok: false, message: SCHEDULE_IN_PAST };
      }
      return { ok: true, status: 'scheduled', publishNow: false };
  }
}

/** A scheduled notification is published by the queue when its time has come, and only then. */
export function isDue(status: NotificationStatus, scheduledAt: Date | null, now: Date): boolean {
  return status === 'scheduled' && scheduledAt !== null && scheduledAt.getTime() <= now.getTime();
}

/**
 * The provider's answer of a failed email batch, as the issue words it:
 * 'Failed to send N emails: Email i: code - message' (one entry per failed email, 1-based).
 */
export function emailFailureReport(failures: readonly { index: number; error: string }[]): string {
  const parts = failures.map((f) => `Email ${f.index}: ${f.error}`);
  return `Failed to send ${failures.length} email${failures.length === 1 ? '' : 's'}: ${parts.join('; ')}`;
}
