import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defaultCustomFieldValue, valuesFitFields } from '../../../../shared/people/customFields';
import {
  IMPORT_ERRORS,
  type ImportRowValues,
  importRowValuesSchema,
} from '../../../../shared/people/importRules';
import { TEAM_ERRORS } from '../../../../shared/people/teams';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { AppError } from '../../../platform/http/errors';
import { forgetAccountSessions } from '../../auth/sessions';
import { accounts } from '../../auth/tables';
import { dispatchEmails } from '../../emails/service';
import { listCustomFields } from '../customFields';
import { ensureMember, joinTeam, queueWelcome } from '../placement';
import { memberships, teams, teamTypes } from '../tables';
import { teamImportRows, teamImports } from './tables';

export const TEAM_IMPORT_JOB = 'people.team-import';
const ANALYZE_AFTER_ROWS = 500;
export const teamImportJobSchema = z.object({
  v: z.literal(1),
  eventId: z.uuid(),
  importId: z.uuid(),
  actorId: z.string(),
});
export type TeamImportJob = z.infer<typeof teamImportJobSchema>;

export type RunOptions = {
  /** A hook for tests: runs after each row's transaction has committed. */
  afterRow?: (rowNumber: number) => void | Promise<void>;
  /** Rows in flight at once; by default several on PostgreSQL, one on PGlite (one connection). */
  concurrency?: number;
};
/**
 * Each row waits on round trips, not on the database's CPU, so a few rows in flight on separate
 * pool connections multiply the rate (docs/benchmarks.md). Rows share nothing but the import's
 * counters, which each row updates last, just before its commit.
 */
const POSTGRES_CONCURRENCY = 6;

type Step = 'typeCheck' | 'userUpsert' | 'teamAdd' | 'emailSend';
const STEPS: Step[] = ['typeCheck', 'userUpsert', 'teamAdd', 'emailSend'];
type Outcome = { outboxIds: string[]; accountId: string | null };
type Event = {
  eventId: string;
  importId: string;
  actorId: string;
  defaults: Record<string, string | boolean>;
};
type Fields = Awaited<ReturnType<typeof listCustomFields>>;

export function registerTeamImportJob(ctx: AppContext): void {
  ctx.jobs.register(TEAM_IMPORT_JOB, async (data) => runTeamImport(ctx, teamImportJobSchema.parse(data)));
}

/**
 * Works through the import's rows that are still ready, each in its own transaction that also
 * writes its check record: a crash leaves every row created with its record, or untouched and
 * still ready, and running the job again carries on where it stopped.
 */
export async function runTeamImport(ctx: AppContext, job: TeamImportJob, options: RunOptions = {}) {
  const { eventId, importId, actorId } = job;
  const started = await ctx.db
    .update(teamImports)
    .set({ state: 'running', error: null, startedAt: sql`coalesce(${teamImports.startedAt}, now())` })
    .where(
      and(
        eq(teamImports.eventId, eventId),
        eq(teamImports.id, importId),
        sql`${teamImports.state} in ('queued', 'running', 'failed')`,
      ),
    )
    .returning({ id: teamImports.id });
  if (started.length === 0) return;
  try {
    const fields = await listCustomFields(ctx.db, eventId);
    const defaults = Object.fromEntries(fields.map((f) => [f.id, defaultCustomFieldValue(f.type)]));
    const pending = await ctx.db
      .select({ rowNumber: teamImportRows.rowNumber })
      .from(teamImportRows)
      .where(
        and(
          eq(teamImportRows.eventId, eventId),
          eq(teamImportRows.importId, importId),
          eq(teamImportRows.status, 'ready'),
        ),
      )
      .orderBy(asc(teamImportRows.rowNumber));
    const event = { eventId, importId, actorId, defaults };
    const concurrency = options.concurrency ?? (ctx.database.kind === 'postgres' ? POSTGRES_CONCURRENCY : 1);
    let next = 0;
    let stopped = false;
    const worker = async () => {
      while (!stopped && next < pending.length) {
        const { rowNumber } = pending[next++];
        try {
          const outcome = await importRow(ctx, event, fields, rowNumber);
          // After commit: the outbox keeps the email if this dispatch is lost (dispatchStuckEmails).
          await dispatchEmails(ctx, outcome.outboxIds);
          if (outcome.accountId) forgetAccountSessions(outcome.accountId);
          await options.afterRow?.(rowNumber);
        } catch (err) {
          // The other workers finish the row they hold and take no more.
          stopped = true;
          throw err;
        }
      }
    };
    const settled = await Promise.allSettled(Array.from({ length: concurrency }, worker));
    const failure = settled.find((r) => r.status === 'rejected');
    if (failure) throw failure.reason;
    await ctx.db
      .update(teamImports)
      .set({ state: 'done', finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(teamImports.eventId, eventId), eq(teamImports.id, importId)));
    // PGlite has no autovacuum: after a bulk load the planner would work from empty statistics
    // (docs/benchmarks.md, people at scale). Cheap next to the import itself.
    if (pending.length >= ANALYZE_AFTER_ROWS) await ctx.db.execute(sql`analyze teams, memberships, accounts`);
  } catch (err) {
    // Shown on the screen; the queue retries the job, which resumes at the first ready row.
    await ctx.db
      .update(teamImports)
      .set({ state: 'failed', error: messageOf(err), updatedAt: new Date() })
      .where(and(eq(teamImports.eventId, eventId), eq(teamImports.id, importId)));
    throw err;
  }
}

/** One row: type check, then account, user, team and team-type link, welcome email, check record. */
async function importRow(ctx: AppContext, event: Event, fields: Fields, rowNumber: number): Promise<Outcome> {
  const reached = { step: 'typeCheck' as Step, rolledBack: [] as string[] };
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ values: teamImportRows.values })
        .from(teamImportRows)
        .where(and(...rowKey(event, rowNumber), eq(teamImportRows.status, 'ready')))
        .for('update');
      // Another worker got here first (a retried job overlapping a slow one).
      if (!row) return { outboxIds: [], accountId: null };
      const values = await typeCheck(tx, event.eventId, fields, row.values);
      if (typeof values === 'string') {
        await finishRow(tx, event, rowNumber, 'failed', { typeCheck: false, errorMessage: values });
        return { outboxIds: [], accountId: null };
      }
      const known = await knownPerson(tx, event.eventId, values.email);
      if (known?.ownedTeamName?.trim().toLowerCase() === values.teamName.toLowerCase()) {
        await finishRow(tx, event, rowNumber, 'skipped', {
          typeCheck: true,
          errorMessage: IMPORT_ERRORS.alreadyImported,
          teamId: known.ownedTeamId,
          accountId: known.accountId,
        });
        return { outboxIds: [], accountId: null };
      }

      reached.step = 'userUpsert';
      const person = { firstName: values.firstName, surname: values.surname, email: values.email };
      const owner = await ensureMember(tx, event.eventId, person, 'user', event.actorId);
      if (!known) reached.rolledBack.push('account');
      if (!known?.isMember) reached.rolledBack.push('user');

      reached.step = 'teamAdd';
      const [team] = await tx
        .insert(teams)
        .values({
          eventId: event.eventId,
          name: values.teamName,
          ownerId: owner.accountId,
          teamTypeId: values.teamTypeId,
          isOrganiser: values.isOrganiser,
          customFields: { ...event.defaults, ...values.customFields },
          createdBy: event.actorId,
          updatedBy: event.actorId,
        })
        .returning({ id: teams.id });
      reached.rolledBack.push('team');
      if (values.teamTypeId) reached.rolledBack.push('teamTypeLink');
      await joinTeam(tx, event.eventId, owner.accountId, team.id, 'teamOwner', event.actorId);

      reached.step = 'emailSend';
      const outboxIds = await queueWelcome(tx, event.eventId, owner, event.actorId);
      await finishRow(tx, event, rowNumber, 'created', {
        typeCheck: true,
        userUpsert: true,
        teamAdd: true,
        // null: an account that already has a password gets no set-password link.
        emailSend: outboxIds.length > 0 ? true : null,
        teamId: team.id,
        accountId: owner.accountId,
      });
      return { outboxIds, accountId: owner.accountId };
    });
  } catch (err) {
    if (!(err instanceof AppError)) ctx.logger.error({ err, rowNumber }, 'team import row failed');
    // The row's transaction rolled back everything it wrote; record which step failed and what.
    const checks: Partial<Record<Step, boolean>> = {};
    for (const step of STEPS.slice(0, STEPS.indexOf(reached.step))) checks[step] = true;
    checks[reached.step] = false;
    await ctx.db.transaction(async (tx) => {
      await finishRow(tx, event, rowNumber, 'failed', {
        ...checks,
        // An unexpected failure while making the account is the spec's identity-service failure.
        errorMessage:
          reached.step === 'userUpsert' && !(err instanceof AppError)
            ? TEAM_ERRORS.createUserFailed
            : messageOf(err),
        rolledBack: reached.rolledBack,
      });
    });
    return { outboxIds: [], accountId: null };
  }
}

/** The stored row still fits the rules and the event as it is now, or the reason it does not. */
async function typeCheck(tx: DbOrTx, eventId: string, fields: Fields, stored: unknown) {
  const parsed = importRowValuesSchema.safeParse(stored);
  if (!parsed.success || !valuesFitFields(parsed.data.customFields, fields)) return TEAM_ERRORS.invalidTeam;
  const values: ImportRowValues = parsed.data;
  if (values.teamTypeId) {
    const [type] = await tx
      .select({ id: teamTypes.id })
      .from(teamTypes)
      .where(and(eq(teamTypes.eventId, eventId), eq(teamTypes.id, values.teamTypeId)));
    if (!type) return TEAM_ERRORS.invalidTeamType;
  }
  return values;
}

/** The account of an email, whether it is in the event, and the team it owns there. */
async function knownPerson(tx: DbOrTx, eventId: string, email: string) {
  const [found] = await tx
    .select({
      accountId: accounts.id,
      isMember: sql<boolean>`${memberships.accountId} is not null`,
      ownedTeamId: teams.id,
      ownedTeamName: teams.name,
    })
    .from(accounts)
    .leftJoin(memberships, and(eq(memberships.eventId, eventId), eq(memberships.accountId, accounts.id)))
    .leftJoin(
      teams,
      and(eq(teams.eventId, eventId), eq(teams.id, memberships.teamId), eq(teams.ownerId, accounts.id)),
    )
    .where(eq(accounts.email, email))
    .limit(1);
  return found ?? null;
}

const rowKey = (event: Event, rowNumber: number) => [
  eq(teamImportRows.eventId, event.eventId),
  eq(teamImportRows.importId, event.importId),
  eq(teamImportRows.rowNumber, rowNumber),
];

type CheckRecord = Partial<Record<Step, boolean | null>> & {
  errorMessage?: string;
  rolledBack?: string[];
  teamId?: string | null;
  accountId?: string | null;
};

/** Writes a row's check record and moves the import's progress on by one, in the row's transaction. */
async function finishRow(
  tx: DbOrTx,
  event: Event,
  rowNumber: number,
  status: 'created' | 'skipped' | 'failed',
  record: CheckRecord,
) {
  const updated = await tx
    .update(teamImportRows)
    .set({
      status,
      typeCheck: record.typeCheck ?? null,
      userUpsert: record.userUpsert ?? null,
      teamAdd: record.teamAdd ?? null,
      emailSend: record.emailSend ?? null,
      errorMessage: record.errorMessage ?? null,
      rolledBack: record.rolledBack ?? [],
      teamId: record.teamId ?? null,
      accountId: record.accountId ?? null,
      updatedBy: event.actorId,
      updatedAt: new Date(),
    })
    .where(and(...rowKey(event, rowNumber), eq(teamImportRows.status, 'ready')))
    .returning({ rowNumber: teamImportRows.rowNumber });
  if (updated.length === 0) return;
  const key = COUNTER_KEYS[status];
  await tx
    .update(teamImports)
    .set({
      doneRows: sql`${teamImports.doneRows} + 1`,
      [key]: sql`${teamImports[key]} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(teamImports.eventId, event.eventId), eq(teamImports.id, event.importId)));
}

const COUNTER_KEYS = {
  created: 'createdRows',
  skipped: 'alreadyImportedRows',
  failed: 'failedRows',
} as const;

/** The spec's message of an AppError; anything unexpected is logged by the caller, not shown raw. */
function messageOf(err: unknown): string {
  if (err instanceof AppError) return err.message;
  return 'Something went wrong. Please try again later';
}
