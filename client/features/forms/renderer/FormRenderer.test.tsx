import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FieldInput } from '../../../../shared/forms';
import { FIELD_TYPES, makeDefinition, parseFields, parseForm } from '../../../../shared/forms';
import { cateringOrderFixture, standBuildFixture } from '../../../../shared/forms/fixtures';
import { renderUi } from '../../../test/render';
import { FormRenderer } from './FormRenderer';

/** One field of every type the registry knows, each labelled after its type. */
function everyTypeDefinition() {
  const group = { id: 'group-guest', title: 'Guest', fieldIds: ['guest-name'], logicMap: {} };
  const fields: FieldInput[] = FIELD_TYPES.map((type) =>
    type === 'template'
      ? { id: `f-${type}`, type, label: `A ${type}`, fieldGroupId: group.id }
      : type === 'itemList'
        ? {
            id: `f-${type}`,
            type,
            label: `A ${type}`,
            items: [{ itemId: 'chair', label: 'Chair', price: 1250 }],
          }
        : type === 'youTube' || type === 'vimeo'
          ? { id: `f-${type}`, type, label: `A ${type}`, videoId: '12345' }
          : type === 'image'
            ? { id: `f-${type}`, type, label: `A ${type}`, assetId: 'logo' }
            : { id: `f-${type}`, type, label: `A ${type}` },
  );
  const nested = parseFields([
    { id: 'guest-name', type: 'text', label: 'Guest name', fieldGroupId: group.id },
  ]);
  const form = parseForm({
    id: 'form-all',
    title: 'Every type',
    fieldIds: FIELD_TYPES.map((type) => `f-${type}`),
  });
  return makeDefinition(form, [...parseFields(fields), ...nested], [group]);
}

describe('FormRenderer', () => {
  it('shows a field of every type, pages split at the page break', async () => {
    const onSubmit = vi.fn();
    renderUi(
      <FormRenderer
        definition={everyTypeDefinition()}
        onSubmit={onSubmit}
        images={{
          logo: {
            src: '/files/logo?size=small',
            srcSet: '/files/logo?size=small 960w',
            altText: 'The event logo',
          },
        }}
      />,
    );
    for (const label of ['A text', 'A email', 'A tel', 'A url', 'A number', 'A area', 'A date', 'A upload']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('group', { name: 'A address' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'A fullName' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'A repeater' })).toBeInTheDocument();
    expect(screen.getByLabelText('Chair (£12.50)')).toBeInTheDocument();
    expect(screen.getByText(/A grandTotal: £0.00/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'A section' })).toBeInTheDocument();
    // Everything after the newPage field is on page 2.
    expect(screen.queryByTitle('A youTube')).not.toBeInTheDocument();
    // A disclaimer is required unless the organiser says otherwise.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('You must accept this to continue')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'A disclaimer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 2: A newPage')).toBeInTheDocument();
    expect(screen.getByTitle('A youTube')).toBeInTheDocument();
    expect(screen.getByTitle('A vimeo')).toBeInTheDocument();
    // The asset's alt text, the sizes' box (no layout shift), and the field's label as its caption.
    const image = screen.getByRole('img', { name: 'The event logo' });
    expect(image).toHaveAttribute('src', '/files/logo?size=small');
    expect(image).toHaveAttribute('width', '960');
    expect(image).toHaveAttribute('height', '640');
    expect(screen.getByText('A image')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Guest name'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('A text')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        'f-disclaimer': true,
        'f-template': { loopCount: 1, templateValues: [{ 'guest-name': 'Ada' }] },
      }),
    );
  });

  it('shows and hides fields live by the engine’s logic', async () => {
    renderUi(<FormRenderer definition={cateringOrderFixture.definition} />);
    expect(screen.queryByRole('heading', { name: 'Furniture hire' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Yes' }));
    expect(screen.getByRole('heading', { name: 'Furniture hire' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Yes' }));
    expect(screen.queryByRole('heading', { name: 'Furniture hire' })).not.toBeInTheDocument();
  });

  it('stops on a page with the engine’s required messages', async () => {
    const onSubmit = vi.fn();
    renderUi(<FormRenderer definition={standBuildFixture.definition} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByText('This field is required').length).toBeGreaterThan(0);
    expect(screen.queryByText(/Page 2 of/)).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
