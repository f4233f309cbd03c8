import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CustomField } from '../../../shared/people/customFields';
import { EVENT_ID } from '../../test/fixtures';
import { renderApp, signedInHandlers } from '../../test/render';

const base = `/api/events/${EVENT_ID}/custom-fields`;

function field(n: number, overrides: Partial<CustomField> = {}): CustomField {
  return {
    id: `99999999-9999-4999-8999-${String(n).padStart(12, '0')}`,
    label: `Field ${n}`,
    type: 'text',
    placeholder: '',
    description: '',
    showField: true,
    showToChildTeams: false,
    isRequired: false,
    index: n,
    ...overrides,
  };
}

describe('custom fields', () => {
  it('lists fields with their type as Text or Yes/No, and filters by type', async () => {
    const { user } = renderApp('/admin/custom-fields', {
      ...signedInHandlers('admin'),
      [`GET ${base}`]: {
        body: {
          items: [field(1, { label: 'Needs power', type: 'boolean' }), field(2, { label: 'Stand number' })],
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Custom fields' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Needs power');
    expect(rows[1]).toHaveTextContent('Yes/No');
    expect(rows[2]).toHaveTextContent('Text');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Yes/No' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  });

  it('is admin only', async () => {
    const { router } = renderApp('/admin/custom-fields', signedInHandlers('moderator'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorised'));
  });

  it('adds a Yes/No field and goes back to the list', async () => {
    const { user, calls, router } = renderApp('/admin/custom-fields/add', {
      ...signedInHandlers('admin'),
      [`POST ${base}`]: { status: 201, body: field(3, { label: 'Has van', type: 'boolean' }) },
      [`GET ${base}`]: { body: { items: [] } },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Label' }), ' Has van ');
    await user.click(screen.getByRole('radio', { name: 'Yes/No' }));
    await user.click(screen.getByRole('checkbox', { name: 'Show to stand shares?' }));
    await user.click(screen.getByRole('button', { name: 'Add custom field' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/custom-fields'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      label: 'Has van',
      type: 'boolean',
      placeholder: '',
      description: '',
      showField: true,
      showToChildTeams: true,
      isRequired: false,
    });
  });

  it('reorders with keyboard-reachable buttons and saves every id in the new order', async () => {
    const [a, b] = [field(0, { label: 'First' }), field(1, { label: 'Second' })];
    const { user, calls } = renderApp('/admin/custom-fields/reorder', {
      ...signedInHandlers('admin'),
      [`GET ${base}`]: { body: { items: [b, a] } },
      [`PUT ${base}/order`]: { body: { items: [] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Move Second up' }));
    await user.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ids: [b.id, a.id] }));
  });
});
