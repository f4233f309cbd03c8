import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../../shared/forms';
import { FIELD_TYPES, makeDefinition, parseForm } from '../../../../shared/forms';
import { renderUi } from '../../../test/render';
import { BuilderCanvas } from './BuilderCanvas';
import { addField } from './definition-edits';
import { FieldPalette, PALETTE_GROUPS } from './FieldPalette';

function Builder() {
  const [definition, setDefinition] = useState<FormDefinition>(() =>
    makeDefinition(parseForm({ id: 'form-new', title: 'New form' }), []),
  );
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <>
      <FieldPalette
        fieldGroups={[{ id: 'group-guest', title: 'Guest details' }]}
        onAdd={(type, fieldGroupId) => setDefinition(addField(definition, type, { fieldGroupId }).definition)}
      />
      <BuilderCanvas
        definition={definition}
        onChange={setDefinition}
        selectedId={selected}
        onSelect={setSelected}
      />
    </>
  );
}

describe('builder palette and canvas', () => {
  it('offers every field type except templates, which come from field groups', () => {
    const offered = PALETTE_GROUPS.flatMap((group) => group.types);
    expect(new Set(offered)).toEqual(new Set(FIELD_TYPES.filter((type) => type !== 'template')));
    expect(offered).toHaveLength(FIELD_TYPES.length - 1);
  });

  it('adds, duplicates and deletes fields, and shows a page break', async () => {
    renderUi(<Builder />);
    expect(screen.getByText(/This form has no fields yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Short Text' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guest details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate Short Text' }));
    const list = screen.getByRole('list', { name: 'Form fields' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getAllByRole('button', { name: 'Move Short Text' })).toHaveLength(2);
    await userEvent.click(
      within(list).getAllByRole('button', { name: 'Delete Short Text' })[0] as HTMLElement,
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'New Page' }));
    expect(screen.getByText('Page break: New Page')).toBeInTheDocument();
  });
});
