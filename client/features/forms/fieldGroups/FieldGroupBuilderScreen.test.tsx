import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FieldGroupDetail } from '../../../../shared/forms/api';
import { fieldSchema } from '../../../../shared/forms/schema/field';
import { fieldGroupSchema } from '../../../../shared/forms/schema/field-group';
import { ACCOUNT_ID, EVENT_ID } from '../../../test/fixtures';
import { renderApp, signedInHandlers } from '../../../test/render';

const GROUP_ID = '44444444-4444-4444-8444-444444444444';
const FIELD_ID = '55555555-5555-4555-8555-555555555555';
const stamps = {
  createdAt: '2027-01-01T00:00:00.000Z',
  createdBy: 'system',
  updatedAt: '2027-01-01T00:00:00.000Z',
  updatedBy: 'system',
};

/** A group holding one priced item list, in an event whose currency is `currency`. */
function groupIn(currency: string): FieldGroupDetail {
  return {
    fieldGroup: fieldGroupSchema.parse({
      id: GROUP_ID,
      title: 'Stand extras',
      description: '',
      fieldIds: [FIELD_ID],
      logicMap: {},
      ...stamps,
    }),
    fields: [
      fieldSchema.parse({
        id: FIELD_ID,
        type: 'itemList',
        label: 'Extras',
        fieldGroupId: GROUP_ID,
        items: [{ itemId: 'spot', label: 'Spotlight', description: '', price: 1250 }],
      }),
    ],
    lock: null,
    currency,
  };
}

function openGroup(currency: string) {
  const base = `/api/events/${EVENT_ID}/field-groups/${GROUP_ID}`;
  const lock = {
    holderId: ACCOUNT_ID,
    holderName: 'Ada Admin',
    expiresAt: '2099-01-01T00:00:00.000Z',
    isMine: true,
  };
  return renderApp(`/admin/field-groups/${GROUP_ID}`, {
    ...signedInHandlers('admin'),
    [`GET ${base}`]: { body: groupIn(currency) },
    [`POST ${base}/lock`]: { body: { lock } },
    [`DELETE ${base}/lock`]: { status: 204 },
  });
}

describe('the field-group builder', () => {
  it("shows item prices in the event's currency, not pounds", async () => {
    openGroup('EUR');
    expect(
      await screen.findByRole('textbox', { name: 'Price of Spotlight (EUR)' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Shown as €12.50')).toBeInTheDocument();
    expect(screen.queryByText(/£/)).not.toBeInTheDocument();
  });
});
