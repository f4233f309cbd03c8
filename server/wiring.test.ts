import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { registerEmailJobs, stuckEmailsJob } from './modules/emails/jobs';
import { sendEmailJob } from './modules/emails/service';
import { FORM_NOTIFICATIONS_LISTENER } from './modules/forms/notifications/jobs';
import { notificationEmailBatchJob } from './modules/notifications/email';
import { notificationEmailJob, publishDueJob } from './modules/notifications/jobs';
import { reportCountsJob } from './modules/reports/counts/jobs';
import { stuckSubmissionEventsJob, submissionListeners } from './modules/submissions/saved/service';
import { deliverJob, retryDueJob } from './modules/webhooks/jobs';
import type { AppContext } from './platform/context';
import { createInlineJobs, type Jobs } from './platform/jobs';
import { wireJobs } from './wiring';

/** A context with only what wiring touches (jobs and a logger): no database, no app, no route. */
function bareContext() {
  const registered: string[] = [];
  const scheduled: string[] = [];
  const inline = createInlineJobs(pino({ level: 'silent' }));
  const jobs: Jobs = {
    ...inline,
    register: (name, handler, options) => {
      registered.push(name);
      inline.register(name, handler, options);
    },
    schedule: async (name, cron) => {
      scheduled.push(`${name} ${cron}`);
    },
  };
  const ctx = { jobs, logger: pino({ level: 'silent' }) } as unknown as AppContext;
  return { ctx, registered, scheduled };
}

describe('wiring: the background work is wired where the app is built, not where routes mount', () => {
  it('wireJobs alone registers the submission listeners and the notification and webhook jobs', () => {
    const { ctx, registered, scheduled } = bareContext();
    expect(submissionListeners(ctx)).toEqual([]);

    wireJobs(ctx);

    expect(submissionListeners(ctx).sort()).toEqual([FORM_NOTIFICATIONS_LISTENER, 'webhooks'].sort());
    expect(registered).toEqual(
      expect.arrayContaining([
        `submissions.saved.${FORM_NOTIFICATIONS_LISTENER}`,
        'submissions.saved.webhooks',
        publishDueJob.name,
        notificationEmailJob.name,
        notificationEmailBatchJob.name,
        deliverJob.name,
        retryDueJob.name,
        reportCountsJob.name,
        stuckSubmissionEventsJob.name,
      ]),
    );
    expect(scheduled).toEqual(
      expect.arrayContaining([
        `${publishDueJob.name} * * * * *`,
        `${retryDueJob.name} * * * * *`,
        `${reportCountsJob.name} */5 * * * *`,
        `${stuckSubmissionEventsJob.name} * * * * *`,
      ]),
    );
  });

  it('the email jobs include the minute sweep for emails whose dispatch a crash lost (issue 15)', () => {
    const { ctx, registered, scheduled } = bareContext();
    registerEmailJobs(ctx);
    expect(registered).toEqual(expect.arrayContaining([sendEmailJob.name, stuckEmailsJob.name]));
    expect(scheduled).toContain(`${stuckEmailsJob.name} * * * * *`);
  });

  it('wiring twice keeps one of each listener', () => {
    const { ctx } = bareContext();
    wireJobs(ctx);
    wireJobs(ctx);
    expect(submissionListeners(ctx)).toHaveLength(2);
  });
});
