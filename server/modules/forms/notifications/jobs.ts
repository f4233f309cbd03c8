import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ClientData } from '../../../../shared/forms/definition';
import { type ResolvedNotification, resolveNotifications } from '../../../../shared/forms/notifications';
import { reportBadRecord } from '../../../platform/badRecords';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import { systemActor } from '../../../platform/http/actor';
import { accounts } from '../../auth/tables';
import { sanitizeRichText } from '../../content/sanitize';
import { dispatchEmails, queueEmails } from '../../emails/service';
import { emailLook } from '../../emails/templates/queries';
import { readSettingsMany } from '../../events/settingsStore';
import { customFields, memberships, teams } from '../../people/tables';
import { answersForPdf } from '../../submissions/pdf/service';
import { onSubmissionSaved, type SubmissionEvent } from '../../submissions/saved/service';
import { formSubmissions, submissionEvents } from '../../submissions/tables';
import { readNotification } from '../present';
import { formDefinition } from '../queries';
import { formNotificationSends, formNotifications } from '../tables';
import { type Line, renderNotificationEmail } from './email';

/**
 * Form notification emails, sent by the job queue when a submission is made or changed (never in
 * the request): the engine picks the active notifications whose rules match and resolves their
 * recipients (shared/forms/notifications.ts); each recipient and each bcc address gets its own
 * outbox row, so every email is recorded and delivered (or refused) on its own.
 */

export const FORM_NOTIFICATIONS_LISTENER = 'formNotifications';
const uuid = z.uuid();

/** Once per app: tests build several apps in one process. */
export function registerFormNotificationSending(ctx: AppContext): void {
  onSubmissionSaved(ctx, FORM_NOTIFICATIONS_LISTENER, sendFormNotifications);
}

/** The person who submitted: the author of the submission's first 'submitted' event. */
async function submitterOf(db: DbOrTx, event: SubmissionEvent) {
  const [first] = await db
    .select({ createdBy: submissionEvents.createdBy })
    .from(submissionEvents)
    .where(
      and(
        eq(submissionEvents.eventId, event.eventId),
        eq(submissionEvents.submissionId, event.submissionId),
        eq(submissionEvents.kind, 'submitted'),
      ),
    )
    .orderBy(asc(submissionEvents.createdAt))
    .limit(1);
  const id = first?.createdBy ?? event.createdBy;
  // A guest's submission has no account behind it.
  if (!uuid.safeParse(id).success) return null;
  const [account] = await db
    .select({
      id: accounts.id,
      email: accounts.email,
      firstName: accounts.firstName,
      surname: accounts.surname,
    })
    .from(accounts)
    .where(eq(accounts.id, id));
  return account ?? null;
}

/** 'admin' notifications without addresses of their own go to the event's admins. */
async function adminEmailsOf(db: DbOrTx, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ email: accounts.email })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(
      and(
        eq(memberships.eventId, eventId),
        eq(memberships.permissions, 'admin'),
        eq(accounts.disabled, false),
      ),
    )
    .orderBy(asc(accounts.email));
  return rows.map((row) => row.email);
}

async function teamFields(db: DbOrTx, eventId: string, values: Record<string, string | boolean>) {
  const defined = await db
    .select({ id: customFields.id, label: customFields.label, showField: customFields.showField })
    .from(customFields)
    .where(eq(customFields.eventId, eventId))
    .orderBy(asc(customFields.position), asc(customFields.label));
  return (includeHidden: boolean): Line[] =>
    defined
      .filter((field) => field.showField || includeHidden)
      .map((field) => {
        const value = values[field.id];
        return {
          label: field.label,
          text: typeof value === 'boolean' ? (value ? 'Yes' : 'No') : (value ?? ''),
        };
      });
}

export async function sendFormNotifications(ctx: AppContext, event: SubmissionEvent): Promise<void> {
  const db = ctx.db;
  const rows = await db
    .select()
    .from(formNotifications)
    .where(and(eq(formNotifications.eventId, event.eventId), eq(formNotifications.formId, event.formId)))
    .orderBy(asc(formNotifications.position));
  const notifications = rows
    .flatMap((row) => readNotification(row, (bad) => reportBadRecord(ctx.logger, bad)) ?? [])
    .filter((n) => n.isActive);
  if (notifications.length === 0) return;
  const [submission] = await db
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.eventId, event.eventId), eq(formSubmissions.id, event.submissionId)));
  if (!submission || submission.isDraft) return;

  const [definition, submitter, adminEmails, settings, [team]] = await Promise.all([
    formDefinition(ctx, db, { eventId: event.eventId }, event.formId),
    submitterOf(db, event),
    adminEmailsOf(db, event.eventId),
    readSettingsMany(db, event.eventId, ['event', 'variables'] as const),
    submission.teamId
      ? db
          .select({ name: teams.name, customFields: teams.customFields })
          .from(teams)
          .where(and(eq(teams.eventId, event.eventId), eq(teams.id, submission.teamId)))
      : Promise.resolve([]),
  ]);
  const client: ClientData | null =
    submitter || team
      ? {
          userId: submitter?.id ?? '',
          firstName: submitter?.firstName ?? '',
          surname: submitter?.surname ?? '',
          email: submitter?.email ?? '',
          teamId: submission.teamId ?? '',
          teamName: team?.name ?? '',
          customFields: team?.customFields ?? {},
        }
      : null;
  const values = submission.values;
  const resolved = resolveNotifications(definition, notifications, values, { client, adminEmails });
  if (resolved.length === 0) return;
  const { event: eventSettings, variables } = settings;
  const answers = answersForPdf(definition, values, client, {
    locale: eventSettings.locale,
    currency: variables.currencyId,
  });
  const customFieldLines = await teamFields(db, event.eventId, team?.customFields ?? {});
  const kind = event.kind === 'updated' ? ('formUpdate' as const) : ('formNotification' as const);
  const look = await emailLook(db, { eventId: event.eventId }, kind);

  const emailsOf = async (item: ResolvedNotification) => {
    const { notification } = item;
    const content = renderNotificationEmail(
      {
        kind,
        eventName: eventSettings.eventName,
        subject: item.subject,
        messageHtml: await sanitizeRichText(item.message),
        formTitle: definition.form.title,
        teamName: team?.name ?? null,
        answers: notification.showSubmission ? answers.lines : null,
        totals: notification.showSubmission ? answers.totals : [],
        customFields:
          team && (notification.showCustomFields || notification.showHiddenCustomFields)
            ? customFieldLines(notification.showHiddenCustomFields)
            : null,
      },
      look,
    );
    // No one to send to (an empty answer, a guest): nothing goes to the bcc addresses either.
    if (item.to.length === 0) return [];
    return [...item.to, ...item.bcc.filter((bcc) => !item.to.includes(bcc))].map((to) => ({
      kind,
      to,
      content,
      replyTo: item.replyTo,
    }));
  };

  const outboxIds: string[] = [];
  for (const item of resolved) {
    const emails = await emailsOf(item);
    const ids = await withTransaction(db, async (tx) => {
      // Claimed once per submission event: a second run of this job queues nothing again.
      const [claimed] = await tx
        .insert(formNotificationSends)
        .values({
          eventId: event.eventId,
          submissionEventId: event.id,
          notificationId: item.notification.id,
          emails: emails.length,
        })
        .onConflictDoNothing()
        .returning();
      if (!claimed || emails.length === 0) return [];
      return queueEmails(tx, systemActor(event.eventId), emails);
    });
    if (emails.length === 0) {
      ctx.logger.info(
        { notificationId: item.notification.id, submissionId: event.submissionId },
        'form notification has no one to send to',
      );
    }
    outboxIds.push(...ids);
  }
  await dispatchEmails(ctx, outboxIds);
}
