import { and, eq, sql } from 'drizzle-orm';
import { valuesFitFields } from '../../../../../shared/people/customFields';
import { type ImportRowValues, importRowValuesSchema } from '../../../../../shared/people/importRules';
import { TEAM_ERRORS } from '../../../../../shared/people/teams';
import type { DbOrTx } from '../../../../platform/db/client';
import { accounts } from '../../../auth/tables';
import { events, settings } from '../../../events/tables';
import type { listCustomFields } from '../../customFields/service';
import { memberships, teams, teamTypes } from '../../tables';
import { teamImportRows } from '../tables';

/** The event's custom fields, read once per run by the job: what a row's values must fit. */
export type Fields = Awaited<ReturnType<typeof listCustomFields>>;

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
export async function lockRow(tx: DbOrTx, event: { eventId: string; importId: string }, rowNumber: number) {
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
export type Found = NonNullable<Awaited<ReturnType<typeof lockRow>>>;

/** The stored row still fits the rules and the event as it is now, or the reason it does not. */
export function typeCheck(found: Found, fields: Fields): ImportRowValues | string {
  const parsed = importRowValuesSchema.safeParse(found.values);
  if (!parsed.success || !valuesFitFields(parsed.data.customFields, fields)) return TEAM_ERRORS.invalidTeam;
  if (parsed.data.teamTypeId && !found.typeFound) return TEAM_ERRORS.invalidTeamType;
  return parsed.data;
}
