import { and, eq } from 'drizzle-orm';
import { can } from '../../../../shared/auth/permissions';
import { registerFileAccess } from '../../files/service';
import { formSubmissions } from '../tables';
import { KIND } from './queries';

/**
 * Who may read a submission's file: organisers (moderator and above) of its event, and members of
 * the team that submitted it. Guests never (a guest's files are the organisers' to read); another
 * team or event gets 404.
 */
export function registerSubmissionFileAccess(): void {
  registerFileAccess(KIND, async (db, viewer, file) => {
    if (!viewer || viewer.eventId !== file.eventId || !file.ownerId) return false;
    if (can(viewer.permissions, 'moderator')) return true;
    if (!viewer.teamId) return false;
    const [owner] = await db
      .select({ teamId: formSubmissions.teamId })
      .from(formSubmissions)
      .where(and(eq(formSubmissions.eventId, file.eventId), eq(formSubmissions.id, file.ownerId)));
    return owner?.teamId === viewer.teamId;
  });
}
