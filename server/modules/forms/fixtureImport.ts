import { randomUUID } from 'node:crypto';
import { checkFormLogic } from '../../../shared/forms/check-logic';
import { makeDefinition } from '../../../shared/forms/definition';
import { rekeyLogicMap } from '../../../shared/forms/duplicate';
import type { FormFixture } from '../../../shared/forms/fixtures';
import type { Field } from '../../../shared/forms/schema/field';
import type { Rule } from '../../../shared/forms/schema/logic';
import type { Tx } from '../../platform/db/client';
import { type FieldOwner, planFieldChanges, writeFields } from './fields';
import { storedSettings } from './present';
import { insertForm, refuseBadLogic } from './service';
import { fieldGroups, formConfirmations, formNotifications } from './tables';

/**
 * The engine's fixture forms (readable ids such as 'sb-stand-type') as real forms of an event:
 * every form, group and field id becomes a UUID, and logic, rules and recipients follow through
 * the engine's rekeyLogicMap, so the stored form means exactly what the fixture does. Used by
 * the demo seed, the benchmarks and the tests.
 */

export interface RekeyedFixture {
  idMap: Map<string, string>;
  formId: string;
  fields: Field[];
  groupFields: Field[];
}

export function rekeyFixture(fixture: FormFixture): RekeyedFixture {
  const { form, fields } = fixture.definition;
  const idMap = new Map<string, string>([[form.id, randomUUID()]]);
  for (const group of fixture.fieldGroups) idMap.set(group.id, randomUUID());
  for (const id of Object.keys(fields)) idMap.set(id, randomUUID());
  const to = (id: string) => idMap.get(id) ?? id;
  const rekeyField = (field: Field): Field => ({
    ...field,
    id: to(field.id),
    fieldGroupId: to(field.fieldGroupId),
  });
  const groupFieldIds = new Set(fixture.fieldGroups.flatMap((g) => g.fieldIds));
  return {
    idMap,
    formId: to(form.id),
    fields: form.fieldIds.map((id) => rekeyField(fields[id])),
    groupFields: [...groupFieldIds].flatMap((id) => (fields[id] ? [rekeyField(fields[id])] : [])),
  };
}

function rekeyRules(rules: Rule[], keyed: RekeyedFixture, ownerId: string) {
  const entry = { operator: 'ANY' as const, rules, thenFieldId: '', elseFieldId: '' };
  return rekeyLogicMap({ [ownerId]: entry }, keyed.idMap)[keyed.idMap.get(ownerId) ?? '']?.rules ?? [];
}

/** Writes a fixture's groups, form, fields, confirmations and notifications; returns the form id. */
export async function importFixture(
  tx: Tx,
  eventId: string,
  fixture: FormFixture,
  by: string,
  keyed: RekeyedFixture = rekeyFixture(fixture),
) {
  const to = (id: string) => keyed.idMap.get(id) ?? id;
  const { form } = fixture.definition;
  for (const group of fixture.fieldGroups) {
    const groupId = to(group.id);
    await tx.insert(fieldGroups).values({
      eventId,
      id: groupId,
      title: group.title,
      description: group.description,
      logicMap: rekeyLogicMap(group.logicMap, keyed.idMap),
      isPublished: group.isPublished,
      createdBy: by,
      updatedBy: by,
    });
    const owner: FieldOwner = { kind: 'fieldGroup', id: groupId };
    const newFields = group.fieldIds.flatMap((id) => keyed.groupFields.find((f) => f.id === to(id)) ?? []);
    const changes = {
      fieldIds: newFields.map((f) => f.id),
      newFields,
      updatedFields: [],
      removedFieldIds: [],
    };
    await writeFields(tx, eventId, owner, planFieldChanges(owner, [], changes, 'Invalid field group'), by);
  }
  const logicMap = rekeyLogicMap(form.logicMap, keyed.idMap);
  const stored = { ...form, id: keyed.formId, fieldIds: keyed.fields.map((f) => f.id), logicMap };
  const groups = fixture.fieldGroups.map((g) => ({
    ...g,
    id: to(g.id),
    fieldIds: g.fieldIds.map(to),
    logicMap: rekeyLogicMap(g.logicMap, keyed.idMap),
  }));
  refuseBadLogic(checkFormLogic(makeDefinition(stored, [...keyed.fields, ...keyed.groupFields], groups)), [
    'form',
    'logicMap',
  ]);
  await insertForm(tx, eventId, stored, by, keyed.formId);
  const owner: FieldOwner = { kind: 'form', id: keyed.formId };
  const changes = {
    fieldIds: stored.fieldIds,
    newFields: keyed.fields,
    updatedFields: [],
    removedFieldIds: [],
  };
  await writeFields(tx, eventId, owner, planFieldChanges(owner, [], changes, 'Invalid form'), by);
  if (fixture.confirmations.length > 0) {
    await tx.insert(formConfirmations).values(
      fixture.confirmations.map((c, position) => ({
        eventId,
        formId: keyed.formId,
        position,
        name: c.name,
        message: c.message,
        operator: c.operator,
        rules: rekeyRules(c.rules, keyed, form.id),
        isDefault: c.isDefault,
        isActive: c.isActive,
        createdBy: by,
        updatedBy: by,
      })),
    );
  }
  if (fixture.notifications.length > 0) {
    await tx.insert(formNotifications).values(
      fixture.notifications.map((n, position) => {
        const byField = n.sendToType === 'field' || n.sendToType === 'template';
        const notification = {
          ...n,
          sendTo: byField ? to(n.sendTo) : n.sendTo,
          sendToFieldGroupId: to(n.sendToFieldGroupId),
          rules: rekeyRules(n.rules, keyed, form.id),
        };
        const settings = storedSettings(notification);
        return { eventId, formId: keyed.formId, position, settings, createdBy: by, updatedBy: by };
      }),
    );
  }
  return keyed.formId;
}
