import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { GroupTask } from '../../../../shared/tasks/adminApi';
import type { TaskGroupRow } from '../../../../shared/tasks/api';
import { TASK_ERRORS } from '../../../../shared/tasks/schema';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import { badRequest, notFound } from '../../../platform/http/errors';
import { taskGroups, tasks } from '../tables';

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
  return withTransaction(db, async (db) => {
    const [row] = await db
      .insert(taskGroups)
      .values({ eventId, title, createdBy: by, updatedBy: by })
      .returning({ id: taskGroups.id });
    return getTaskGroup(db, eventId, row.id);
  });
}

export async function renameTaskGroup(
  db: DbOrTx,
  eventId: string,
  groupId: string,
  title: string,
  by: string,
) {
  return withTransaction(db, async (db) => {
    const updated = await db
      .update(taskGroups)
      .set({ title, updatedBy: by, updatedAt: new Date() })
      .where(and(eq(taskGroups.eventId, eventId), eq(taskGroups.id, groupId)))
      .returning({ id: taskGroups.id });
    if (updated.length === 0) throw notFound(GROUP_NOT_FOUND);
    return getTaskGroup(db, eventId, groupId);
  });
}

/** Spec: archiving a group empties its taskIds (its tasks leave it); unarchiving only clears the flag. */
export async function setTaskGroupArchived(
  ctx: AppContext,
  eventId: string,
  groupId: string,
  isArchived: boolean,
  by: string,
) {
  return withTransaction(ctx.db, async (db) => {
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
  });
}

/** Deleting a group leaves its tasks in no group (the foreign key sets group_id to null). */
export async function deleteTaskGroup(db: DbOrTx, eventId: string, groupId: string): Promise<void> {
  return withTransaction(db, async (db) => {
    const deleted = await db
      .delete(taskGroups)
      .where(and(eq(taskGroups.eventId, eventId), eq(taskGroups.id, groupId)))
      .returning({ id: taskGroups.id });
    if (deleted.length === 0) throw notFound(GROUP_NOT_FOUND);
  });
}

/** A group's tasks in the group's order (the order teams see them in). */
export async function listGroupTasks(
  db: DbOrTx,
  eventId: string,
  groupId: string,
): Promise<{ items: GroupTask[] }> {
  await assertGroup(db, eventId, groupId);
  const items = await db
    .select({
      id: tasks.id,
      title: tasks.title,
      dueDate: tasks.dueDate,
      type: tasks.type,
      isArchived: tasks.isArchived,
    })
    .from(tasks)
    .where(and(eq(tasks.eventId, eventId), eq(tasks.groupId, groupId)))
    .orderBy(asc(tasks.position), asc(tasks.title), asc(tasks.id));
  return { items };
}

/**
 * Puts a group's tasks in the given order. The ids must be exactly the group's tasks, each once, so
 * that a stale screen (a task added or moved meanwhile) is refused instead of half-applied.
 */
export async function reorderGroupTasks(
  ctx: AppContext,
  eventId: string,
  groupId: string,
  taskIds: string[],
  by: string,
) {
  return withTransaction(ctx.db, async (db) => {
    const current = await listGroupTasks(db, eventId, groupId);
    const wanted = new Set(taskIds);
    const same =
      wanted.size === taskIds.length &&
      taskIds.length === current.items.length &&
      current.items.every((task) => wanted.has(task.id));
    if (!same) throw badRequest(TASK_ERRORS.invalidGroup);
    if (taskIds.length > 0) {
      const ids = sql`${`{${taskIds.join(',')}}`}::uuid[]`;
      await db
        .update(tasks)
        .set({ position: sql`array_position(${ids}, ${tasks.id}) - 1`, updatedBy: by, updatedAt: new Date() })
        .where(and(eq(tasks.eventId, eventId), eq(tasks.groupId, groupId)));
    }
    return listGroupTasks(db, eventId, groupId);
  });
}
