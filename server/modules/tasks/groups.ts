import { and, asc, count, eq } from 'drizzle-orm';
import type { TaskGroupRow } from '../../../shared/tasks/api';
import type { DbOrTx } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { taskGroups, tasks } from './tables';

/** Task groups (spec: Task group); a task's place in a group is held on the task (group_id). */

export const GROUP_NOT_FOUND = 'Task group not found';

export async function listTaskGroups(db: DbOrTx, eventId: string, archived = false) {
  const items = await db
    .select({
      id: taskGroups.id,
      title: taskGroups.title,
      isArchived: taskGroups.isArchived,
      tasksCount: count(tasks.id),
    })
    .from(taskGroups)
    .leftJoin(tasks, and(eq(tasks.eventId, eventId), eq(tasks.groupId, taskGroups.id)))
    .where(and(eq(taskGroups.eventId, eventId), eq(taskGroups.isArchived, archived)))
    .groupBy(taskGroups.id)
    .orderBy(asc(taskGroups.title));
  return { items };
}

export async function getTaskGroup(db: DbOrTx, eventId: string, groupId: string): Promise<TaskGroupRow> {
  const [row] = await db
    .select({
      id: taskGroups.id,
      title: taskGroups.title,
      isArchived: taskGroups.isArchived,
      tasksCount: count(tasks.id),
    })
    .from(taskGroups)
    .leftJoin(tasks, and(eq(tasks.eventId, eventId), eq(tasks.groupId, taskGroups.id)))
    .where(and(eq(taskGroups.eventId, eventId), eq(taskGroups.id, groupId)))
    .groupBy(taskGroups.id);
  if (!row) throw notFound(GROUP_NOT_FOUND);
  return row;
}

/** Checks a group belongs to the event, so a task never links to another event's group. */
export async function assertGroup(db: DbOrTx, eventId: string, groupId: string): Promise<void> {
  const [row] = await db
    .select({ id: taskGroups.id })
    .from(taskGroups)
    .where(and(eq(taskGroups.eventId, eventId), eq(taskGroups.id, groupId)));
  if (!row) throw notFound(GROUP_NOT_FOUND);
}

export async function createTaskGroup(db: DbOrTx, eventId: string, title: string, by: string) {
  const [row] = await db
    .insert(taskGroups)
    .values({ eventId, title, createdBy: by, updatedBy: by })
    .returning({ id: taskGroups.id });
  return getTaskGroup(db, eventId, row.id);
}

export async function renameTaskGroup(
  db: DbOrTx,
  eventId: string,
  groupId: string,
  title: string,
  by: string,
) {
  const updated = await db
    .update(taskGroups)
    .set({ title, updatedBy: by, updatedAt: new Date() })
    .where(and(eq(taskGroups.eventId, eventId), eq(taskGroups.id, groupId)))
    .returning({ id: taskGroups.id });
  if (updated.length === 0) throw notFound(GROUP_NOT_FOUND);
  return getTaskGroup(db, eventId, groupId);
}

/** Spec: archiving a group empties its taskIds (its tasks leave it); unarchiving only clears the flag. */
export async function setTaskGroupArchived(
  db: DbOrTx,
  eventId: string,
  groupId: string,
  isArchived: boolean,
  by: string,
) {
  const updated = await db
    .update(taskGroups)
    .set({ isArchived, updatedBy: by, updatedAt: new Date() })
    .where(and(eq(taskGroups.eventId, eventId), eq(taskGroups.id, groupId)))
    .returning({ id: taskGroups.id });
  if (updated.length === 0) throw notFound(GROUP_NOT_FOUND);
  if (isArchived) {
    await db
      .update(tasks)
      .set({ groupId: null, position: 0, updatedBy: by, updatedAt: new Date() })
      .where(and(eq(tasks.eventId, eventId), eq(tasks.groupId, groupId)));
  }
  return getTaskGroup(db, eventId, groupId);
}

/** Deleting a group leaves its tasks in no group (the foreign key sets group_id to null). */
export async function deleteTaskGroup(db: DbOrTx, eventId: string, groupId: string): Promise<void> {
  const deleted = await db
    .delete(taskGroups)
    .where(and(eq(taskGroups.eventId, eventId), eq(taskGroups.id, groupId)))
    .returning({ id: taskGroups.id });
  if (deleted.length === 0) throw notFound(GROUP_NOT_FOUND);
}
