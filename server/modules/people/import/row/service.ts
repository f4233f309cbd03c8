import { randomUUID } from 'node:crypto';
import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import { AUTH_ERROR_MESSAGES } from '../../../../../shared/auth/errors';
import { SETTINGS_ERRORS, SETTINGS_SCHEMAS } from '../../../../../shared/events/settings';
import { valuesFitFields } from '../../../../../shared/people/customFields';
import {
  IMPORT_ERRORS,
  type ImportRowValues,
  importRowValuesSchema,
} from '../../../../../shared/people/importRules';
import { TEAM_ERRORS } from '../../../../../shared/people/teams';
import type { AppContext } from '../../../../platform/context';
import { newToken } from '../../../../platform/crypto';
import type { DbOrTx } from '../../../../platform/db/client';
import { rowsOf } from '../../../../platform/db/rows';
import { withTransaction } from '../../../../platform/db/transaction';
import { AppError, authError, conflict, notFound } from '../../../../platform/http/errors';
import { LINK_PATHS } from '../../../auth/recovery/service';
import { accounts } from '../../../auth/tables';
import { linkTokenPlaceholder, tokenIssue } from '../../../auth/tokens/service';
import { emailQueueing } from '../../../emails/service';
import { type EmailLook, renderEmail } from '../../../emails/templates/email';
import { events, settings } from '../../../events/tables';
import type { listCustomFields } from '../../customFields/service';
import { queueWelcome } from '../../placement/service';
import { memberships, teams, teamTypes } from '../../tables';
import { teamImportRows } from '../tables';

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
export type Fields = Awaited<ReturnType<typeof listCustomFields>>;

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
          .getSQL()}) ${joinTeamQuery(tx, event, owner.accountId, teamId).getSQL()}`,
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

/**
 * Locks a ready row and reads, in the same statement, what its steps need as the database is now:
 * the account of its email, that account's membership and owned team in the event, whether its
 * team type still exists, and the event's URL and settings for the welcome email. A named
 * prepared statement, so PostgreSQL plans it once per connection rather than once per row.
 *
 * It also sets synchronous_commit off for the row's transaction: the row commits without waiting
 * for its WAL flush, so a database crash can lose only the last moments of rows, each whole and
 * still ready for the resumed job; every later synchronous commit (the email dispatch, a progress
 * recount, "done") flushes them first. Atomicity and the row lock are untouched.
 */
async function lockRow(tx: DbOrTx, event: ImportEvent, rowNumber: number) {
  const email = sql`lower(btrim(${teamImportRows.values}->>'email'))`;
  const eventId = sql.placeholder('eventId');
  const [found] = await tx
    .select({
      values: teamImportRows.values,
      accountId: accounts.id,
      firstName: accounts.firstName,
      hasPassword: sql<boolean>`${accounts.passwordHash} is not null`,
      isMember: sql<boolean>`${memberships.accountId} is not null`,
      memberTeamId: memberships.teamId,
      ownedTeamId: teams.id,
      ownedTeamName: teams.name,
      // Scalar subqueries rather than joins: the planner then orders four tables, not seven,
      // which matters on PGlite, where every statement is planned afresh.
      typeFound: sql<boolean>`exists (select 1 from ${teamTypes} where ${and(
        eq(teamTypes.eventId, eventId),
        sql`${teamTypes.id}::text = ${teamImportRows.values}->>'teamTypeId'`,
      )})`,
      appUrl: sql<string | null>`(select ${events.appUrl} from ${events} where ${eq(events.id, eventId)})`,
      eventSettings: sql<unknown>`(select ${settings.data} from ${settings} where ${and(
        eq(settings.eventId, eventId),
        eq(settings.name, 'event'),
      )})`,
      asyncCommit: sql<string>`set_config('synchronous_commit', 'off', true)`,
    })
    .from(teamImportRows)
    .leftJoin(accounts, eq(accounts.email, email))
    .leftJoin(memberships, and(eq(memberships.eventId, eventId), eq(memberships.accountId, accounts.id)))
    .leftJoin(
      teams,
      and(eq(teams.eventId, eventId), eq(teams.id, memberships.teamId), eq(teams.ownerId, accounts.id)),
    )
    .where(
      and(
        eq(teamImportRows.eventId, eventId),
        eq(teamImportRows.importId, sql.placeholder('importId')),
        eq(teamImportRows.rowNumber, sql.placeholder('rowNumber')),
        eq(teamImportRows.status, 'ready'),
      ),
    )
    .limit(1)
    .for('update', { of: teamImportRows })
    .prepare('team_import_lock_row')
    .execute({ eventId: event.eventId, importId: event.importId, rowNumber });
  return found ?? null;
}
type Found = NonNullable<Awaited<ReturnType<typeof lockRow>>>;

/** The stored row still fits the rules and the event as it is now, or the reason it does not. */
function typeCheck(found: Found, fields: Fields): ImportRowValues | string {
  const parsed = importRowValuesSchema.safeParse(found.values);
  if (!parsed.success || !valuesFitFields(parsed.data.customFields, fields)) return TEAM_ERRORS.invalidTeam;
  if (parsed.data.teamTypeId && !found.typeFound) return TEAM_ERRORS.invalidTeamType;
  return parsed.data;
}

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
  const membership = tx
    .insert(memberships)
    .values({
      eventId: event.eventId,
      accountId,
      permissions: 'user',
      createdBy: event.actorId,
      updatedBy: event.actorId,
    })
    .onConflictDoNothing()
    .returning({ accountId: memberships.accountId });
  let joined: number;
  if (found.accountId) {
    joined = (await membership).length;
  } else {
    const account = tx.insert(accounts).values({
      id: accountId,
      email,
      firstName: values.firstName,
      surname: values.surname,
      passwordHash: null,
      createdBy: event.actorId,
      updatedBy: event.actorId,
    });
    joined = (
      await rowsOf<unknown>(tx, sql`with new_account as (${account.getSQL()}) ${membership.getSQL()}`)
    ).length;
  }
  if (joined === 0) {
    throw authError(409, 'auth/email-already-in-use', AUTH_ERROR_MESSAGES['auth/email-already-in-use']);
  }
  return {
    accountId,
    needsPassword: !found.hasPassword,
    firstName: found.firstName ?? values.firstName,
    email,
    existingAccount: Boolean(found.accountId),
  };
}

/** joinTeam as a query, to run with the team's insert. */
const joinTeamQuery = (tx: DbOrTx, event: ImportEvent, accountId: string, teamId: string) =>
  tx
    .update(memberships)
    .set({ teamId, teamRole: 'teamOwner', updatedBy: event.actorId, updatedAt: new Date() })
    .where(and(eq(memberships.eventId, event.eventId), eq(memberships.accountId, accountId)));

/**
 * The set-password welcome of queueTokenEmail, written in one statement with the row's check
 * record: the auth module's token writes (any earlier unused set-password token of the account
 * stops working, the new token's hash is stored) and the emails module's outbox write, as queries
 * their services build, run together here. The token is a SHA-256 of 32 random bytes (no slow
 * KDF), so it costs nothing next to the round trips.
 */
async function queueSetPassword(
  tx: DbOrTx,
  event: ImportEvent,
  found: Found,
  owner: Owner,
  record: SQLWrapper,
): Promise<string> {
  if (found.appUrl === null) throw notFound('Event ID not found');
  if (found.eventSettings === null) throw new AppError(500, 'internal', SETTINGS_ERRORS.event.missing);
  const eventSettings = SETTINGS_SCHEMAS.event.safeParse(found.eventSettings);
  if (!eventSettings.success) throw new AppError(500, 'internal', SETTINGS_ERRORS.event.invalid);
  // The email keeps the token's id; the token sent is made at send time (mintLinkToken).
  const issued = { id: randomUUID(), token: newToken() };
  const token = tokenIssue(
    tx,
    { accountId: owner.accountId, eventId: event.eventId, mode: 'setPassword', actor: event.actorId },
    issued,
  );
  const link = `${found.appUrl}${LINK_PATHS.setPassword}?token=${linkTokenPlaceholder(issued.id)}`;
  const content = renderEmail(
    'setPassword',
    {
      eventName: eventSettings.data.eventName,
      firstName: owner.firstName,
      link,
    },
    event.setPasswordLook,
  );
  const email = emailQueueing(tx, {
    eventId: event.eventId,
    kind: 'setPassword',
    to: owner.email,
    content,
    actor: event.actorId,
  });
  // A new account has no earlier token to revoke.
  const revoked = owner.existingAccount ? sql`revoked as (${token.revokeEarlier.getSQL()}), ` : sql``;
  await tx.execute(
    sql`with ${revoked}new_token as (${token.insert.getSQL()}), new_email as (${email.insert.getSQL()}) ${record.getSQL()}`,
  );
  return email.id;
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
