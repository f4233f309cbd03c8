import { describe, expect, it } from 'vitest';
import type { FieldGroupDetail, FormDetail } from '../../../../shared/forms/api';
import { FIELD_TYPES, type Field, fieldSchema } from '../../../../shared/forms/schema/field';
import { fieldGroupSchema } from '../../../../shared/forms/schema/field-group';
import { formSchema } from '../../../../shared/forms/schema/form';
import { newRule } from './logicRules';
import { duplicateField, newField, PALETTE_GROUPS, typeName } from './palette';
import { draftChanged, draftOf, groupDraftOf, groupSaveBody, hasChanges, saveBody } from './saveBody';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('palette', () => {
  it('offers every field type of the engine exactly once', () => {
    const offered = PALETTE_GROUPS.flatMap((group) => group.types);
    expect([...offered].sort()).toEqual([...FIELD_TYPES].sort());
  });

  it('makes a valid field of every type with the engine defaults and a browser-made id', () => {
    for (const type of FIELD_TYPES) {
      const field = newField(type, id(1), type === 'template' ? { fieldGroupId: id(9) } : {});
      expect(fieldSchema.parse(field)).toEqual(field);
      expect(field.id).toBe(id(1));
    }
    expect(newField('tel', id(2)).label).toBe(typeName('tel'));
    expect(newField('checkbox', id(3))).toMatchObject({ options: [{ label: 'Yes' }, { label: 'No' }] });
    // Layout items hold no answer and start without a label.
    expect(newField('divider', id(4)).label).toBe('');
  });

  it('duplicates a field under a new id, keeping its settings', () => {
    const original = { ...newField('number', id(1)), min: 2, max: 5, isRequired: true };
    const copy = duplicateField(original, id(2));
    expect(copy).toMatchObject({ id: id(2), label: 'Number (Copy)', min: 2, max: 5, isRequired: true });
  });
});

function detailWith(fieldCount: number): FormDetail {
  const fields = Array.from({ length: fieldCount }, (_, i) => newField('text', id(i + 1)));
  // A field of an embedded group comes back with the form's fields but is not the form's own.
  const groupField = fieldSchema.parse({ id: id(50), type: 'text', fieldGroupId: id(60) });
  const form = formSchema.parse({ id: id(100), title: 'Catering', fieldIds: fields.map((f) => f.id) });
  return {
    form,
    fields: [...fields, groupField],
    fieldGroups: [],
    confirmations: [],
    notifications: [],
    lock: null,
    currency: 'GBP',
  };
}

describe('save body', () => {
  it('sends only settings, order and logic as the form, and nothing else when nothing changed', () => {
    const detail = detailWith(2);
    const body = saveBody(detail, draftOf(detail));
    expect(Object.keys(body.form).sort()).toEqual(
      ['description', 'fieldIds', 'isEditable', 'isPublic', 'isPublished', 'logicMap', 'title'].sort(),
    );
    expect(body).toMatchObject({ newFields: [], updatedFields: [], removedFieldIds: [] });
    expect(body.form.fieldIds).toEqual([id(1), id(2)]);
    expect(hasChanges(detail, draftOf(detail))).toBe(false);
  });

  it('sends new, changed and removed fields apart, never the group fields', () => {
    const detail = detailWith(3);
    const draft = draftOf(detail);
    const [first, second] = draft.fields;
    if (!first || !second) throw new Error('fixture');
    const added = newField('email', id(4));
    const changed = { ...second, label: 'Company' };
    const body = saveBody(detail, { ...draft, fields: [added, changed, first] });
    expect(body.form.fieldIds).toEqual([id(4), id(2), id(1)]);
    expect(body.newFields).toEqual([added]);
    expect(body.updatedFields).toEqual([changed]);
    expect(body.removedFieldIds).toEqual([id(3)]);
    expect(hasChanges(detail, { ...draft, fields: [added, changed, first] })).toBe(true);
  });

  it('counts a reorder alone as a change', () => {
    const detail = detailWith(2);
    const draft = draftOf(detail);
    expect(hasChanges(detail, { ...draft, fields: [...draft.fields].reverse() })).toBe(true);
  });
});

describe('field group save body', () => {
  const fields = [1, 2, 3].map((n) => fieldSchema.parse({ id: id(n), type: 'text', fieldGroupId: id(70) }));
  const detail: FieldGroupDetail = {
    fieldGroup: fieldGroupSchema.parse({
      id: id(70),
      title: 'Guest details',
      description: '',
      fieldIds: [id(3), id(1), id(2)],
      logicMap: {},
      createdAt: '2027-01-01T00:00:00.000Z',
      createdBy: 'system',
      updatedAt: '2027-01-01T00:00:00.000Z',
      updatedBy: 'system',
    }),
    fields,
    lock: null,
    currency: 'GBP',
  };

  it("takes the group's own order and sends nothing changed when nothing is", () => {
    const draft = groupDraftOf(detail);
    expect(draft.fields.map((f) => f.id)).toEqual([id(3), id(1), id(2)]);
    expect(draftChanged(groupDraftOf(detail), draft)).toBe(false);
    expect(groupSaveBody(detail, draft)).toMatchObject({
      fieldGroup: {
        title: 'Guest details',
        isPublished: false,
        fieldIds: [id(3), id(1), id(2)],
        logicMap: {},
      },
      newFields: [],
      updatedFields: [],
      removedFieldIds: [],
    });
  });

  it('sends a new field, a removal and the logic, and counts a logic change as a change', () => {
    const draft = groupDraftOf(detail);
    const added = newField('email', id(4));
    const logicMap = {
      [id(3)]: {
        operator: 'ANY' as const,
        rules: [newRule(draft.fields[0] as Field)],
        thenFieldId: id(4),
        elseFieldId: '',
      },
    };
    const next = { fields: [draft.fields[0] as Field, added], logicMap };
    const body = groupSaveBody(detail, next);
    expect(body.newFields).toEqual([added]);
    expect(body.removedFieldIds).toEqual([id(1), id(2)]);
    expect(body.fieldGroup.logicMap).toEqual(logicMap);
    expect(draftChanged(groupDraftOf(detail), { ...draft, logicMap })).toBe(true);
  });
});
