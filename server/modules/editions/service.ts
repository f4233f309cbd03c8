import { and, desc, eq } from 'drizzle-orm';
import { CLONE_ERRORS, type CloneRequest, type CloneStatus } from '../../../shared/editions/clone';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { SYSTEM_ACTOR } from '../../platform/db/columns';
import { withTransaction } from '../../platform/db/transaction';
import type { EventScope } from '../../platform/http/actor';
import { notFound } from '../../platform/http/errors';
import type { Actor } from '../../platform/http/guards';
import { accounts } from '../auth/tables';
import { events } from '../events/tables';
import { memberships } from '../people/tables';
import { cloneJob, runClone } from './jobs';
import { presentClone } from './present';
import { eventClones } from './tables';

/** Records the request and queues the clone once it is saved; the screen polls its progress. */
export async function startClone(ctx: AppContext, actor: Actor, input: CloneRequest): Promise<string> {
  return withTransaction(ctx.db, async (tx) => {
    const [clone] = await tx
      .insert(eventClones)
      .values({
        eventId: actor.eventId,
        name: input.name,
        shiftDays: input.shiftDays,
        createdBy: actor.accountId,
        updatedBy: actor.accountId,
      })
      .returning({ id: eventClones.id });
    // Queued once the request's row has committed.
    await cloneJob.send(ctx, { v: 1, eventId: actor.eventId, cloneId: clone.id, actorId: actor.accountId });
    return clone.id;
  });
}

export async function getClone(db: DbOrTx, scope: EventScope, cloneId: string): Promise<CloneStatus> {
  const { eventId } = scope;
  const [row] = await db
    .select()
    .from(eventClones)
    .where(and(eq(eventClones.eventId, eventId), eq(eventClones.id, cloneId)));
  if (!row) throw notFound('Clone not found');
  return presentClone(row);
}

/** The event's latest clone, so the screen shows a clone under way after a reload. */
export async function latestClone(db: DbOrTx, scope: EventScope): Promise<CloneStatus | null> {
  const { eventId } = scope;
  const [row] = await db
    .select()
    .from(eventClones)
    .where(eq(eventClones.eventId, eventId))
    .orderBy(desc(eventClones.createdAt))
    .limit(1);
  return row ? presentClone(row) : null;
}

/**
 * `npm run cli -- clone-event`: the same job, run here and now. The CLI acts as 'system', so the
 * copy's admins are the account named, or else the first edition's admins (someone must be able
 * to open it). Throws with the job's error when it fails.
 */
export async function cloneFromCli(
  ctx: AppContext,
  sourceEventId: string,
  input: CloneRequest,
  adminEmail?: string,
): Promise<CloneStatus> {
  const [source] = await ctx.db.select({ id: events.id }).from(events).where(eq(events.id, sourceEventId));
  if (!source) throw notFound('Event not found');
  const adminIds = adminEmail
    ? await ctx.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.email, adminEmail.toLowerCase()))
        .then((rows) => rows.map((r) => r.id))
    : await ctx.db
        .select({ id: memberships.accountId })
        .from(memberships)
        .where(and(eq(memberships.eventId, sourceEventId), eq(memberships.permissions, 'admin')))
        .then((rows) => rows.map((r) => r.id));
  if (adminEmail && adminIds.length === 0) throw notFound('No account has that email address');
  const [clone] = await ctx.db
    .insert(eventClones)
    .values({ eventId: sourceEventId, name: input.name, shiftDays: input.shiftDays })
    .returning({ id: eventClones.id });
  await runClone(ctx, { v: 1, eventId: sourceEventId, cloneId: clone.id, actorId: SYSTEM_ACTOR, adminIds });
  const status = await getClone(ctx.db, { eventId: sourceEventId }, clone.id);
  if (status.state !== 'done') throw new Error(status.error ?? CLONE_ERRORS.failed);
  return status;
}
