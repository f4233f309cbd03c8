import { and, eq, sql } from 'drizzle-orm';
import type { ClientData, EvaluationContext, FormDefinition } from '../../../../shared/forms/definition';
import { makeDefinition } from '../../../../shared/forms/definition';
import { type FillDefinition, SUBMISSION_ERRORS } from '../../../../shared/forms/submissionsApi';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import type { EventScope } from '../../../platform/http/actor';
import { AppError, notFound } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { accounts } from '../../auth/tables';
import { readSettings } from '../../events/settingsStore';
import { loadForm } from '../../forms/queries';
import { teams } from '../../people/tables';

export type LoadedForm = { fill: FillDefinition; definition: FormDefinition };

/**
 * A form as it is filled in: the engine's definition (for the checks) and what the browser needs
 * (the same lists, the confirmations, the event's currency). Notifications and locks stay behind.
 * `open` asks for a form teams may fill in now (published, not archived); anything else answers
 * as missing, so a team cannot learn of a form it was not given.
 */
export async function loadFill(
  ctx: AppContext,
  db: DbOrTx,
  scope: EventScope,
  formId: string,
  open: 'open' | 'any',
  missing: string = SUBMISSION_ERRORS.formNotFound,
): Promise<LoadedForm> {
  const { eventId } = scope;
  let loaded: Awaited<ReturnType<typeof loadForm>>;
  try {
    loaded = await loadForm(ctx, db, { eventId }, formId, { withNotifications: false });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFound(missing);
    throw error;
  }
  const { form, fields, groups, confirmations } = loaded;
  if (open === 'open' && (!form.isPublished || form.isArchived)) throw notFound(missing);
  const { currencyId } = await readSettings(db, eventId, 'variables');
  const all = [...fields, ...groups.fields];
  return {
    fill: { form, fields: all, fieldGroups: groups.groups, confirmations, currency: currencyId },
    definition: makeDefinition(form, all, groups.groups),
  };
}

/** What logic may read of the person filling in: their name, email, team and its custom fields. */
export async function contextOf(
  db: DbOrTx,
  actor: Actor,
): Promise<EvaluationContext & { client: ClientData }> {
  // One round trip: the person, and their team when they have one (a left join that finds none
  // otherwise). Each statement inside the submit's transaction waits its turn on one connection.
  const [row] = await db
    .select({
      firstName: accounts.firstName,
      surname: accounts.surname,
      email: accounts.email,
      teamName: teams.name,
      customFields: teams.customFields,
    })
    .from(accounts)
    .leftJoin(
      teams,
      actor.teamId ? and(eq(teams.eventId, actor.eventId), eq(teams.id, actor.teamId)) : sql`false`,
    )
    .where(eq(accounts.id, actor.accountId));
  const client: ClientData = {
    userId: actor.accountId,
    firstName: row?.firstName ?? '',
    surname: row?.surname ?? '',
    email: row?.email ?? '',
    teamId: actor.teamId ?? '',
    teamName: row?.teamName ?? '',
    customFields: row?.customFields ?? {},
  };
  return { client };
}
