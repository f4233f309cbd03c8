import { and, asc, count, desc, eq, ilike } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { z } from 'zod';
import {
  NOTIFICATION_ERRORS,
  type Notification,
  type NotificationInput,
  type NotificationListResponse,
  notificationBodySchema,
  type notificationListQuerySchema,
} from '../../../shared/notifications/api';
import { planSave, SCHEDULE_IN_PAST } from '../../../shared/notifications/status';
import { TABLE_PAGE_SIZE } from '../../../shared/ui/constants';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { idsNotInEvent } from '../../platform/db/ownership';
import { containing } from '../../platform/db/search';
import { withTransaction } from '../../platform/db/transaction';
import { badRequest, notFound } from '../../platform/http/errors';
import { sanitizeRichText } from '../content/sanitize';
import { contentPages } from '../content/tables';
import { forms } from '../forms/tables';
import { teams, teamTypes } from '../people/tables';
import { listsTeamType, saveTeamTypeIds } from '../people/teamTypes/links/queries';
import { tasks } from '../tasks/tables';
import { afterPublish } from './jobs';
import { signalListChanged } from './live';
import { type NotificationRow, presentNotification, readNotification } from './present';
import { notifications, notificationTeamTypes, notificationWithTeamTypes } from './tables';

const SORT_COLUMNS = {
  updatedAt: notifications.updatedAt,
  title: notifications.title,
  status: notifications.status,
  scheduledAt: notifications.scheduledAt,
} as const;

/** The admin list: newest change first by default; filters status and team type; search by title. */
export async function listNotifications(
  db: DbOrTx,
  eventId: string,
  query: z.output<typeof notificationListQuerySchema>,
  logger: Pick<Logger, 'warn'>,
): Promise<NotificationListResponse> {
  const where = and(
    eq(notifications.eventId, eventId),
    query.search ? ilike(notifications.title, containing(query.search)) : undefined,
    query.status ? eq(notifications.status, query.status) : undefined,
    query.teamTypeId
      ? listsTeamType(notificationTeamTypes, notifications.eventId, notifications.id, query.teamTypeId)
      : undefined,
  );
  const order = query.order === 'desc' ? desc : asc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(notificationWithTeamTypes)
      .from(notifications)
      .where(where)
      .orderBy(order(SORT_COLUMNS[query.sort]), asc(notifications.id))
      .limit(TABLE_PAGE_SIZE)
      .offset((query.page - 1) * TABLE_PAGE_SIZE),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  const items = rows.flatMap((row) => readNotification(row, logger) ?? []);
  return { items, total, page: query.page, pageSize: TABLE_PAGE_SIZE };
}

export async function findNotification(db: DbOrTx, eventId: string, id: string): Promise<NotificationRow> {
  const [row] = await db
    .select(notificationWithTeamTypes)
    .from(notifications)
    .where(and(eq(notifications.eventId, eventId), eq(notifications.id, id)))
    .limit(1);
  if (!row) throw notFound(NOTIFICATION_ERRORS.notFound);
  return row;
}

export async function getNotification(db: DbOrTx, eventId: string, id: string): Promise<Notification> {
  return presentNotification(await findNotification(db, eventId, id));
}

const invalid = (path: string, message: string) =>
  badRequest(NOTIFICATION_ERRORS.invalid, [{ path: [path], message }]);

function parseBody(input: unknown): NotificationInput {
  const parsed = notificationBodySchema.safeParse(input);
  if (!parsed.success) {
    throw badRequest(
      NOTIFICATION_ERRORS.invalid,
      parsed.error.issues.map((i) => ({
        path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
        message: i.message,
      })),
    );
  }
  return parsed.data;
}

const TARGET_TABLES = { content: contentPages, form: forms, task: tasks } as const;

/** Every id of the body must be a row of this event (an id of another event is refused, not stored). */
async function checkIds(tx: DbOrTx, eventId: string, body: NotificationInput): Promise<void> {
  if (body.targetKind === 'content' || body.targetKind === 'form' || body.targetKind === 'task') {
    const table = TARGET_TABLES[body.targetKind];
    if ((await idsNotInEvent(tx, table, eventId, [body.targetId ?? ''])).length > 0) {
      throw invalid('targetId', 'Choose a page, form or task of this event');
    }
  }
  if ((await idsNotInEvent(tx, teamTypes, eventId, body.teamTypeIds)).length > 0) {
    throw invalid('teamTypeIds', 'Invalid team type');
  }
  if (body.teamId && (await idsNotInEvent(tx, teams, eventId, [body.teamId])).length > 0) {
    throw invalid('teamId', 'Invalid team');
  }
}

/** The columns a save writes, the status decided by the shared rule (see shared/notifications/status.ts). */
async function plannedValues(current: NotificationRow | null, body: NotificationInput, now: Date) {
  const scheduledAt = body.scheduledAt ? new Date(body.scheduledAt) : null;
  const plan = planSave(current?.status ?? null, body.action, scheduledAt, now);
  if (!plan.ok) {
    throw plan.message === SCHEDULE_IN_PAST
      ? invalid('scheduledAt', plan.message)
      : badRequest(NOTIFICATION_ERRORS.invalidUpdate, [{ path: ['action'], message: plan.message }]);
  }
  const values = {
    title: body.title,
    description: await sanitizeRichText(body.description),
    targetKind: body.targetKind,
    targetId: body.targetId,
    linkUrl: body.linkUrl,
    audience: body.audience,
    teamId: body.teamId,
    sendEmail: body.sendEmail,
    status: plan.status,
    scheduledAt: plan.status === 'scheduled' ? scheduledAt : null,
    sentAt: plan.publishNow ? now : plan.status === 'draft' ? null : (current?.sentAt ?? null),
  };
  return { values, publishNow: plan.publishNow };
}

export async function createNotification(ctx: AppContext, eventId: string, input: unknown, actor: string) {
  const body = parseBody(input);
  const now = new Date();
  const { values, publishNow } = await plannedValues(null, body, now);
  const id = crypto.randomUUID();
  await withTransaction(ctx.db, async (tx) => {
    await checkIds(tx, eventId, body);
    await tx.insert(notifications).values({ ...values, id, eventId, createdBy: actor, updatedBy: actor });
    await saveTeamTypeIds(tx, notificationTeamTypes, eventId, id, body.teamTypeIds);
  });
  if (publishNow) await afterPublish(ctx, eventId, id);
  const saved = await findNotification(ctx.db, eventId, id);
  await signalListChanged(ctx, eventId, [saved]);
  return presentNotification(saved);
}

export async function updateNotification(
  ctx: AppContext,
  eventId: string,
  id: string,
  input: unknown,
  actor: string,
) {
  const body = parseBody(input);
  const now = new Date();
  const { publishNow, before } = await withTransaction(ctx.db, async (tx) => {
    // Locked, so that the scheduler cannot publish it between this read and the write.
    const [current] = await tx
      .select(notificationWithTeamTypes)
      .from(notifications)
      .where(and(eq(notifications.eventId, eventId), eq(notifications.id, id)))
      .for('update');
    if (!current) throw notFound(NOTIFICATION_ERRORS.notFound);
    const planned = await plannedValues(current, body, now);
    await checkIds(tx, eventId, body);
    await tx
      .update(notifications)
      .set({ ...planned.values, updatedBy: actor, updatedAt: now })
      .where(and(eq(notifications.eventId, eventId), eq(notifications.id, id)));
    await saveTeamTypeIds(tx, notificationTeamTypes, eventId, id, body.teamTypeIds);
    return { publishNow: planned.publishNow, before: current };
  });
  // Also a published one whose email was switched on afterwards: its readers are emailed once.
  await afterPublish(ctx, eventId, id, { publishedNow: publishNow });
  const saved = await findNotification(ctx.db, eventId, id);
  // Those who saw it before (a withdrawal, a new audience) and those who see it now.
  await signalListChanged(ctx, eventId, [before, saved]);
  return presentNotification(saved);
}

export async function deleteNotification(ctx: AppContext, eventId: string, id: string): Promise<void> {
  const before = await findNotification(ctx.db, eventId, id);
  await withTransaction(ctx.db, (tx) =>
    tx.delete(notifications).where(and(eq(notifications.eventId, eventId), eq(notifications.id, id))),
  );
  await signalListChanged(ctx, eventId, [before]);
}
