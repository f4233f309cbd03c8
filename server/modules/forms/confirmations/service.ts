import { and, asc, eq, max, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { type confirmationBodySchema, FORM_ERRORS } from '../../../../shared/forms/api';
import type { Confirmation } from '../../../../shared/forms/schema/confirmation';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx, Tx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import type { EventScope, Scope } from '../../../platform/http/actor';
import { conflict, notFound } from '../../../platform/http/errors';
import { sanitizeRichText } from '../../content/sanitize';
import { presentConfirmation } from '../present';
import { findForm } from '../queries';
import { refuseBadRules } from '../service';
import { formConfirmations } from '../tables';

/**
 * A form's confirmations (what a person sees after submitting; pickConfirmation in the engine
 * chooses). One is the default: marking another as default moves the mark, and the default
 * itself cannot be deleted, so a form always has a confirmation to fall back on.
 */

type Body = z.output<typeof confirmationBodySchema>;
const RULE_WHERE = 'A rule of this confirmation';

const inForm = (eventId: string, formId: string) =>
  and(eq(formConfirmations.eventId, eventId), eq(formConfirmations.formId, formId));

export async function listConfirmations(db: DbOrTx, scope: EventScope, formId: string) {
  const { eventId } = scope;
  await findForm(db, scope, formId);
  const rows = await db
    .select()
    .from(formConfirmations)
    .where(inForm(eventId, formId))
    .orderBy(asc(formConfirmations.position));
  // Spec: manage, default first.
  const items = rows.map(presentConfirmation).sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  return { items };
}

async function findConfirmation(db: DbOrTx, eventId: string, formId: string, confirmationId: string) {
  const [row] = await db
    .select()
    .from(formConfirmations)
    .where(and(inForm(eventId, formId), eq(formConfirmations.id, confirmationId)));
  if (!row) throw notFound(FORM_ERRORS.confirmationNotFound);
  return row;
}

export async function getConfirmation(db: DbOrTx, scope: EventScope, formId: string, confirmationId: string) {
  const { eventId } = scope;
  return presentConfirmation(await findConfirmation(db, eventId, formId, confirmationId));
}

async function clearOtherDefaults(tx: Tx, eventId: string, formId: string, keepId: string, by: string) {
  await tx
    .update(formConfirmations)
    .set({ isDefault: false, updatedAt: new Date(), updatedBy: by })
    .where(
      and(inForm(eventId, formId), ne(formConfirmations.id, keepId), eq(formConfirmations.isDefault, true)),
    );
}

const columnsOf = async (body: Body) => ({
  name: body.name,
  message: await sanitizeRichText(body.message),
  operator: body.operator,
  rules: body.rules,
  isDefault: body.isDefault,
  isActive: body.isActive,
});

export async function createConfirmation(
  ctx: AppContext,
  scope: Scope,
  formId: string,
  body: Body,
): Promise<Confirmation> {
  const { eventId, accountId: by } = scope;
  return withTransaction(ctx.db, async (tx) => {
    await findForm(tx, scope, formId);
    await refuseBadRules(ctx, tx, { eventId, formId }, body.rules, RULE_WHERE);
    const [{ last }] = await tx
      .select({ last: max(formConfirmations.position) })
      .from(formConfirmations)
      .where(inForm(eventId, formId));
    const [row] = await tx
      .insert(formConfirmations)
      .values({
        eventId,
        formId,
        position: (last ?? -1) + 1,
        ...(await columnsOf(body)),
        createdBy: by,
        updatedBy: by,
      })
      .returning();
    if (row.isDefault) await clearOtherDefaults(tx, eventId, formId, row.id, by);
    return presentConfirmation(row);
  });
}

export async function updateConfirmation(
  ctx: AppContext,
  scope: Scope,
  formId: string,
  confirmationId: string,
  body: Body,
): Promise<Confirmation> {
  const { eventId, accountId: by } = scope;
  return withTransaction(ctx.db, async (tx) => {
    const current = await findConfirmation(tx, eventId, formId, confirmationId);
    await refuseBadRules(ctx, tx, { eventId, formId }, body.rules, RULE_WHERE);
    // The default stays the default until another takes the mark.
    const values = { ...(await columnsOf(body)), isDefault: current.isDefault || body.isDefault };
    const [row] = await tx
      .update(formConfirmations)
      .set({ ...values, updatedAt: new Date(), updatedBy: by })
      .where(and(inForm(eventId, formId), eq(formConfirmations.id, confirmationId)))
      .returning();
    if (row.isDefault) await clearOtherDefaults(tx, eventId, formId, row.id, by);
    return presentConfirmation(row);
  });
}

export async function deleteConfirmation(
  ctx: AppContext,
  scope: EventScope,
  formId: string,
  confirmationId: string,
) {
  const { eventId } = scope;
  return withTransaction(ctx.db, async (tx) => {
    const current = await findConfirmation(tx, eventId, formId, confirmationId);
    if (current.isDefault) throw conflict(FORM_ERRORS.defaultConfirmation);
    await tx
      .delete(formConfirmations)
      .where(and(inForm(eventId, formId), eq(formConfirmations.id, confirmationId)));
  });
}
