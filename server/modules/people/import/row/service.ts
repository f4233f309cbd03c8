import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { IMPORT_ERRORS, type ImportRowValues } from '../../../../../shared/people/importRules';
import { TEAM_ERRORS } from '../../../../../shared/people/teams';
import type { AppContext } from '../../../../platform/context';
import type { DbOrTx } from '../../../../platform/db/client';
import { rowsOf } from '../../../../platform/db/rows';
import { withTransaction } from '../../../../platform/db/transaction';
import { AppError, conflict } from '../../../../platform/http/errors';
import { accountInsert } from '../../../auth/accounts/service';
import type { EmailLook } from '../../../emails/templates/email';
import { alreadyInEvent, membershipInsert } from '../../../membership/service';
import { joinTeamQuery, queueWelcome } from '../../placement/service';
import { teams } from '../../tables';
import { teamImportRows } from '../tables';
import { queueSetPassword } from './email';
import { type Fields, type Found, lockRow, typeCheck } from './queries';

type Step = 'typeCheck' | 'userUpsert' | 'teamAdd' | 'emailSend';
const STEPS: Step[] = ['typeCheck', 'userUpsert', 'teamAdd', 'emailSend'];
export type Outcome = { outboxIds: string[]; accountId: string | null; existingAccount: boolean };
/** What every row of one import run shares, read once by the job (import/jobs.ts). */
export type ImportEvent = {
  eventId: string;
  importId: string;
  actorId: string;
  defaults: Record<string, string | boolean>;
  /** The event's set-password email look (template, logo, colour): read once per run, not per row. */
  setPasswordLook: EmailLook;
  /** Where a row's queued emails go once the row has committed (the job batches them to the queue). */
  handOver: (outboxIds: string[]) => void;
};

/**
 * One row: type check, then account, user, team and team-type link, welcome email, check record.
 * Four statements between BEGIN and COMMIT (docs/decisions/0008-team-import.md): the lock with
 * every lookup; the account with its membership; the team with its owner's link; the token, the
 * outbox email and the check record together. Each step keeps its own statement, so a failure is
 * recorded against the step that failed.
 */
export async function importRow(
  ctx: AppContext,
  event: ImportEvent,
  fields: Fields,
  rowNumber: number,
): Promise<Outcome> {
  const reached = { step: 'typeCheck' as Step, rolledBack: [] as string[] };
  try {
    return await withTransaction(ctx.db, async (tx, effects) => {
      const found = await lockRow(tx, event, rowNumber);
      // Another worker got here first (a retried job overlapping a slow one).
      if (!found) return NOTHING;
      const values = typeCheck(found, fields);
      if (typeof values === 'string') {
        await recordRow(tx, event, rowNumber, 'failed', { typeCheck: false, errorMessage: values });
        return NOTHING;
      }
      if (found.ownedTeamName?.trim().toLowerCase() === values.teamName.toLowerCase()) {
        await recordRow(tx, event, rowNumber, 'skipped', {
          typeCheck: true,
          errorMessage: IMPORT_ERRORS.alreadyImported,
          teamId: found.ownedTeamId,
          accountId: found.accountId,
        });
        return NOTHING;
      }

      reached.step = 'userUpsert';
      const owner = await upsertOwner(tx, event, found, values);
      if (!found.accountId) reached.rolledBack.push('account');
      if (!found.isMember) reached.rolledBack.push('user');

      reached.step = 'teamAdd';
      const teamId = randomUUID();
      await tx.execute(
        sql`with new_team as (${tx
          .insert(teams)
          .values({
            id: teamId,
            eventId: event.eventId,
            name: values.teamName,
            ownerId: owner.accountId,
            teamTypeId: values.teamTypeId,
            isOrganiser: values.isOrganiser,
            customFields: { ...event.defaults, ...values.customFields },
            createdBy: event.actorId,
            updatedBy: event.actorId,
          })
          .getSQL()}) ${joinTeamQuery(tx, event.eventId, owner.accountId, teamId, 'teamOwner', event.actorId).getSQL()}`,
      );
      reached.rolledBack.push('team');
      if (values.teamTypeId) reached.rolledBack.push('teamTypeLink');

      reached.step = 'emailSend';
      const created = (emailSend: boolean | null) => ({
        typeCheck: true,
        userUpsert: true,
        teamAdd: true,
        emailSend,
        teamId,
        accountId: owner.accountId,
      });
      if (!owner.needsPassword) {
        // An account that already has a password: the existing-user welcome (rare in an import).
        const outboxIds = await queueWelcome(tx, event.eventId, owner, event.actorId);
        // Handed over once the row commits, never for a row rolled back (decision 0021).
        effects.afterCommit(() => event.handOver(outboxIds));
        // null: an account that already has a password gets no set-password link.
        await recordRow(tx, event, rowNumber, 'created', created(outboxIds.length > 0 ? true : null));
        return { outboxIds, accountId: owner.accountId, existingAccount: owner.existingAccount };
      }
      const outboxId = await queueSetPassword(
        tx,
        event,
        found,
        owner,
        recordRow(tx, event, rowNumber, 'created', created(true)),
      );
      effects.afterCommit(() => event.handOver([outboxId]));
      return { outboxIds: [outboxId], accountId: owner.accountId, existingAccount: owner.existingAccount };
    });
  } catch (err) {
    if (!(err instanceof AppError)) ctx.logger.error({ err, rowNumber }, 'team import row failed');
    // The row's transaction rolled back everything it wrote; record which step failed and what.
    const checks: Partial<Record<Step, boolean>> = {};
    for (const step of STEPS.slice(0, STEPS.indexOf(reached.step))) checks[step] = true;
    checks[reached.step] = false;
    await recordRow(ctx.db, event, rowNumber, 'failed', {
      ...checks,
      // An unexpected failure while making the account is the spec's identity-service failure.
      errorMessage:
        reached.step === 'userUpsert' && !(err instanceof AppError)
          ? TEAM_ERRORS.createUserFailed
          : messageOf(err),
      rolledBack: reached.rolledBack,
    });
    return NOTHING;
  }
}

const NOTHING: Outcome = { outboxIds: [], accountId: null, existingAccount: false };

type Owner = {
  accountId: string;
  needsPassword: boolean;
  firstName: string;
  email: string;
  existingAccount: boolean;
};

/**
 * ensureMember's rules in one statement: a member of the event without a team is reused, one in a
 * team is refused; otherwise the account (found by email, or made with it) joins the event as a
 * user, its membership and, when new, the account written together.
 */
async function upsertOwner(
  tx: DbOrTx,
  event: ImportEvent,
  found: Found,
  values: ImportRowValues,
): Promise<Owner> {
  const email = values.email;
  if (found.accountId && found.isMember) {
    if (found.memberTeamId) throw conflict(TEAM_ERRORS.alreadyInTeam);
    return {
      accountId: found.accountId,
      needsPassword: !found.hasPassword,
      firstName: found.firstName ?? values.firstName,
      email,
      existingAccount: true,
    };
  }
  const accountId = found.accountId ?? randomUUID();
  const membership = membershipInsert(
    tx,
    { eventId: event.eventId, accountId, permissions: 'user' },
    event.actorId,
  );
  let joined: number;
  if (found.accountId) {
    joined = (await membership).length;
  } else {
    const account = accountInsert(
      tx,
      { id: accountId, email, firstName: values.firstName, surname: values.surname, passwordHash: null },
      event.actorId,
    );
    joined = (
      await rowsOf<unknown>(tx, sql`with new_account as (${account.getSQL()}) ${membership.getSQL()}`)
    ).length;
  }
  if (joined === 0) throw alreadyInEvent();
  return {
    accountId,
    needsPassword: !found.hasPassword,
    firstName: found.firstName ?? values.firstName,
    email,
    existingAccount: Boolean(found.accountId),
  };
}

const rowKey = (event: ImportEvent, rowNumber: number) => [
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

/**
 * A row's check record, written once in the row's transaction (or alone, after a rollback). A
 * query to await, or to run inside another statement.
 */
function recordRow(
  db: DbOrTx,
  event: ImportEvent,
  rowNumber: number,
  status: 'created' | 'skipped' | 'failed',
  record: CheckRecord,
) {
  return db
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
    .where(and(...rowKey(event, rowNumber), eq(teamImportRows.status, 'ready')));
}

/** The spec's message of an AppError; anything unexpected is logged by the caller, not shown raw. */
export function messageOf(err: unknown): string {
  if (err instanceof AppError) return err.message;
  return 'Something went wrong. Please try again later';
}
