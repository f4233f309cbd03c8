import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type Field, fieldSchema } from '../../../../../shared/forms/schema/field';
import { renderUi, testSession } from '../../../../test/render';
import { BuilderWorkspace } from '../BuilderWorkspace';
import { FieldSettings } from '../FieldSettings';
import type { Draft } from '../saveBody';
import type { GroupChoices } from './TemplateGroupEditor';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const template = (label: string) =>
  fieldSchema.parse({
    id: id(1),
    type: 'template',
    label,
    fieldGroupId: id(40),
    isLooping: true,
    maxLoops: 2,
  });

const offered = [
  { id: id(40), title: 'Guest details' },
  { id: id(41), title: 'Hotel guest' },
];
const titles = new Map([[id(40), 'Guest details']]);

function edit(initial: Field, groups: GroupChoices, readOnly = false) {
  const seen: { latest: Field } = { latest: initial };
  function Harness() {
    const [field, setField] = useState(initial);
    return (
      <FieldSettings
        field={field}
        currency="GBP"
        readOnly={readOnly}
        groups={groups}
        onChange={(next) => {
          seen.latest = next;
          setField(next);
        }}
      />
    );
  }
  return { ...renderUi(<Harness />, { session: testSession('admin') }), seen };
}

describe("a template's field group in the settings panel", () => {
  it('switches the group after the template was added, the label following when it was the title', async () => {
    const { user, seen } = edit(template('Guest details'), { offered, titleOf: (g) => titles.get(g) });
    const select = screen.getByRole('combobox', { name: 'Field group' });
    expect(select).toHaveValue('Guest details');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Hotel guest' }));
    expect(seen.latest).toMatchObject({ type: 'template', fieldGroupId: id(41), label: 'Hotel guest' });
    expect(fieldSchema.safeParse(seen.latest).success).toBe(true);
  });

  it('keeps a label of its own, and keeps offering a current group that is no longer offered', async () => {
    const archivedOnly = { offered: [offered[1]], titleOf: (g: string) => titles.get(g) };
    const { user, seen } = edit(template('Our guests'), archivedOnly);
    const select = screen.getByRole('combobox', { name: 'Field group' });
    expect(select).toHaveValue('Guest details');
    await user.click(select);
    expect(await screen.findByRole('option', { name: 'Guest details' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Hotel guest' }));
    expect(seen.latest).toMatchObject({ fieldGroupId: id(41), label: 'Our guests' });
  });

  it('shows the group but offers no change to someone who may not list groups, or when read-only', () => {
    edit(template('Guests'), { offered: null, titleOf: (g) => titles.get(g) });
    expect(screen.getByRole('combobox', { name: 'Field group' })).toBeDisabled();
    expect(screen.getByText('Field groups are managed by admins.')).toBeInTheDocument();
  });

  it('is disabled in a read-only builder', () => {
    edit(template('Guests'), { offered, titleOf: (g) => titles.get(g) }, true);
    expect(screen.getByRole('combobox', { name: 'Field group' })).toBeDisabled();
  });
});

describe('the builder, when a template changes group', () => {
  it("drops the rules that read the old group's fields, keeping the template's other logic", async () => {
    const guests = template('Guest details');
    const note = fieldSchema.parse({ id: id(2), type: 'customText', label: 'Chef note' });
    const rule = { sourceId: guests.id, sourceType: 'template', sourceValue: '', condition: 'equals' };
    const nested = {
      ...rule,
      nestedId: id(50),
      nestedType: 'dropdown',
      nestedValue: 'yes',
      loopOperator: 'any',
    };
    const count = {
      ...rule,
      sourceValue: '2',
      nestedId: '',
      nestedType: '',
      nestedValue: '',
      loopOperator: '',
    };
    const entry = (rules: object[]) =>
      ({ operator: 'ANY', rules, thenFieldId: note.id, elseFieldId: '' }) as Draft['logicMap'][string];
    const initial: Draft = {
      fields: [guests, note],
      logicMap: {
        [guests.id]: entry([{ ...nested, loopIndex: null }]),
        [note.id]: entry([{ ...count, loopIndex: null }]),
      },
    };
    const seen: { latest: Draft } = { latest: initial };
    function Harness() {
      const [draft, setDraft] = useState(initial);
      return (
        <BuilderWorkspace
          draft={draft}
          onChange={(next) => {
            seen.latest = next;
            setDraft(next);
          }}
          readOnly={false}
          fieldGroups={offered.map((g) => ({
            ...g,
            description: '',
            fieldsCount: 1,
            isArchived: false,
            isPublished: true,
            usedInFormsCount: 0,
            updatedAt: '',
          }))}
          groupFieldsOf={() => []}
          problems={[]}
          currency="GBP"
          groupChoices={{ offered, titleOf: (g) => titles.get(g) }}
        />
      );
    }
    const { user } = renderUi(<Harness />, { session: testSession('admin') });
    await user.click(screen.getByRole('combobox', { name: 'Field group' }));
    await user.click(await screen.findByRole('option', { name: 'Hotel guest' }));
    expect(seen.latest.fields[0]).toMatchObject({ fieldGroupId: id(41) });
    expect(Object.keys(seen.latest.logicMap)).toEqual([note.id]);
    expect(seen.latest.logicMap[note.id]).toEqual(initial.logicMap[note.id]);
  });
});
