import { randomUUID } from 'node:crypto';
import { rekeyLogicMap } from '../../../../shared/forms/duplicate';
import { FormsDataError } from '../../../../shared/forms/schema/common';
import type { Rule } from '../../../../shared/forms/schema/logic';
import type { AppContext } from '../../../platform/context';
import { withTransaction } from '../../../platform/db/transaction';
import type { Scope } from '../../../platform/http/actor';
import { badRequest } from '../../../platform/http/errors';
import { type FieldOwner, planFieldChanges, writeFields } from '../fields/service';
import { storedSettings } from '../present';
import { loadForm } from '../queries';
import { insertForm } from '../service';
import { formConfirmations, formNotifications } from '../tables';

/**
 * Duplicating a form: a new form titled '... (Copy)', unpublished, with new ids for every field
 * and the logic map, confirmations and notifications re-pointed at them by the engine's
 * rekeyLogicMap, so the copy's logic means exactly what the original's does.
 */

/** Rules re-keyed the engine's way: as the rules of one entry keyed by the form itself. */
function rekeyRules(rules: Rule[], idMap: ReadonlyMap<string, string>, formId: string, copyId: string) {
  const rekeyed = rekeyLogicMap(
    { [formId]: { operator: 'ANY', rules, thenFieldId: '', elseFieldId: '' } },
    idMap,
  );
  return rekeyed[copyId]?.rules ?? [];
}

const mapped = (idMap: ReadonlyMap<string, string>, id: string) => idMap.get(id) ?? id;

export async function duplicateForm(ctx: AppContext, scope: Scope, formId: string) {
  const { eventId, accountId: by } = scope;
  return withTransaction(ctx.db, async (tx) => {
    const original = await loadForm(ctx, tx, scope, formId);
    const copyId = randomUUID();
    const idMap = new Map<string, string>([[formId, copyId]]);
    // The groups its templates embed are shared, not copied: rules reading their fields keep those ids.
    for (const field of original.groups.fields) idMap.set(field.id, field.id);
    for (const field of original.fields) idMap.set(field.id, randomUUID());
    try {
      const logicMap = rekeyLogicMap(original.form.logicMap, idMap);
      await insertForm(
        tx,
        scope,
        { ...original.form, title: `${original.form.title} (Copy)`, isPublished: false, logicMap },
        copyId,
      );
      const owner: FieldOwner = { kind: 'form', id: copyId };
      const copies = original.fields.map((field) => ({ ...field, id: mapped(idMap, field.id) }));
      const changes = {
        fieldIds: copies.map((f) => f.id),
        newFields: copies,
        updatedFields: [],
        removedFieldIds: [],
      };
      await writeFields(tx, scope, owner, planFieldChanges(owner, [], changes, 'Invalid form'));
      if (original.confirmations.length > 0) {
        await tx.insert(formConfirmations).values(
          original.confirmations.map((confirmation, position) => ({
            eventId,
            formId: copyId,
            position,
            name: confirmation.name,
            message: confirmation.message,
            operator: confirmation.operator,
            rules: rekeyRules(confirmation.rules, idMap, formId, copyId),
            isDefault: confirmation.isDefault,
            isActive: confirmation.isActive,
            createdBy: by,
            updatedBy: by,
          })),
        );
      }
      if (original.notifications.length > 0) {
        await tx.insert(formNotifications).values(
          original.notifications.map((notification, position) => {
            // A 'field' or 'template' recipient names a field of the form: it follows to the copy.
            const byField = notification.sendToType === 'field' || notification.sendToType === 'template';
            const settings = {
              ...notification,
              sendTo: byField ? mapped(idMap, notification.sendTo) : notification.sendTo,
              sendToFieldGroupId: mapped(idMap, notification.sendToFieldGroupId),
              rules: rekeyRules(notification.rules, idMap, formId, copyId),
            };
            return {
              eventId,
              formId: copyId,
              position,
              settings: storedSettings(settings),
              createdBy: by,
              updatedBy: by,
            };
          }),
        );
      }
    } catch (error) {
      // The engine refuses logic that names a field the form no longer has ('No new ID found ...').
      if (error instanceof FormsDataError) throw badRequest(error.message);
      throw error;
    }
    return copyId;
  });
}
