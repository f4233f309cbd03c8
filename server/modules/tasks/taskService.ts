import { and, asc, count, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  TaskDetail,
  TaskListResponse,
  taskBodySchema,
  taskListQuerySchema,
} from '../../../shared/tasks/api';
import { TASK_ERRORS } from '../../../shared/tasks/schema';
import { TABLE_PAGE_SIZE } from '../../../shared/ui/constants';
import type { DbOrTx } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/http/errors';
import { teamTypes } from '../people/tables';
import { assertGroup } from './groups';
import { presentTaskDetail, presentTaskRow } from './present';
import { taskGroups, tasks } from './tables';

/** The admin side of tasks: list, read, create, update, archive, delete. */

export const TASK_NOT_FOUND = 'Task not found';
type TaskBody = z.output<typeof taskBodySchema>;
type TaskListQuery = z.output<typeof taskListQuerySchema>;

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listTasks(
  db: DbOrTx,
  eventId: string,
  query: TaskListQuery,
): Promise<TaskListResponse> {
  const where: SQL[] = [eq(tasks.eventId, eventId), eq(tasks.isArchived, query.archived ?? false)];
  if (query.type) where.push(eq(tasks.type, query.type));
  if (query.groupId === 'unassigned') where.push(isNull(tasks.groupId));
  else if (query.groupId) where.push(eq(tasks.groupId, query.groupId));
  if (query.search) where.push(ilike(tasks.title, escapeLike(query.search)));
  const direction = query.order === 'desc' ? desc : asc;
  const column = { dueDate: tasks.dueDate, title: tasks.title, type: tasks.type }[query.sort];
  const condition = and(...where);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ task: tasks, groupTitle: taskGroups.title })
      .from(tasks)
      .leftJoin(taskGroups, eq(taskGroups.id, tasks.groupId))
      .where(condition)
      // The id breaks ties so that paging never shows a task twice or skips one.
      .orderBy(direction(column), asc(tasks.title), asc(tasks.id))
      .limit(TABLE_PAGE_SIZE)
      .offset((query.page - 1) * TABLE_PAGE_SIZE),
    db.select({ total: count() }).from(tasks).where(condition),
  ]);
  return {
    items: rows.map((r) => presentTaskRow(r.task, r.groupTitle)),
    total,
    page: query.page,
    pageSize: TABLE_PAGE_SIZE,
  };
}

export async function getTask(db: DbOrTx, eventId: string, taskId: string): Promise<TaskDetail> {
  const [row] = await db
    .select({ task: tasks, groupTitle: taskGroups.title })
    .from(tasks)
    .leftJoin(taskGroups, eq(taskGroups.id, tasks.groupId))
    .where(and(eq(tasks.eventId, eventId), eq(tasks.id, taskId)));
  if (!row) throw notFound(TASK_NOT_FOUND);
  return presentTaskDetail(row.task, row.groupTitle);
}

/** Team types and group must be the event's own; another event's ids are refused as invalid values. */
async function checkReferences(db: DbOrTx, eventId: string, body: TaskBody): Promise<void> {
  const typeIds = [...new Set(body.teamTypeIds)];
  if (typeIds.length > 0) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(teamTypes)
      .where(and(eq(teamTypes.eventId, eventId), inArray(teamTypes.id, typeIds)));
    if (n !== typeIds.length) throw badRequest(TASK_ERRORS.invalidTask);
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

function values(body: TaskBody) {
  return { ...body, teamTypeIds: [...new Set(body.teamTypeIds)] };
}

export async function createTask(db: DbOrTx, eventId: string, body: TaskBody, by: string) {
  await checkReferences(db, eventId, body);
  const position = await nextPosition(db, eventId, body.groupId);
  const [row] = await db
    .insert(tasks)
    .values({ ...values(body), eventId, position, createdBy: by, updatedBy: by })
    .returning({ id: tasks.id });
  return getTask(db, eventId, row.id);
}

export async function updateTask(db: DbOrTx, eventId: string, taskId: string, body: TaskBody, by: string) {
  const current = await getTask(db, eventId, taskId);
  await checkReferences(db, eventId, body);
  const position =
    current.groupId === body.groupId ? undefined : await nextPosition(db, eventId, body.groupId);
  await db
    .update(tasks)
    .set({
      ...values(body),
      ...(position === undefined ? {} : { position }),
      updatedBy: by,
      updatedAt: new Date(),
    })
    .where(and(eq(tasks.eventId, eventId), eq(tasks.id, taskId)));
  return getTask(db, eventId, taskId);
}

export async function setTaskArchived(
  db: DbOrTx,
  eventId: string,
  taskId: string,
  isArchived: boolean,
  by: string,
) {
  const updated = await db
    .update(tasks)
    .set({ isArchived, updatedBy: by, updatedAt: new Date() })
    .where(and(eq(tasks.eventId, eventId), eq(tasks.id, taskId)))
    .returning({ id: tasks.id });
  if (updated.length === 0) throw notFound(TASK_NOT_FOUND);
  return getTask(db, eventId, taskId);
}

/** Deleting a task deletes every team's status of it (foreign key cascade). */
export async function deleteTask(db: DbOrTx, eventId: string, taskId: string): Promise<void> {
  const deleted = await db
    .delete(tasks)
    .where(and(eq(tasks.eventId, eventId), eq(tasks.id, taskId)))
    .returning({ id: tasks.id });
  if (deleted.length === 0) throw notFound(TASK_NOT_FOUND);
}
