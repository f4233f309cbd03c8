import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type FieldGroupDetail,
  FORM_ERRORS,
  type fieldGroupSettingsSchema,
  type fieldGroupUpdateBodySchema,
} from '../../../../shared/forms/api';
import { checkFormLogic, checkLogicMap } from '../../../../shared/forms/check-logic';
import { makeDefinition } from '../../../../shared/forms/definition';
import { duplicateFieldGroup } from '../../../../shared/forms/duplicate';
import { FormsDataError } from '../../../../shared/forms/schema/common';
import type { Field } from '../../../../shared/forms/schema/field';
import type { FieldGroupScope } from '../../../../shared/forms/schema/field-group';
import { type BadRecord, reportBadRecord } from '../../../platform/badRecords';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx, Tx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import type { EventScope, Scope } from '../../../platform/http/actor';
import { badRequest, conflict, notFound } from '../../../platform/http/errors';
import { readSettings } from '../../events/settingsStore';
import {
  checkFieldReferences,
  type FieldOwner,
  loadFields,
  loadGroupsWithFields,
  planFieldChanges,
  writeFields,
} from '../fields/service';
import { currentLock, dropLocks, refuseIfLockedByOther, requireLock } from '../locks/service';
import { refuseLostRecipients } from '../notifications/recipients';
import { presentFieldGroup } from '../present';
import { formsEmbedding, groupsUsedInForms, loadForm } from '../queries';
import { refuseBadLogic } from '../service';
import { fieldGroups } from '../tables';

/** Field groups (admin only): reusable blocks of fields that a form embeds through a template. */

type Settings = z.output<typeof fieldGroupSettingsSchema>;
type UpdateBody = z.output<typeof fieldGroupUpdateBodySchema>;

const reporter = (ctx: AppContext) => (message: string) => ctx.logger.warn(message);
/** A stored record failing its shape check (a logic entry) is left out and reported. */
const badRecords = (ctx: AppContext) => (record: BadRecord) => reportBadRecord(ctx.logger, record);

export async function findGroup(db: DbOrTx, scope: EventScope, groupId: string) {
  const { eventId } = scope;
  const [row] = await db
    .select()
    .from(fieldGroups)
    .where(and(eq(fieldGroups.eventId, eventId), eq(fieldGroups.id, groupId)));
  if (!row) throw notFound(FORM_ERRORS.fieldGroupNotFound);
  return row;
}

export async function getFieldGroupDetail(
  ctx: AppContext,
  db: DbOrTx,
  scope: Scope,
  groupId: string,
): Promise<FieldGroupDetail> {
  const { eventId, accountId } = scope;
  const row = await findGroup(db, scope, groupId);
  const fields = await loadFields(db, scope, { kind: 'fieldGroup', id: groupId }, reporter(ctx));
  return {
    fieldGroup: presentFieldGroup(
      row,
      fields.map((f) => f.id),
      badRecords(ctx),
    ),
    fields,
    lock: await currentLock(db, { eventId, type: 'fieldGroup', id: groupId }, accountId),
    currency: (await readSettings(db, eventId, 'variables')).currencyId,
  };
}

export async function createFieldGroup(ctx: AppContext, scope: Scope, body: Settings) {
  const { eventId, accountId: by } = scope;
  return withTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .insert(fieldGroups)
      .values({ eventId, ...body, createdBy: by, updatedBy: by })
      .returning({ id: fieldGroups.id });
    return row.id;
  });
}

/** The group builder's save, all or nothing, under the caller's lock and the engine's logic checks. */
export async function updateFieldGroup(ctx: AppContext, scope: Scope, groupId: string, body: UpdateBody) {
  const { eventId, accountId: by } = scope;
  return withTransaction(ctx.db, async (tx) => {
    const row = await findGroup(tx, scope, groupId);
    await requireLock(tx, { eventId, type: 'fieldGroup', id: groupId }, by);
    const owner: FieldOwner = { kind: 'fieldGroup', id: groupId };
    const onBad = reporter(ctx);
    const current = await loadFields(tx, scope, owner, onBad);
    const changes = {
      fieldIds: body.fieldGroup.fieldIds,
      newFields: body.newFields ?? [],
      updatedFields: body.updatedFields ?? [],
      removedFieldIds: body.removedFieldIds ?? [],
    };
    const plan = planFieldChanges(owner, current, changes, FORM_ERRORS.invalidFieldGroup);
    await checkFieldReferences(tx, scope, owner, changes, current);
    // A template inside a group reads its own group's fields: load them for the engine's checks.
    const nested = [...new Set(plan.fields.flatMap((f) => (f.type === 'template' ? [f.fieldGroupId] : [])))];
    const embedded = await loadGroupsWithFields(tx, scope, nested, onBad);
    const fields = Object.fromEntries([...plan.fields, ...embedded.fields].map((f) => [f.id, f]));
    const groups = Object.fromEntries(embedded.groups.map((g) => [g.id, g]));
    const logicScope = { fieldIds: plan.fields.map((f) => f.id), logicMap: body.fieldGroup.logicMap };
    refuseBadLogic(checkLogicMap(logicScope, fields, groups, 'field group'), ['fieldGroup', 'logicMap']);
    await refuseBreakingForms(
      ctx,
      tx,
      eventId,
      { ...presentFieldGroup(row, logicScope.fieldIds, badRecords(ctx)), ...logicScope },
      plan.fields,
    );
    await writeFields(tx, scope, owner, plan);
    await tx
      .update(fieldGroups)
      .set({
        title: body.fieldGroup.title,
        description: body.fieldGroup.description,
        isPublished: body.fieldGroup.isPublished,
        logicMap: body.fieldGroup.logicMap,
        updatedAt: new Date(),
        updatedBy: by,
      })
      .where(and(eq(fieldGroups.eventId, eventId), eq(fieldGroups.id, row.id)));
  });
}

/**
 * A group is shared by the forms whose templates embed it: a save that would break one of their
 * logic maps (a rule reading a group field that is gone, an option removed) is refused with the
 * engine's message, as a save of that form would be; so is one that takes away the email field a
 * notification of such a form sends to.
 */
async function refuseBreakingForms(
  ctx: AppContext,
  tx: Tx,
  eventId: string,
  group: FieldGroupScope,
  fields: Field[],
) {
  const formIds = await formsEmbedding(tx, { eventId }, group.id);
  for (const formId of formIds) {
    const loaded = await loadForm(ctx, tx, { eventId }, formId);
    // The form as it would be: this group's new fields in place of its stored ones.
    const stored = new Set(loaded.groups.groups.find((g) => g.id === group.id)?.fieldIds);
    const otherGroups = loaded.groups.groups.filter((g) => g.id !== group.id);
    const otherFields = loaded.groups.fields.filter((f) => !stored.has(f.id));
    const definition = makeDefinition(
      loaded.form,
      [...loaded.fields, ...otherFields, ...fields],
      [...otherGroups, group],
    );
    refuseBadLogic(checkFormLogic(definition), ['fieldGroup', 'fieldIds']);
    await refuseLostRecipients(tx, { eventId }, formId, definition, ['fieldGroup', 'fieldIds']);
  }
}

export async function updateFieldGroupSettings(
  ctx: AppContext,
  scope: Scope,
  groupId: string,
  body: Settings,
) {
  const { eventId, accountId: by } = scope;
  return withTransaction(ctx.db, async (tx) => {
    await findGroup(tx, scope, groupId);
    await refuseIfLockedByOther(tx, { eventId, type: 'fieldGroup', id: groupId }, by);
    await tx
      .update(fieldGroups)
      .set({ ...body, updatedAt: new Date(), updatedBy: by })
      .where(and(eq(fieldGroups.eventId, eventId), eq(fieldGroups.id, groupId)));
  });
}

/** Spec: the copy is unpublished, titled '(Copy)', with new ids and its logic re-pointed (the engine's duplicate). */
export async function duplicateGroup(ctx: AppContext, scope: Scope, groupId: string) {
  const { eventId, accountId: by } = scope;
  return withTransaction(ctx.db, async (tx) => {
    const row = await findGroup(tx, scope, groupId);
    const owner: FieldOwner = { kind: 'fieldGroup', id: groupId };
    const fields = await loadFields(tx, scope, owner, reporter(ctx));
    const group = presentFieldGroup(
      row,
      fields.map((f) => f.id),
      badRecords(ctx),
    );
    try {
      const copy = duplicateFieldGroup(group, fields, {
        newId: randomUUID,
        userId: by,
        now: new Date().toISOString(),
      });
      await tx.insert(fieldGroups).values({
        eventId,
        id: copy.group.id,
        title: copy.group.title,
        description: copy.group.description,
        logicMap: copy.group.logicMap,
        isPublished: copy.group.isPublished,
        isArchived: false,
        createdBy: by,
        updatedBy: by,
      });
      const copyOwner: FieldOwner = { kind: 'fieldGroup', id: copy.group.id };
      const changes = {
        fieldIds: copy.group.fieldIds,
        newFields: copy.fields,
        updatedFields: [],
        removedFieldIds: [],
      };
      await writeFields(
        tx,
        scope,
        copyOwner,
        planFieldChanges(copyOwner, [], changes, FORM_ERRORS.invalidFieldGroup),
      );
      return copy.group.id;
    } catch (error) {
      if (error instanceof FormsDataError) throw badRequest(error.message);
      throw error;
    }
  });
}

export async function setFieldGroupsArchived(db: DbOrTx, scope: Scope, ids: string[], isArchived: boolean) {
  const { eventId, accountId: by } = scope;
  return withTransaction(db, async (db) => {
    const updated = await db
      .update(fieldGroups)
      .set({ isArchived, updatedAt: new Date(), updatedBy: by })
      .where(and(eq(fieldGroups.eventId, eventId), inArray(fieldGroups.id, ids)))
      .returning({ id: fieldGroups.id });
    if (updated.length === 0) throw notFound(FORM_ERRORS.fieldGroupNotFound);
    return { count: updated.length };
  });
}

/** Spec: deleting groups deletes their fields; a group a form's template embeds cannot be deleted. */
export async function deleteFieldGroups(ctx: AppContext, scope: EventScope, ids: string[]) {
  const { eventId } = scope;
  return withTransaction(ctx.db, async (tx) => {
    if ((await groupsUsedInForms(tx, scope, ids)).length > 0) throw conflict(FORM_ERRORS.fieldGroupInUse);
    const deleted = await tx
      .delete(fieldGroups)
      .where(and(eq(fieldGroups.eventId, eventId), inArray(fieldGroups.id, ids)))
      .returning({ id: fieldGroups.id });
    if (deleted.length === 0) throw notFound(FORM_ERRORS.fieldGroupNotFound);
    await dropLocks(
      tx,
      scope,
      'fieldGroup',
      deleted.map((d) => d.id),
    );
    return { count: deleted.length };
  });
}
