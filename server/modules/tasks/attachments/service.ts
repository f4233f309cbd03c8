import { and, asc, eq } from 'drizzle-orm';
import { can } from '../../../../shared/auth/permissions';
import type { StoredFile } from '../../../../shared/files/schemas';
import { canSeeTask } from '../../../../shared/tasks/visibility';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import {
  claimFiles,
  presentFile,
  registerFileAccess,
  releaseFileIds,
  releaseFiles,
} from '../../files/service';
import { files } from '../../files/tables';
import { memberships, teams } from '../../people/tables';
import { tasks, taskWithTeamTypes } from '../tables';

/**
 * A task's attachments (spec: attachmentIds): files uploaded with purpose 'taskAttachment' and
 * claimed by the task when it is saved; the files module holds them, ordered by upload.
 */

const KIND = 'taskAttachment' as const;
type FilesContext = Pick<AppContext, 'storage' | 'logger'>;

export async function listAttachments(db: DbOrTx, eventId: string, taskId: string): Promise<StoredFile[]> {
  const rows = await db
    .select()
    .from(files)
    .where(and(eq(files.eventId, eventId), eq(files.ownerKind, KIND), eq(files.ownerId, taskId)))
    .orderBy(asc(files.createdAt), asc(files.name));
  return rows.map(presentFile);
}

/** Makes the task's attachments exactly these files: new ones are claimed, dropped ones deleted. */
export async function saveAttachments(
  tx: DbOrTx,
  ctx: FilesContext,
  eventId: string,
  taskId: string,
  fileIds: readonly string[],
): Promise<void> {
  const wanted = new Set(fileIds);
  const current = await listAttachments(tx, eventId, taskId);
  const dropped = current.filter((file) => !wanted.has(file.id)).map((file) => file.id);
  await releaseFileIds(tx, ctx, { eventId }, KIND, taskId, dropped);
  await claimFiles(tx, { eventId }, [...wanted], KIND, taskId);
}

export async function releaseAttachments(tx: DbOrTx, ctx: FilesContext, eventId: string, taskId: string) {
  await releaseFiles(tx, ctx, { eventId }, KIND, taskId);
}

/**
 * Who may read an attachment: organisers (moderator and above) of the event, and members whose team
 * sees the task (the spec's visibility, archived tasks left out), so a restricted task's files stay
 * with the teams it is for. Guests never.
 */
export function registerTaskAttachmentAccess(): void {
  registerFileAccess(KIND, async (db, viewer, file) => {
    if (!viewer || viewer.eventId !== file.eventId || !file.ownerId) return false;
    if (can(viewer.permissions, 'moderator')) return true;
    const [task] = await db
      .select({
        teamTypeIds: taskWithTeamTypes.teamTypeIds,
        showToChildTeams: tasks.showToChildTeams,
        isArchived: tasks.isArchived,
      })
      .from(tasks)
      .where(and(eq(tasks.eventId, file.eventId), eq(tasks.id, file.ownerId)));
    if (!task || task.isArchived) return false;
    const [team] = await db
      .select({
        isOrganiserTeam: teams.isOrganiser,
        teamTypeId: teams.teamTypeId,
        standShareRole: teams.standShareRole,
      })
      .from(memberships)
      .innerJoin(teams, eq(teams.id, memberships.teamId))
      .where(and(eq(memberships.eventId, viewer.eventId), eq(memberships.accountId, viewer.accountId)));
    if (!team) return false;
    return canSeeTask(task, { ...team, level: viewer.permissions });
  });
}
