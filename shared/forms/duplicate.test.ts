import { describe, expect, it } from 'vitest';
import { duplicateFieldGroup, rekeyLogicMap } from './duplicate';
import { hotelBookingFixture } from './fixtures';
import { FormsDataError } from './schema/common';
import { logicMapSchema } from './schema/logic';

const [guestGroup] = hotelBookingFixture.fieldGroups;
const guestFields = guestGroup.fieldIds.map((id) => hotelBookingFixture.definition.fields[id]);

function counter() {
  let next = 0;
  return () => `new-${++next}`;
}
const options = () => ({ newId: counter(), userId: 'user-admin', now: '2026-03-01T10:00:00.000Z' });

describe('duplicateFieldGroup', () => {
  it('makes an unpublished copy titled (Copy), with new ids for the group and every field', () => {
    const copy = duplicateFieldGroup({ ...guestGroup, isPublished: true }, guestFields, options());
    expect(copy.group).toMatchObject({
      id: 'new-1',
      title: 'Guest details (Copy)',
      isPublished: false,
      isArchived: false,
      createdBy: 'user-admin',
      updatedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(copy.group.fieldIds).toEqual(copy.fields.map((field) => field.id));
    expect(copy.fields.every((field) => field.fieldGroupId === 'new-1')).toBe(true);
    expect(copy.fields.map((field) => field.label)).toEqual(guestFields.map((field) => field.label));
    expect(new Set([...copy.group.fieldIds, ...guestGroup.fieldIds]).size).toBe(
      guestGroup.fieldIds.length * 2,
    );
  });

  it('re-points the logic map at the new fields', () => {
    const copy = duplicateFieldGroup(guestGroup, guestFields, options());
    const dietary = copy.idMap.get('hg-dietary') ?? '';
    expect(copy.group.logicMap[dietary]).toEqual({
      ...guestGroup.logicMap['hg-dietary'],
      rules: [{ ...guestGroup.logicMap['hg-dietary'].rules[0], sourceId: dietary }],
      thenFieldId: copy.idMap.get('hg-dietary-details'),
    });
    expect(JSON.stringify(copy.group.logicMap)).not.toContain('hg-');
  });

  it('fails without a current user or a field group', () => {
    expect(() => duplicateFieldGroup(guestGroup, guestFields, { ...options(), userId: undefined })).toThrow(
      new FormsDataError('Client is undefined'),
    );
    expect(() => duplicateFieldGroup(undefined, guestFields, options())).toThrow('Field group is undefined');
  });
});

describe('rekeyLogicMap', () => {
  const idMap = new Map([
    ['a', 'A'],
    ['b', 'B'],
  ]);
  const map = (entry: object) => logicMapSchema.parse({ a: { rules: [{ sourceId: 'a' }], ...entry } });

  it("fails with the spec's error for each kind of missing id", () => {
    expect(() => rekeyLogicMap(logicMapSchema.parse({ z: { rules: [] } }), idMap)).toThrow(
      'No new ID found for logic map field ID',
    );
    expect(() => rekeyLogicMap(map({ rules: [{ sourceId: 'z' }] }), idMap)).toThrow(
      'No new ID found for source or nested ID',
    );
    expect(() => rekeyLogicMap(map({ rules: [{ sourceId: 'a', nestedId: 'z' }] }), idMap)).toThrow(
      'No new ID found for source or nested ID',
    );
    expect(() => rekeyLogicMap(map({ thenFieldId: 'b', elseFieldId: 'z' }), idMap)).toThrow(
      'No new ID found for then or else field ID',
    );
  });

  it('keeps custom field and client rules, and empty branches, as they are', () => {
    const rekeyed = rekeyLogicMap(
      map({
        rules: [{ sourceId: 'cf-1', sourceType: 'customField', sourceValue: 'true' }],
        thenFieldId: 'b',
      }),
      idMap,
    );
    expect(rekeyed).toEqual({
      A: expect.objectContaining({
        thenFieldId: 'B',
        elseFieldId: '',
        rules: [expect.objectContaining({ sourceId: 'cf-1' })],
      }),
    });
  });
});
