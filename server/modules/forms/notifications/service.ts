import { and, asc, eq, max } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { NOTIFICATION_ERRORS, type notificationBodySchema } from '../../../../shared/forms/notificationsApi';
import { type FormNotification, parseNotification } from '../../../../shared/forms/schema/notification';
import { reportBadRecord } from '../../../platform/badRecords';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx, Tx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import type { EventScope, Scope } from '../../../platform/http/actor';
import { notFound } from '../../../platform/http/errors';
import { sanitizeRichText } from '../../content/sanitize';
import { presentNotification, readNotification, storedSettings } from '../present';
import { findForm, formDefinition } from '../queries';
import { refuseBadRules } from '../service';
import { formNotifications } from '../tables';
import { recipientProblem } from './recipients';

/**
 * A form's notifications (who is emailed when it is submitted or a submission changes). The
 * admin and user defaults are made with the form; the spec does not protect them, so they are
 * edited and deleted like any other. Sending is in jobs.ts.
 */

type Body = z.output<typeof notificationBodySchema>;
const RULE_WHERE = 'A rule of this notification';

const inForm = (eventId: string, formId: string) =>
  and(eq(formNotifications.eventId, eventId), eq(formNotifications.formId, formId));

export async function listNotifications(
  db: DbOrTx,
  scope: EventScope,
  formId: string,
  logger: Pick<Logger, 'warn'>,
) {
  const { eventId } = scope;
  await findForm(db, scope, formId);
  const rows = await db
    .select()
    .from(formNotifications)
    .where(inForm(eventId, formId))
    .orderBy(asc(formNotifications.position));
  // A stored notification failing its shape check is left out and reported (spec), not a 500.
  return { items: rows.flatMap((row) => readNotification(row, (bad) => reportBadRecord(logger, bad)) ?? []) };
}

async function findNotification(db: DbOrTx, eventId: string, formId: string, notificationId: string) {
  const [row] = await db
    .select()
    .from(formNotifications)
    .where(and(inForm(eventId, formId), eq(formNotifications.id, notificationId)));
  if (!row) throw notFound(NOTIFICATION_ERRORS.notificationNotFound);
  return row;
}

export async function getNotification(db: DbOrTx, scope: EventScope, formId: string, notificationId: string) {
  const { eventId } = scope;
  return presentNotification(await findNotification(db, eventId, formId, notificationId));
}

async function checkedSettings(ctx: AppContext, tx: Tx, eventId: string, formId: string, body: Body) {
  await refuseBadRules(ctx, tx, { eventId, formId }, body.rules, RULE_WHERE);
  if (body.sendToType === 'field' || body.sendToType === 'template') {
    const problem = recipientProblem(await formDefinition(ctx, tx, { eventId }, formId), body);
    if (problem) throw problem;
  }
  // Parsed by the engine as every reader will parse it; the message is kept as sanitised HTML.
  const notification: FormNotification = parseNotification({
    ...body,
    id: 'new',
    message: await sanitizeRichText(body.message),
  });
  return storedSettings(notification);
}

export function createNotification(
  ctx: AppContext,
  scope: Scope,
  formId: string,
  body: Body,
): Promise<FormNotification> {
  const { eventId, accountId: by } = scope;
  return withTransaction(ctx.db, async (tx) => {
    await findForm(tx, scope, formId);
    const settings = await checkedSettings(ctx, tx, eventId, formId, body);
    const [{ last }] = await tx
      .select({ last: max(formNotifications.position) })
      .from(formNotifications)
      .where(inForm(eventId, formId));
    const [row] = await tx
      .insert(formNotifications)
      .values({
        eventId,
        formId,
        position: (last ?? -1) + 1,
        // Only the form's own defaults carry the marks.
        settings: { ...settings, isAdminDefault: false, isUserDefault: false },
        createdBy: by,
        updatedBy: by,
      })
      .returning();
    return presentNotification(row);
  });
}

export function updateNotification(
  ctx: AppContext,
  scope: Scope,
  formId: string,
  notificationId: string,
  body: Body,
): Promise<FormNotification> {
  const { eventId, accountId: by } = scope;
  return withTransaction(ctx.db, async (tx) => {
    const current = await findNotification(tx, eventId, formId, notificationId);
    const settings = await checkedSettings(ctx, tx, eventId, formId, body);
    // Which default it was is the form's history, not something an edit changes.
    const marks = presentNotification(current);
    const [row] = await tx
      .update(formNotifications)
      .set({
        settings: { ...settings, isAdminDefault: marks.isAdminDefault, isUserDefault: marks.isUserDefault },
        updatedAt: new Date(),
        updatedBy: by,
      })
      .where(and(inForm(eventId, formId), eq(formNotifications.id, notificationId)))
      .returning();
    return presentNotification(row);
  });
}

export function deleteNotification(
  ctx: AppContext,
  scope: EventScope,
  formId: string,
  notificationId: string,
) {
  const { eventId } = scope;
  return withTransaction(ctx.db, async (tx) => {
    await findNotification(tx, eventId, formId, notificationId);
    await tx
      .delete(formNotifications)
      .where(and(inForm(eventId, formId), eq(formNotifications.id, notificationId)));
  });
}
