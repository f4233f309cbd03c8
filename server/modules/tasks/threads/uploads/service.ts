import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { can } from '../../../../../shared/auth/permissions';
import { isOrganiser } from '../../../../../shared/tasks/comments';
import { type TaskUpload, TEAM_WORK_ERRORS } from '../../../../../shared/tasks/teamWork';
import type { AppContext } from '../../../../platform/context';
import type { DbOrTx } from '../../../../platform/db/client';
import { badRequest, conflict, forbidden, notFound } from '../../../../platform/http/errors';
import type { Actor } from '../../../../platform/http/guards';
import { accounts } from '../../../auth/tables';
import {
  CLAIM_ERROR,
  claimFiles,
  type FileViewer,
  fileUrl,
  findFile,
  registerFileAccess,
  releaseFiles,
} from '../../../files/service';
import { files } from '../../../files/tables';
import { memberships, teams } from '../../../people/tables';
import { setMyProgress } from '../../myTasks/service';
import { requireTeamMember, type Thread } from '../policy';
import { taskUploads } from '../tables';

/**
 * Files a team uploads for an upload task (decision 0011). The file is uploaded first (purpose
 * taskUpload) and claimed here by a task_uploads row, which ties it to the task and the team. As a
 * form submission does for its task (spec), the first upload completes the team's task (pending
 * review when approval is needed) and removing the last one sets it back to incomplete.
 */

const uploadsOf = (eventId: string, taskId: string, teamId: string) =>
  and(eq(taskUploads.eventId, eventId), eq(taskUploads.taskId, taskId), eq(taskUploads.teamId, teamId));

export async function listUploads(
  db: DbOrTx,
  eventId: string,
  taskId: string,
  teamId: string,
): Promise<TaskUpload[]> {
  const rows = await db
    .select({
      id: taskUploads.id,
      fileId: files.id,
      name: files.name,
      size: files.size,
      contentType: files.contentType,
      createdAt: taskUploads.createdAt,
      firstName: accounts.firstName,
      surname: accounts.surname,
    })
    .from(taskUploads)
    .innerJoin(files, and(eq(files.eventId, taskUploads.eventId), eq(files.id, taskUploads.fileId)))
    .leftJoin(accounts, eq(sql`${accounts.id}::text`, taskUploads.createdBy))
    .where(uploadsOf(eventId, taskId, teamId))
    .orderBy(asc(taskUploads.createdAt));
  return rows.map((r) => ({
    id: r.id,
    fileId: r.fileId,
    name: r.name,
    size: r.size,
    contentType: r.contentType,
    url: fileUrl(eventId, r.fileId),
    uploadedByName: r.firstName ? `${r.firstName} ${r.surname}` : 'Former member',
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function addUpload(
  tx: DbOrTx,
  actor: Actor,
  thread: Thread,
  fileId: string,
): Promise<TaskUpload> {
  requireTeamMember(thread, TEAM_WORK_ERRORS.teamOnly);
  if (thread.task.type !== 'upload') throw conflict(TEAM_WORK_ERRORS.notUpload);
  // Only one's own upload: another person's unclaimed file is not theirs to hand in.
  const file = await findFile(tx, actor, fileId);
  if (!file || file.uploadedBy !== actor.accountId) throw badRequest(CLAIM_ERROR);
  const id = randomUUID();
  await claimFiles(tx, actor, [fileId], 'taskUpload', id);
  await tx.insert(taskUploads).values({
    eventId: actor.eventId,
    id,
    taskId: thread.task.id,
    teamId: thread.team.id,
    fileId,
    createdBy: actor.accountId,
    updatedBy: actor.accountId,
  });
  await setMyProgress(tx, actor, thread.task.id, 'complete');
  const added = (await listUploads(tx, actor.eventId, thread.task.id, thread.team.id)).find(
    (u) => u.id === id,
  );
  if (!added) throw new Error('the upload was not stored');
  return added;
}

/** The team removes its uploads (organisers may too); the file's bytes go with it. */
export async function removeUpload(
  tx: DbOrTx,
  ctx: Pick<AppContext, 'storage' | 'logger'>,
  actor: Actor,
  thread: Thread,
  uploadId: string,
): Promise<void> {
  if (!thread.isTeamMember && !isOrganiser(thread.viewer)) throw forbidden(TEAM_WORK_ERRORS.teamOnly);
  const scope = uploadsOf(actor.eventId, thread.task.id, thread.team.id);
  const [removed] = await tx
    .delete(taskUploads)
    .where(and(scope, eq(taskUploads.id, uploadId)))
    .returning({ id: taskUploads.id });
  if (!removed) throw notFound(TEAM_WORK_ERRORS.uploadNotFound);
  await releaseFiles(tx, ctx, actor, 'taskUpload', uploadId);
  const [left] = await tx.select({ id: taskUploads.id }).from(taskUploads).where(scope).limit(1);
  // With nothing uploaded the task is not done; an approved task refuses this and keeps its file.
  if (!left && thread.isTeamMember) await setMyProgress(tx, actor, thread.task.id, 'incomplete');
}

async function viewerTeam(db: DbOrTx, viewer: Actor) {
  const [own] = await db
    .select({
      teamId: teams.id,
      isOrganiserTeam: teams.isOrganiser,
      teamTypeId: teams.teamTypeId,
      standShareRole: teams.standShareRole,
    })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(and(eq(memberships.eventId, viewer.eventId), eq(memberships.accountId, viewer.accountId)));
  return own ?? null;
}

/** A team's upload is read by that team and by organisers; never by guests or other teams. */
async function mayReadUpload(
  db: DbOrTx,
  viewer: FileViewer,
  file: { eventId: string; ownerId: string | null },
) {
  if (!viewer || !file.ownerId || viewer.eventId !== file.eventId) return false;
  if (can(viewer.permissions, 'moderator')) return true;
  const [upload] = await db
    .select({ teamId: taskUploads.teamId })
    .from(taskUploads)
    .where(and(eq(taskUploads.eventId, file.eventId), eq(taskUploads.id, file.ownerId)));
  if (!upload) return false;
  return (await viewerTeam(db, viewer))?.teamId === upload.teamId;
}

/** Task attachments ('taskAttachment') are registered by tasks/attachments/service.ts with the task's visibility. */
export function registerTaskFileAccess(): void {
  registerFileAccess('taskUpload', mayReadUpload);
}

/**
 * For deleting a task (or anything that takes a task's uploads with it): releases every team's
 * upload files of the task, rows and bytes. Call it before deleting the task; the task_uploads rows
 * themselves go with the task by their foreign key.
 */
export async function releaseTaskUploads(
  tx: DbOrTx,
  ctx: Pick<AppContext, 'storage' | 'logger'>,
  eventId: string,
  taskId: string,
): Promise<void> {
  const rows = await tx
    .select({ id: taskUploads.id })
    .from(taskUploads)
    .where(and(eq(taskUploads.eventId, eventId), eq(taskUploads.taskId, taskId)));
  for (const row of rows) await releaseFiles(tx, ctx, { eventId }, 'taskUpload', row.id);
}
