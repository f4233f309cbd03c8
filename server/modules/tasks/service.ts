import { and, asc, count, desc, eq, gt, gte, ilike, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminTaskDetail,
  adminTaskBodySchema,
  adminTaskListQuerySchema,
} from '../../../shared/tasks/adminApi';
import type { TaskListResponse } from '../../../shared/tasks/api';
import { dueDateBounds } from '../../../shared/tasks/dueStatus';
import { TASK_ERRORS } from '../../../shared/tasks/schema';
import { TABLE_PAGE_SIZE } from '../../../shared/ui/constants';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { idsNotInEvent } from '../../platform/db/ownership';
import { containing } from '../../platform/db/search';
import { withTransaction } from '../../platform/db/transaction';
import { badRequest, notFound } from '../../platform/http/errors';
import { noteChange } from '../audit/service';
import { sanitizeRichText } from '../content/sanitize';
import { forms } from '../forms/tables';
import { teamTypes } from '../people/tables';
import { saveTeamTypeIds } from '../people/teamTypes/links/queries';
import { listAttachments, releaseAttachments, saveAttachments } from './attachments/service';
import { TASK_NOT_FOUND } from './errors';
import { completeForSubmittedTeams } from './formTasks/service';
import { assertGroup } from './groups/service';
import { presentTaskDetail, presentTaskRow } from './present';
import { dueSettings } from './queries';
import { taskGroups, tasks, taskTeamTypes, taskWithTeamTypes } from './tables';
import { releaseTaskUploads } from './threads/uploads/service';

/** The admin side of tasks: list, read, create, update, archive, delete. */

type TaskBody = z.output<typeof adminTaskBodySchema>;
type TaskListQuery = z.output<typeof adminTaskListQuerySchema>;

/** A task row with the titles of its group and linked form (the form's own event, as a guard). */
const rowColumns = { task: taskWithTeamTypes, groupTitle: taskGroups.title, formTitle: forms.title };
const formOfTask = and(eq(forms.id, tasks.formId), eq(forms.eventId, tasks.eventId));

export async function listTasks(
  db: DbOrTx,
  eventId: string,
  query: TaskListQuery,
  now = new Date(),
): Promise<TaskListResponse> {
  const where: SQL[] = [eq(tasks.eventId, eventId), eq(tasks.isArchived, query.archived ?? false)];
  if (query.status) {
    // Due dates are YYYY-MM-DD strings, so they compare in date order (decision 0005).
    const { today, dueSoonUntil } = dueDateBounds(now, await dueSettings(db, eventId));
    if (query.status === 'overdue') where.push(lt(tasks.dueDate, today));
    else if (query.status === 'dueSoon')
      where.push(gte(tasks.dueDate, today), lte(tasks.dueDate, dueSoonUntil));
    else where.push(gt(tasks.dueDate, dueSoonUntil));
  }
  if (query.type) where.push(eq(tasks.type, query.type));
  if (query.taskId) where.push(eq(tasks.id, query.taskId));
  if (query.urgency) where.push(eq(tasks.isTimeSensitive, query.urgency === 'timeSensitive'));
  if (query.groupId === 'unassigned') where.push(isNull(tasks.groupId));
  else if (query.groupId) where.push(eq(tasks.groupId, query.groupId));
  if (query.search) where.push(ilike(tasks.title, containing(query.search)));
  const direction = query.order === 'desc' ? desc : asc;
  const column = { dueDate: tasks.dueDate, title: tasks.title, type: tasks.type }[query.sort];
  const condition = and(...where);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(rowColumns)
      .from(tasks)
      .leftJoin(taskGroups, eq(taskGroups.id, tasks.groupId))
      .leftJoin(forms, formOfTask)
      .where(condition)
      // The id breaks ties so that paging never shows a task twice or skips one.
      .orderBy(direction(column), asc(tasks.title), asc(tasks.id))
      .limit(TABLE_PAGE_SIZE)
      .offset((query.page - 1) * TABLE_PAGE_SIZE),
    db.select({ total: count() }).from(tasks).where(condition),
  ]);
  return {
    items: rows.map((r) => presentTaskRow(r.task, r)),
    total,
    page: query.page,
    pageSize: TABLE_PAGE_SIZE,
  };
}

export async function getTask(db: DbOrTx, eventId: string, taskId: string): Promise<AdminTaskDetail> {
  const [row] = await db
    .select(rowColumns)
    .from(tasks)
    .leftJoin(taskGroups, eq(taskGroups.id, tasks.groupId))
    .leftJoin(forms, formOfTask)
    .where(and(eq(tasks.eventId, eventId), eq(tasks.id, taskId)));
  if (!row) throw notFound(TASK_NOT_FOUND);
  const attachments = await listAttachments(db, eventId, taskId);
  return { ...presentTaskDetail(row.task, row), attachments };
}

/**
 * Team types, group and form must be the event's own; another event's ids (or a deleted form's) are
 * refused as invalid values. The form is checked only for a form task: other types store none.
 */
async function checkReferences(db: DbOrTx, eventId: string, body: TaskBody): Promise<void> {
  const formIds = body.type === 'form' && body.formId ? [body.formId] : [];
  const [foreignTypes, foreignForms] = await Promise.all([
    idsNotInEvent(db, teamTypes, eventId, body.teamTypeIds),
    idsNotInEvent(db, forms, eventId, formIds),
  ]);
  if (foreignTypes.length > 0) throw badRequest(TASK_ERRORS.invalidTask);
  if (foreignForms.length > 0) {
    throw badRequest(TASK_ERRORS.invalidTask, [{ path: ['formId'], message: TASK_ERRORS.formNotInEvent }]);
  }
  if (body.groupId) await assertGroup(db, eventId, body.groupId);
}

/** The next place at the end of a group, so a task added to a group comes last in it. */
async function nextPosition(db: DbOrTx, eventId: string, groupId: string | null): Promise<number> {
  if (!groupId) return 0;
  const [{ last }] = await db
    .select({ last: sql<number>`coalesce(max(${tasks.position}), -1)`.mapWith(Number) })
    .from(tasks)
    .where(and(eq(tasks.eventId, eventId), eq(tasks.groupId, groupId)));
  return last + 1;
}

/**
 * The task's own columns, the rich description sanitised; attachments live in the files module. A
 * task changed from 'form' to another type lets go of its form, so submissions no longer complete it.
 */
async function values({
  attachmentIds: _attachments,
  teamTypeIds: _teamTypes,
  description,
  ...body
}: TaskBody) {
  return {
    ...body,
    description: await sanitizeRichText(description),
    formId: body.type === 'form' ? body.formId : null,
  };
}

export async function createTask(ctx: AppContext, eventId: string, body: TaskBody, by: string) {
  return withTransaction(ctx.db, async (db) => {
    const columns = await values(body);
    await checkReferences(db, eventId, body);
    const position = await nextPosition(db, eventId, body.groupId);
    const [row] = await db
      .insert(tasks)
      .values({ ...columns, eventId, position, createdBy: by, updatedBy: by })
      .returning({ id: tasks.id });
    await saveTeamTypeIds(db, taskTeamTypes, eventId, row.id, body.teamTypeIds);
    await saveAttachments(db, ctx, eventId, row.id, body.attachmentIds);
    if (columns.formId) await completeForSubmittedTeams(db, eventId, columns.formId);
    return getTask(db, eventId, row.id);
  });
}

export async function updateTask(
  ctx: AppContext,
  eventId: string,
  taskId: string,
  body: TaskBody,
  by: string,
) {
  return withTransaction(ctx.db, async (db) => {
    const columns = await values(body);
    const current = await getTask(db, eventId, taskId);
    await checkReferences(db, eventId, body);
    const position =
      current.groupId === body.groupId ? undefined : await nextPosition(db, eventId, body.groupId);
    await db
      .update(tasks)
      .set({
        ...columns,
        ...(position === undefined ? {} : { position }),
        updatedBy: by,
        updatedAt: new Date(),
      })
      .where(and(eq(tasks.eventId, eventId), eq(tasks.id, taskId)));
    await saveTeamTypeIds(db, taskTeamTypes, eventId, taskId, body.teamTypeIds);
    await saveAttachments(db, ctx, eventId, taskId, body.attachmentIds);
    if (columns.formId && columns.formId !== current.formId) {
      await completeForSubmittedTeams(db, eventId, columns.formId);
    }
    const updated = await getTask(db, eventId, taskId);
    // The trail keeps the fields that changed, before and after (the task's History on its edit screen).
    noteChange('tasks', taskId, current, updated);
    return updated;
  });
}

export async function setTaskArchived(
  db: DbOrTx,
  eventId: string,
  taskId: string,
  isArchived: boolean,
  by: string,
) {
  return withTransaction(db, async (db) => {
    const updated = await db
      .update(tasks)
      .set({ isArchived, updatedBy: by, updatedAt: new Date() })
      .where(and(eq(tasks.eventId, eventId), eq(tasks.id, taskId)))
      .returning({ id: tasks.id });
    if (updated.length === 0) throw notFound(TASK_NOT_FOUND);
    return getTask(db, eventId, taskId);
  });
}

/** Deleting a task deletes every team's status of it (foreign key cascade) and its attachments. */
export async function deleteTask(ctx: AppContext, eventId: string, taskId: string): Promise<void> {
  return withTransaction(ctx.db, async (db) => {
    // The teams' uploads are found through task_uploads rows, which go with the task: release first.
    await releaseTaskUploads(db, ctx, eventId, taskId);
    const deleted = await db
      .delete(tasks)
      .where(and(eq(tasks.eventId, eventId), eq(tasks.id, taskId)))
      .returning({ id: tasks.id });
    if (deleted.length === 0) throw notFound(TASK_NOT_FOUND);
    await releaseAttachments(db, ctx, eventId, taskId);
  });
}
