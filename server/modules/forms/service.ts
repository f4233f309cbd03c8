import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  FORM_ERRORS,
  type formCreateBodySchema,
  type formSettingsSchema,
  type formUpdateBodySchema,
} from '../../../shared/forms/api';
import { checkFormLogic, checkRules } from '../../../shared/forms/check-logic';
import { makeDefinition } from '../../../shared/forms/definition';
import { defaultAttachments } from '../../../shared/forms/fixtures/build';
import { type Field, parseField } from '../../../shared/forms/schema/field';
import type { Form } from '../../../shared/forms/schema/form';
import type { LogicMap, Rule } from '../../../shared/forms/schema/logic';
import { parseNotification } from '../../../shared/forms/schema/notification';
import type { AppContext } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { withTransaction } from '../../platform/db/transaction';
import type { EventScope, Scope } from '../../platform/http/actor';
import { badRequest, notFound } from '../../platform/http/errors';
import { noteChange } from '../audit/service';
import { releaseSubmissionFiles } from '../submissions/uploads/service';
import {
  checkFieldReferences,
  type FieldOwner,
  loadFields,
  loadGroupsWithFields,
  planFieldChanges,
  writeFields,
} from './fields/service';
import { dropLocks, refuseIfLockedByOther, requireLock } from './locks/service';
import { refuseLostRecipients } from './notifications/recipients';
import { embeddedGroupOf, storedSettings } from './present';
import { findForm, formDefinition, reportBadFieldTo } from './queries';
import { formConfirmations, formNotifications, forms } from './tables';

/** Forms' writes: create, save from the builder, settings, archive, delete. Reads are in queries.ts, duplicate in duplicate/. */

type CreateBody = z.output<typeof formCreateBodySchema>;
type UpdateBody = z.output<typeof formUpdateBodySchema>;
type Settings = z.output<typeof formSettingsSchema>;

/**
 * Rules the engine could not evaluate against the form (a field that is not in it, an option it no
 * longer has, a type mismatch) are refused, each issue at its rule.
 */
export async function refuseBadRules(
  ctx: AppContext,
  db: DbOrTx,
  key: { eventId: string; formId: string },
  rules: readonly Rule[],
  where: string,
) {
  if (rules.length === 0) return;
  const problems = checkRules(
    rules,
    await formDefinition(ctx, db, { eventId: key.eventId }, key.formId),
    where,
  );
  if (problems.length === 0) return;
  throw badRequest(
    problems[0].message,
    problems.map((problem) => ({ path: ['rules', problem.ruleIndex], message: problem.message })),
  );
}

/**
 * Refuses a logic map the engine would not accept (a missing field, a cycle, ...), answering its
 * first problem as the message and every problem as an issue.
 */
export function refuseBadLogic(problems: ReturnType<typeof checkFormLogic>, path: string[]) {
  if (problems.length === 0) return;
  throw badRequest(
    problems[0].message,
    problems.map((problem) => ({ path: [...path, problem.fieldId], message: problem.message })),
  );
}

export async function insertForm(
  tx: Tx,
  scope: Scope,
  values: Settings & { logicMap?: LogicMap },
  id: string = randomUUID(),
) {
  const { eventId, accountId: by } = scope;
  await tx.insert(forms).values({
    eventId,
    id,
    title: values.title,
    description: values.description,
    logicMap: values.logicMap ?? {},
    isPublished: values.isPublished,
    isEditable: values.isEditable,
    isPublic: values.isPublic,
    createdBy: by,
    updatedBy: by,
  });
  return id;
}

/** Spec: create writes the form, its first field, a default confirmation and the default notifications. */
export async function createForm(ctx: AppContext, scope: Scope, body: CreateBody) {
  return withTransaction(ctx.db, async (tx) => {
    const formId = await insertForm(tx, scope, body.form);
    const owner: FieldOwner = { kind: 'form', id: formId };
    const firstField = body.firstField ?? parseField({ id: randomUUID(), type: 'text' }, 'first');
    const changes = {
      fieldIds: [firstField.id],
      newFields: [firstField],
      updatedFields: [],
      removedFieldIds: [],
    };
    await checkFieldReferences(tx, scope, owner, changes);
    await writeFields(tx, scope, owner, planFieldChanges(owner, [], changes, FORM_ERRORS.invalidForm));
    await insertDefaultAttachments(tx, scope, formId);
    return formId;
  });
}

/** The default confirmation and the admin and user notification records every new form starts with. */
export async function insertDefaultAttachments(tx: Tx, scope: Scope, formId: string) {
  const { eventId, accountId: by } = scope;
  const defaults = defaultAttachments(formId);
  await tx.insert(formConfirmations).values(
    defaults.confirmations.map((confirmation, position) => ({
      eventId,
      formId,
      position,
      name: confirmation.name,
      message: confirmation.message,
      isDefault: true,
      createdBy: by,
      updatedBy: by,
    })),
  );
  await tx.insert(formNotifications).values(
    defaults.notifications.map((notification, position) => {
      const settings = storedSettings(parseNotification(notification));
      return { eventId, formId, position, settings, createdBy: by, updatedBy: by };
    }),
  );
}

/**
 * The builder's save (spec: form, new fields, updated fields, removed field ids), all or nothing:
 * the caller must hold the edit lock, and the form's logic must pass the engine's checks.
 */
export async function updateForm(ctx: AppContext, scope: Scope, formId: string, body: UpdateBody) {
  const { eventId, accountId: by } = scope;
  return withTransaction(ctx.db, async (tx) => {
    const row = await findForm(tx, scope, formId);
    await requireLock(tx, { eventId, type: 'form', id: formId }, by);
    const owner: FieldOwner = { kind: 'form', id: formId };
    const onBad = reportBadFieldTo(ctx);
    const current = await loadFields(tx, scope, owner, onBad);
    const changes = {
      fieldIds: body.form.fieldIds,
      newFields: body.newFields ?? [],
      updatedFields: body.updatedFields ?? [],
      removedFieldIds: body.removedFieldIds ?? [],
    };
    const plan = planFieldChanges(owner, current, changes, FORM_ERRORS.invalidForm);
    await checkFieldReferences(tx, scope, owner, changes, current);
    await checkLogicOf(ctx, tx, eventId, { ...row, ...body.form }, plan.fields);
    await writeFields(tx, scope, owner, plan);
    await tx
      .update(forms)
      .set({ ...body.form, updatedAt: new Date(), updatedBy: by })
      .where(and(eq(forms.eventId, eventId), eq(forms.id, formId)));
  });
}

/**
 * The engine's checks of a form's logic, with the groups its templates embed, and that every
 * notification still has the email field it sends to.
 */
async function checkLogicOf(
  ctx: AppContext,
  db: DbOrTx,
  eventId: string,
  form: Pick<Form, 'id' | 'title' | 'description' | 'logicMap'>,
  fields: Field[],
) {
  const groupIds = [...new Set(fields.flatMap((f) => embeddedGroupOf(f) ?? []))];
  const groups = await loadGroupsWithFields(db, { eventId }, groupIds, reportBadFieldTo(ctx));
  const definitionForm: Form = {
    id: form.id,
    title: form.title,
    description: form.description,
    fieldIds: fields.map((f) => f.id),
    submissionsIds: [],
    confirmationIds: [],
    notificationIds: [],
    webhookIds: [],
    logicMap: form.logicMap,
    isArchived: false,
    isPublished: false,
    isEditable: false,
    isPublic: false,
  };
  const definition = makeDefinition(definitionForm, [...fields, ...groups.fields], groups.groups);
  refuseBadLogic(checkFormLogic(definition), ['form', 'logicMap']);
  await refuseLostRecipients(db, { eventId }, form.id, definition, ['form', 'notifications']);
}

/** Settings from the list or the settings screen; refused while someone else edits the form. */
export async function updateFormSettings(ctx: AppContext, scope: Scope, formId: string, body: Settings) {
  const { eventId, accountId: by } = scope;
  return withTransaction(ctx.db, async (tx) => {
    const current = await findForm(tx, scope, formId);
    await refuseIfLockedByOther(tx, { eventId, type: 'form', id: formId }, by);
    await tx
      .update(forms)
      .set({ ...body, updatedAt: new Date(), updatedBy: by })
      .where(and(eq(forms.eventId, eventId), eq(forms.id, formId)));
    noteChange('forms', formId, current, { ...current, ...body });
  });
}

/** Spec: archive toggle for many forms. Ids of another event are not touched (and not counted). */
export async function setFormsArchived(db: DbOrTx, scope: Scope, ids: string[], isArchived: boolean) {
  const { eventId, accountId: by } = scope;
  return withTransaction(db, async (db) => {
    const updated = await db
      .update(forms)
      .set({ isArchived, updatedAt: new Date(), updatedBy: by })
      .where(and(eq(forms.eventId, eventId), inArray(forms.id, ids)))
      .returning({ id: forms.id });
    if (updated.length === 0) throw notFound(FORM_ERRORS.formNotFound);
    return { count: updated.length };
  });
}

/**
 * Deleting forms removes their fields, confirmations, notification records and submissions (they
 * cascade), their locks, and the submissions' stored files (rows now, bytes after the commit).
 */
export async function deleteForms(ctx: AppContext, scope: EventScope, ids: string[]) {
  const { eventId } = scope;
  return withTransaction(ctx.db, async (tx, effects) => {
    // Read before the forms go: the cascade takes the submissions the files belong to.
    await releaseSubmissionFiles(tx, ctx, effects, { eventId }, { formIds: ids });
    const deleted = await tx
      .delete(forms)
      .where(and(eq(forms.eventId, eventId), inArray(forms.id, ids)))
      .returning({ id: forms.id });
    if (deleted.length === 0) throw notFound(FORM_ERRORS.formNotFound);
    await dropLocks(
      tx,
      scope,
      'form',
      deleted.map((d) => d.id),
    );
    return { count: deleted.length };
  });
}
