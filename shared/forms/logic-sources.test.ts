import { describe, expect, it } from 'vitest';
import type { ClientData } from './definition';
import { evaluateGroupVisibility, evaluateVisibility } from './logic';
import type { FieldInput } from './schema/field';
import { testField, testForm } from './testing';

// Rules that read beyond the form's own fields: the person and their team, and template loops.

const yesNo = (id: string): FieldInput => ({ id, type: 'checkbox', label: id });
const text = (id: string): FieldInput => ({ id, type: 'text', label: id });

describe('client and custom field rules', () => {
  const client: ClientData = {
    userId: 'u1',
    firstName: 'Priya',
    surname: 'Shah',
    email: 'priya@example.com',
    teamId: 't1',
    teamName: 'Northwind',
    customFields: { sponsor: true, hall: 'Hall 3' },
  };
  const form = testForm([text('intro'), text('sponsor-note'), text('hall-note')], {
    intro: {
      operator: 'ALL',
      rules: [
        { sourceId: 'sponsor', sourceType: 'customField', sourceValue: 'true' },
        { sourceId: 'fullName', sourceType: 'client', sourceValue: 'Priya Shah' },
      ],
      thenFieldId: 'sponsor-note',
      elseFieldId: 'hall-note',
    },
  });

  it("reads the team's custom fields and the person", () => {
    expect(evaluateVisibility(form, {}, { client }).fields['sponsor-note']).toBe(true);
    const other = { ...client, customFields: { sponsor: false } };
    expect(evaluateVisibility(form, {}, { client: other }).fields['sponsor-note']).toBe(false);
  });

  it('reads nothing for a guest', () => {
    expect(evaluateVisibility(form, {}, { client: null }).fields).toMatchObject({
      'sponsor-note': false,
      'hall-note': true,
    });
  });
});

describe('rules on looping templates', () => {
  const room = (id: string) => ({ id, label: id, value: id });
  const groupFields: FieldInput[] = [
    { id: 'room', type: 'dropdown', options: [room('single'), room('double'), room('accessible')] },
    yesNo('parking'),
    text('registration'),
  ];
  const group = {
    id: 'guests-group',
    title: 'Guest',
    fields: groupFields,
    logicMap: {
      parking: {
        rules: [{ sourceId: 'parking', sourceType: 'checkbox' as const, sourceValue: 'yes' }],
        thenFieldId: 'registration',
      },
    },
  };
  const form = (loopOperator: 'any' | 'all' | 'index', loopIndex: number | null = null) =>
    testForm(
      [
        { id: 'guests', type: 'template', fieldGroupId: 'guests-group', isLooping: true, maxLoops: 4 },
        text('access-note'),
      ],
      {
        guests: {
          rules: [
            {
              sourceId: 'guests',
              sourceType: 'template',
              nestedId: 'room',
              nestedType: 'dropdown',
              nestedValue: 'accessible',
              loopOperator,
              loopIndex,
            },
          ],
          thenFieldId: 'access-note',
        },
      },
      [group],
    );
  const guests = (...rooms: string[]) => ({
    guests: { loopCount: rooms.length, templateValues: rooms.map((choice) => ({ room: [choice] })) },
  });

  it('any loop, all loops, or a given loop', () => {
    expect(evaluateVisibility(form('any'), guests('single', 'accessible')).fields['access-note']).toBe(true);
    expect(evaluateVisibility(form('all'), guests('single', 'accessible')).fields['access-note']).toBe(false);
    expect(evaluateVisibility(form('all'), guests('accessible', 'accessible')).fields['access-note']).toBe(
      true,
    );
    expect(evaluateVisibility(form('index', 1), guests('single', 'accessible')).fields['access-note']).toBe(
      true,
    );
    expect(evaluateVisibility(form('index', 0), guests('single', 'accessible')).fields['access-note']).toBe(
      false,
    );
    expect(evaluateVisibility(form('index', 3), guests('accessible')).fields['access-note']).toBe(false);
  });

  it('ignores answers in loops past loopCount', () => {
    const values = {
      guests: { loopCount: 1, templateValues: [{ room: ['single'] }, { room: ['accessible'] }] },
    };
    expect(evaluateVisibility(form('any'), values).fields['access-note']).toBe(false);
  });

  it("evaluates the group's own logic once per loop", () => {
    const values = {
      guests: {
        loopCount: 2,
        templateValues: [
          { parking: ['yes'], registration: 'LS24 ABC' },
          { parking: ['no'], registration: 'stale' },
        ],
      },
    };
    const visibility = evaluateVisibility(form('any'), values);
    expect(visibility.loops.guests.map((loop) => loop.registration)).toEqual([true, false]);
  });

  it('previews a field group on its own', () => {
    const fields = Object.fromEntries(groupFields.map((field) => [field.id, testField(field)]));
    const scope = {
      id: group.id,
      title: 'Guest',
      fieldIds: ['room', 'parking', 'registration'],
      logicMap: {},
    };
    expect(evaluateGroupVisibility(scope, fields, {})).toEqual({
      room: true,
      parking: true,
      registration: true,
    });
  });
});
