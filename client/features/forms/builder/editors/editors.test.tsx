import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type Field, type FieldInput, fieldSchema } from '../../../../../shared/forms/schema/field';
import { EVENT_ID } from '../../../../test/fixtures';
import { mockApi, renderUi, testSession } from '../../../../test/render';
import { FieldSettings } from '../FieldSettings';
import { fieldIssues } from './fieldIssues';
import { videoIdOf } from './mediaEditors';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const make = (input: { type: FieldInput['type'] } & Record<string, unknown>) =>
  fieldSchema.parse({ id: id(1), ...input });

/** The panel as the builder holds it: every change is the new field; `latest` is what it would save. */
function edit(initial: Field, currency = 'GBP') {
  const seen: { latest: Field } = { latest: initial };
  function Harness() {
    const [field, setField] = useState(initial);
    return (
      <FieldSettings
        field={field}
        currency={currency}
        readOnly={false}
        onChange={(next) => {
          seen.latest = next;
          setField(next);
        }}
      />
    );
  }
  const rendered = renderUi(<Harness />, { session: testSession('moderator') });
  return { ...rendered, seen };
}

describe('the field settings editors', () => {
  it('edits item list items with prices in the event currency and the total switches', async () => {
    const { user, seen } = edit(make({ type: 'itemList', label: 'Catering' }));
    expect(screen.getByText('No items yet: add the first one.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    const label = screen.getByRole('textbox', { name: 'Item 1' });
    await user.clear(label);
    await user.type(label, 'Sandwich platter');
    const price = screen.getByRole('textbox', { name: 'Price of Sandwich platter (GBP)' });
    await user.clear(price);
    await user.type(price, '12.5');
    await user.tab();
    expect(seen.latest).toMatchObject({ items: [{ label: 'Sandwich platter', price: 1250 }] });
    expect(screen.getByText('Shown as £12.50')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Description of Sandwich platter' }), 'Serves 8');
    await user.click(screen.getByRole('switch', { name: 'Show subtotals' }));
    expect(seen.latest).toMatchObject({ showSubtotals: false, showPrice: true, showTotal: true });
    // The switches are the editor's, not repeated by the generic list of properties.
    expect(screen.getAllByRole('switch', { name: /subtotals/i })).toHaveLength(1);
    expect(fieldSchema.safeParse(seen.latest).success).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove Sandwich platter' }));
    expect(seen.latest).toMatchObject({ items: [] });
  });

  it('formats prices in the currency given (euros) with Intl', async () => {
    const field = make({
      type: 'itemList',
      items: [{ itemId: 'water', label: 'Water', price: 123456, description: '' }],
    });
    edit(field, 'EUR');
    expect(screen.getByRole('textbox', { name: 'Price of Water (EUR)' })).toHaveValue('€1,234.56');
    expect(screen.getByText('Shown as €1,234.56')).toBeInTheDocument();
  });

  it("edits an upload's accepted kinds, several files and the size limit", async () => {
    const { user, seen } = edit(make({ type: 'upload', label: 'Floor plan' }));
    const accepted = screen.getByRole('group', { name: /Accepted files/ });
    await user.click(within(accepted).getByRole('checkbox', { name: /Videos/ }));
    expect(seen.latest).toMatchObject({ accept: ['images', 'docs'] });
    await user.click(screen.getByRole('switch', { name: 'Allow several files' }));
    expect(screen.queryByRole('textbox', { name: 'Largest file (MB)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Limit the file size' }));
    await user.type(screen.getByRole('textbox', { name: 'Largest file (MB)' }), '5');
    expect(seen.latest).toMatchObject({ isMulti: true, hasMaxFileSize: true, maxFileSizeMB: 5 });
    expect(screen.queryByText('Max file size MB')).not.toBeInTheDocument();
  });

  it("edits an address's and a name's parts: label and show", async () => {
    const { user, seen } = edit(make({ type: 'address', label: 'Invoice address' }));
    const city = screen.getByRole('textbox', { name: 'City label' });
    await user.clear(city);
    await user.type(city, 'Town');
    await user.click(screen.getByRole('checkbox', { name: 'Show County' }));
    expect(seen.latest).toMatchObject({ city: { label: 'Town', show: true }, county: { show: false } });
  });

  it('shows a full name with its prefix and post-nominals hidden by default', () => {
    edit(make({ type: 'fullName' }));
    expect(screen.getByRole('checkbox', { name: 'Show Prefix' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Show First name' })).toBeChecked();
  });

  it("edits a repeater's cells, one to four", async () => {
    const { user, seen } = edit(make({ type: 'repeater', label: 'Staff on the stand' }));
    expect(screen.getByRole('button', { name: 'Remove cell 1' })).toBeDisabled();
    for (let n = 0; n < 3; n++) await user.click(screen.getByRole('button', { name: 'Add cell' }));
    expect(screen.getByRole('button', { name: 'Four cells at most' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Cell 2 type' }));
    await user.click(await screen.findByRole('option', { name: 'Email' }));
    expect(seen.latest).toMatchObject({
      cellSchema: { cell2: { label: 'Cell 2', type: 'email' }, cell4: { label: 'Cell 4' } },
    });
    await user.click(screen.getByRole('button', { name: 'Remove cell 4' }));
    expect(Object.keys((seen.latest as Extract<Field, { type: 'repeater' }>).cellSchema)).toEqual([
      'cell1',
      'cell2',
      'cell3',
    ]);
  });

  it("chooses a callout's style from the list", async () => {
    const { user, seen } = edit(make({ type: 'callout', description: 'Doors open at 8' }));
    await user.click(screen.getByRole('combobox', { name: 'Style' }));
    await user.click(await screen.findByRole('option', { name: 'Warning' }));
    expect(seen.latest).toMatchObject({ style: 'warning' });
  });

  it("chooses an image field's image in the asset picker and shows it", async () => {
    const asset = {
      id: id(40),
      name: 'Main hall floor plan',
      altText: 'The main hall',
      type: 'image',
      fileName: 'plan.jpg',
      contentType: 'image/jpeg',
      size: 1000,
      url: `/api/events/${EVENT_ID}/files/${id(41)}`,
      data: {
        large: '/large',
        medium: '/medium',
        small: '/small',
        thumb: `/api/events/${EVENT_ID}/files/${id(41)}?size=thumb`,
      },
      createdAt: '2027-01-01T10:00:00.000Z',
    };
    mockApi({
      [`GET /api/events/${EVENT_ID}/assets`]: { body: { items: [asset], total: 1, page: 1, pageSize: 24 } },
      [`GET /api/events/${EVENT_ID}/assets/${asset.id}`]: { body: asset },
    });
    const { user, seen } = edit(make({ type: 'image', label: 'Hall plan' }));
    expect(screen.getByText('No image chosen yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose image' }));
    await user.click(await screen.findByRole('button', { name: 'Choose Main hall floor plan' }));
    expect(seen.latest).toMatchObject({ assetId: asset.id });
    expect(await screen.findByText('Main hall floor plan')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The main hall' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(seen.latest).toMatchObject({ assetId: '' });
  });

  it('takes YouTube and Vimeo ids, or the id out of a pasted address', async () => {
    const { user, seen } = edit(make({ type: 'youTube' }));
    await user.click(screen.getByRole('textbox', { name: 'YouTube video id' }));
    await user.paste('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=5');
    expect(seen.latest).toMatchObject({ videoId: 'dQw4w9WgXcQ' });
    expect(videoIdOf('youTube', 'https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(videoIdOf('vimeo', 'https://vimeo.com/channels/staffpicks/76979871')).toBe('76979871');
    expect(videoIdOf('vimeo', '76979871')).toBe('76979871');
  });

  it("shows the shared schema's refusal at the property it names", async () => {
    const template = {
      ...make({ type: 'template', fieldGroupId: id(9), isLooping: true }),
      maxLoops: 0,
    } as Field;
    edit(template);
    const maxLoops = screen.getByRole('textbox', { name: 'Max loops' });
    expect(maxLoops).toHaveAttribute('aria-invalid', 'true');
    expect(maxLoops).toHaveAccessibleDescription(/expected number to be >=1/);
    const item = make({ type: 'itemList', items: [{ itemId: 'a', label: 'A', price: 1 }] });
    const broken = { ...item, items: [{ itemId: 'a', label: 'A', price: -1, description: '' }] } as Field;
    expect(Object.keys(fieldIssues(broken))).toEqual(['items.0.price']);
  });
});
