import { and, eq, inArray, ne } from 'drizzle-orm';
import { IMPORT_ERRORS } from '../../../../shared/people/importRules';
import type { TeamImport } from '../../../../shared/people/importSchema';
import type { AppContext } from '../../../platform/context';
import { withTransaction } from '../../../platform/db/transaction';
import { badRequest, conflict, notFound } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { teamImportJob } from './jobs';
import { signalImport } from './live';
import { getImport } from './queries';
import { teamImports } from './tables';

/**
 * "Start import": queues the job for a previewed import, or resumes one whose job stopped. One
 * import runs at a time per event, so two admins cannot write the same people at once.
 */
export async function startImport(ctx: AppContext, actor: Actor, importId: string): Promise<TeamImport> {
  await withTransaction(ctx.db, async (tx) => {
    const [record] = await tx
      .select({ state: teamImports.state, readyRows: teamImports.readyRows })
      .from(teamImports)
      .where(and(eq(teamImports.eventId, actor.eventId), eq(teamImports.id, importId)))
      .for('update');
    if (!record) throw notFound(IMPORT_ERRORS.notFound);
    if (record.state !== 'preview' && record.state !== 'failed') throw conflict(IMPORT_ERRORS.alreadyStarted);
    if (record.readyRows === 0) throw badRequest(IMPORT_ERRORS.nothingToImport);
    const [running] = await tx
      .select({ id: teamImports.id })
      .from(teamImports)
      .where(
        and(
          eq(teamImports.eventId, actor.eventId),
          ne(teamImports.id, importId),
          inArray(teamImports.state, ['queued', 'running']),
        ),
      )
      .limit(1);
    if (running) throw conflict(IMPORT_ERRORS.running);
    await tx
      .update(teamImports)
      .set({ state: 'queued', error: null, updatedBy: actor.accountId, updatedAt: new Date() })
      .where(and(eq(teamImports.eventId, actor.eventId), eq(teamImports.id, importId)));
  });
  await teamImportJob.send(ctx, { v: 1, eventId: actor.eventId, importId, actorId: actor.accountId });
  // Another admin's open import screen shows it queued at once.
  await signalImport(ctx, actor.eventId);
  return getImport(ctx.db, actor.eventId, importId);
}
