import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type CustomField,
  type createCustomFieldBodySchema,
  defaultCustomFieldValue,
  missingRequiredField,
  requiredFieldMessage,
  type updateCustomFieldBodySchema,
  valuesFitFields,
} from '../../../../shared/people/customFields';
import { TEAM_ERRORS } from '../../../../shared/people/teams';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import { badRequest, notFound } from '../../../platform/http/errors';
import { customFields, teams } from '../tables';

const INVALID_FIELD = 'Invalid field';
const FIELD_NOT_FOUND = 'Custom field not found';

const columns = {
  id: customFields.id,
  label: customFields.label,
  type: customFields.type,
  placeholder: customFields.placeholder,
  description: customFields.description,
  showField: customFields.showField,
  showToChildTeams: customFields.showToChildTeams,
  isRequired: customFields.isRequired,
  index: customFields.position,
};

/** The event's custom fields, sorted by label (spec), each with its place in the custom order. */
export async function listCustomFields(db: DbOrTx, eventId: string): Promise<CustomField[]> {
  return db
    .select(columns)
    .from(customFields)
    .where(eq(customFields.eventId, eventId))
    .orderBy(asc(customFields.label), asc(customFields.id));
}

export async function getCustomField(db: DbOrTx, eventId: string, id: string): Promise<CustomField> {
  const [row] = await db
    .select(columns)
    .from(customFields)
    .where(and(eq(customFields.eventId, eventId), eq(customFields.id, id)));
  if (!row) throw notFound(FIELD_NOT_FOUND);
  return row;
}

/** Adds a field last in the order, and writes its default value into every team of the event. */
export async function createCustomField(
  ctx: AppContext,
  eventId: string,
  input: z.output<typeof createCustomFieldBodySchema>,
  actor: string,
): Promise<CustomField> {
  return withTransaction(ctx.db, async (db) => {
    const [{ next }] = await db
      .select({ next: sql<number>`coalesce(max(${customFields.position}) + 1, 0)::int` })
      .from(customFields)
      .where(eq(customFields.eventId, eventId));
    const [row] = await db
      .insert(customFields)
      .values({ ...input, eventId, position: next, createdBy: actor, updatedBy: actor })
      .returning({ id: customFields.id });
    // One statement for every team: the database does the batching the spec did by hand (500 a batch).
    const value = JSON.stringify({ [row.id]: defaultCustomFieldValue(input.type) });
    await db
      .update(teams)
      .set({ customFields: sql`${teams.customFields} || ${value}::jsonb` })
      .where(eq(teams.eventId, eventId));
    return getCustomField(db, eventId, row.id);
  });
}

export async function updateCustomField(
  ctx: AppContext,
  eventId: string,
  id: string,
  input: z.output<typeof updateCustomFieldBodySchema>,
  actor: string,
): Promise<CustomField> {
  return withTransaction(ctx.db, async (db) => {
    const updated = await db
      .update(customFields)
      .set({ ...input, updatedBy: actor, updatedAt: new Date() })
      .where(and(eq(customFields.eventId, eventId), eq(customFields.id, id)))
      .returning({ id: customFields.id });
    if (updated.length === 0) throw notFound(FIELD_NOT_FOUND);
    return getCustomField(db, eventId, id);
  });
}

/** Deletes a field and its value from every team. */
export async function deleteCustomField(ctx: AppContext, eventId: string, id: string): Promise<void> {
  return withTransaction(ctx.db, async (db) => {
    const deleted = await db
      .delete(customFields)
      .where(and(eq(customFields.eventId, eventId), eq(customFields.id, id)))
      .returning({ id: customFields.id });
    if (deleted.length === 0) throw notFound(FIELD_NOT_FOUND);
    await db
      .update(teams)
      .set({ customFields: sql`${teams.customFields} - ${id}::text` })
      .where(eq(teams.eventId, eventId));
  });
}

/** Reorder: the ids must be exactly the event's fields, in their new order. */
export async function reorderCustomFields(
  ctx: AppContext,
  eventId: string,
  ids: string[],
): Promise<CustomField[]> {
  return withTransaction(ctx.db, async (db) => {
    const existing = await listCustomFields(db, eventId);
    const known = new Set(existing.map((f) => f.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      throw badRequest(INVALID_FIELD);
    }
    for (const [position, id] of ids.entries()) {
      await db
        .update(customFields)
        .set({ position })
        .where(and(eq(customFields.eventId, eventId), eq(customFields.id, id)));
    }
    return listCustomFields(db, eventId);
  });
}

/** Team values must name this event's fields with the right kind of value: else 'Invalid team'. */
export async function assertCustomFieldValues(
  db: DbOrTx,
  eventId: string,
  values: Record<string, string | boolean> | undefined,
): Promise<void> {
  if (!values || Object.keys(values).length === 0) return;
  if (!valuesFitFields(values, await listCustomFields(db, eventId)))
    throw badRequest(TEAM_ERRORS.invalidTeam);
}

/**
 * A required field the writer sees must hold a value once saved (stored values merged with the
 * new ones): else 400 '<label> is required', and nothing is written.
 */
export function assertRequiredFilled(
  values: Record<string, string | boolean>,
  fieldsShown: readonly CustomField[],
): void {
  const missing = missingRequiredField(values, fieldsShown);
  if (missing) throw badRequest(requiredFieldMessage(missing.label));
}
