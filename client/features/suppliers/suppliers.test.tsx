import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  DirectoryResponse,
  DirectorySupplier,
  SupplierDetail,
  SupplierRow,
} from '../../../shared/suppliers/api';
import { EVENT_ID } from '../../test/fixtures';
import { type FetchCall, renderApp, signedInHandlers } from '../../test/render';

const base = `/api/events/${EVENT_ID}`;
const SUPPLIER_ID = '11111111-1111-4111-8111-111111111111';
const GROUP_ID = '22222222-2222-4222-8222-222222222222';
const TYPE_ID = '55555555-5555-4555-8555-555555555555';

function row(n: number, overrides: Partial<SupplierRow> = {}): SupplierRow {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    company: `Supplier ${n}`,
    website: '',
    logo: '',
    isFeatured: false,
    isArchived: false,
    groups: [],
    contactsCount: 0,
    showToTeamTypeIds: [],
    hideFromTeamTypeIds: [],
    ...overrides,
  };
}

const detail: SupplierDetail = {
  ...row(1, { id: SUPPLIER_ID, company: 'Apex Stands' }),
  description: '',
  logoUrl: '',
  logoFileId: null,
  contacts: [],
  groupIds: [],
  updatedAt: '2027-01-01T10:00:00.000Z',
};
const groups = {
  body: {
    items: [{ id: GROUP_ID, title: 'Stand builders', isArchived: false, suppliersCount: 1 }],
    unassignedCount: 2,
  },
};
const teamTypes = { body: { items: [{ id: TYPE_ID, name: 'Exhibitor', teamsCount: 2 }] } };
const lastQuery = (calls: FetchCall[], path: string) =>
  Object.fromEntries(calls.filter((c) => c.path === path).at(-1)?.query ?? []);
/** Screens are lazy chunks; on a busy machine the first one takes a while to arrive. */
const SLOW = { timeout: 15_000 };
const paged = (items: SupplierRow[]) => ({ body: { items, total: items.length, page: 1, pageSize: 100 } });

describe('admin suppliers', () => {
  it('lists suppliers by company with their types, and searches and filters by type on the server', async () => {
    const { user, calls } = renderApp('/admin/suppliers', {
      ...signedInHandlers('moderator'),
      [`GET ${base}/supplier-groups`]: groups,
      [`GET ${base}/suppliers`]: paged([
        row(1, { groups: [{ id: GROUP_ID, title: 'Stand builders' }], isFeatured: true, contactsCount: 2 }),
        row(2, { showToTeamTypeIds: [TYPE_ID] }),
      ]),
    });
    const table = await screen.findByRole('table', { name: 'Suppliers' }, SLOW);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Stand builders');
    expect(rows[1]).toHaveTextContent('Featured');
    expect(rows[2]).toHaveTextContent('Unassigned');
    expect(rows[2]).toHaveTextContent('Restricted');
    expect(within(rows[1]).getByRole('link', { name: 'Supplier 1' })).toHaveAttribute(
      'href',
      `/admin/suppliers/${row(1).id}`,
    );
    expect(lastQuery(calls, `${base}/suppliers`)).toEqual({ page: '1', sort: 'company', order: 'asc' });

    await user.click(screen.getByRole('combobox', { name: 'Supplier types' }));
    await user.click(await screen.findByRole('option', { name: 'Stand builders' }, SLOW));
    await waitFor(() => expect(lastQuery(calls, `${base}/suppliers`).groupId).toBe(GROUP_ID));
  }, 30_000);

  it('shows the empty state with a way to add the first supplier', async () => {
    renderApp('/admin/suppliers', {
      ...signedInHandlers('admin'),
      [`GET ${base}/supplier-groups`]: groups,
      [`GET ${base}/suppliers`]: paged([]),
    });
    expect(
      await screen.findByText('There are no suppliers in this event yet.', undefined, SLOW),
    ).toBeInTheDocument();
  });

  it('asks the server for archived suppliers on the archived screen', async () => {
    const { calls } = renderApp('/admin/suppliers/archived', {
      ...signedInHandlers('admin'),
      [`GET ${base}/supplier-groups`]: groups,
      [`GET ${base}/suppliers`]: paged([]),
    });
    expect(
      await screen.findByText('There are no archived suppliers in this event yet.', undefined, SLOW),
    ).toBeInTheDocument();
    expect(lastQuery(calls, `${base}/suppliers`).archived).toBe('true');
  });

  it('adds a supplier with contacts, refusing a bad contact email before sending', async () => {
    const { user, calls } = renderApp('/admin/suppliers/add', {
      ...signedInHandlers('admin'),
      [`GET ${base}/supplier-groups`]: groups,
      [`GET ${base}/team-types`]: teamTypes,
      [`GET ${base}/suppliers`]: paged([]),
      [`POST ${base}/suppliers`]: (call) => ({ status: 201, body: { ...detail, ...(call.body as object) } }),
    });
    // Pasting rather than typing key by key keeps the test quick on a busy machine.
    const fill = async (input: HTMLElement, text: string) => {
      await user.click(input);
      await user.paste(text);
    };
    await fill(await screen.findByRole('textbox', { name: 'Company' }, SLOW), '  Apex Stands ');
    await fill(screen.getByRole('textbox', { name: 'Logo URL' }), 'https://apex.example/logo.png');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    const contact = screen.getByRole('group', { name: 'Contact 1' });
    await fill(within(contact).getByRole('textbox', { name: 'First name' }), 'Ana');
    await fill(within(contact).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add supplier' }));
    expect(await screen.findByText('Enter a valid email address', undefined, SLOW)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(within(contact).getByRole('textbox', { name: 'Email' }));
    await fill(within(contact).getByRole('textbox', { name: 'Email' }), 'ana@apex.example');
    await user.click(screen.getByRole('combobox', { name: 'Show to team types' }));
    await user.click(await screen.findByRole('option', { name: 'Exhibitor' }, SLOW));
    await user.click(screen.getByRole('button', { name: 'Add supplier' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      company: 'Apex Stands',
      logoUrl: 'https://apex.example/logo.png',
      logoFileId: null,
      contacts: [{ firstName: 'Ana', email: 'ana@apex.example', surname: '', phone: '', jobTitle: '' }],
      showToTeamTypeIds: [TYPE_ID],
      hideFromTeamTypeIds: [],
    });
  }, 45_000);

  it('removes a contact row', async () => {
    const { user } = renderApp(`/admin/suppliers/${SUPPLIER_ID}`, {
      ...signedInHandlers('admin'),
      [`GET ${base}/supplier-groups`]: groups,
      [`GET ${base}/team-types`]: teamTypes,
      [`GET ${base}/suppliers/${SUPPLIER_ID}`]: {
        body: {
          ...detail,
          contacts: [
            { firstName: 'Ana', surname: 'Silva', phone: '', email: 'ana@apex.example', jobTitle: '' },
          ],
        },
      },
    });
    expect(await screen.findByRole('group', { name: 'Contact 1' }, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove contact 1' }));
    expect(screen.queryByRole('group', { name: 'Contact 1' })).not.toBeInTheDocument();
    expect(screen.getByText('No contacts yet.')).toBeInTheDocument();
  });

  it("shows 'Failed to upload logo' when the server refuses the uploaded logo", async () => {
    const FILE_ID = '66666666-6666-4666-8666-666666666666';
    const { user } = renderApp(`/admin/suppliers/${SUPPLIER_ID}`, {
      ...signedInHandlers('admin'),
      [`GET ${base}/supplier-groups`]: groups,
      [`GET ${base}/team-types`]: teamTypes,
      [`GET ${base}/suppliers/${SUPPLIER_ID}`]: {
        body: { ...detail, logoFileId: FILE_ID, logo: `${base}/files/${FILE_ID}` },
      },
      [`PUT ${base}/suppliers/${SUPPLIER_ID}`]: {
        status: 400,
        body: { error: { code: 'validation', message: 'Failed to upload logo' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Save' }, SLOW));
    const alerts = await screen.findAllByText('Failed to upload logo', undefined, SLOW);
    expect(alerts.length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeInTheDocument();
  });

  it('lists supplier types with the virtual Unassigned group', async () => {
    renderApp('/admin/supplier-groups', {
      ...signedInHandlers('moderator'),
      [`GET ${base}/supplier-groups`]: groups,
    });
    const table = await screen.findByRole('table', { name: 'Supplier types' }, SLOW);
    expect(within(table).getByRole('link', { name: 'Stand builders' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Archive Stand builders' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Unassigned' })).toHaveAttribute(
      'href',
      '/admin/suppliers?groupId=unassigned',
    );
  });
});

describe('the supplier directory', () => {
  const directory: DirectoryResponse = {
    sections: [
      {
        groupId: GROUP_ID,
        title: 'Stand builders',
        suppliers: [
          {
            id: SUPPLIER_ID,
            company: 'Zenith Stands',
            logo: '',
            website: 'https://zenith.example',
            isFeatured: true,
          },
        ],
      },
    ],
  };

  it('shows the suppliers grouped by type', async () => {
    renderApp('/suppliers', {
      ...signedInHandlers('user'),
      [`GET ${base}/supplier-directory`]: { body: directory },
    });
    const section = await screen.findByRole('region', { name: 'Stand builders' }, SLOW);
    expect(within(section).getByRole('link', { name: 'Zenith Stands' })).toHaveAttribute(
      'href',
      `/suppliers/${SUPPLIER_ID}`,
    );
    expect(within(section).getByText('Featured')).toBeInTheDocument();
  });

  it('says so when there is nothing to show', async () => {
    renderApp('/suppliers', {
      ...signedInHandlers('user'),
      [`GET ${base}/supplier-directory`]: { body: { sections: [] } },
    });
    expect(
      await screen.findByText('There are no suppliers to show yet.', undefined, SLOW),
    ).toBeInTheDocument();
  });

  it('shows a supplier with mailto and tel links, also inside a content page', async () => {
    const supplier: DirectorySupplier = {
      ...directory.sections[0].suppliers[0],
      description: '<p>Stands of <strong>every</strong> size.</p>',
      contacts: [
        {
          firstName: 'Ana',
          surname: 'Silva',
          phone: '+44 20 7946 0000',
          email: 'ana@zenith.example',
          jobTitle: 'Sales',
        },
      ],
      groups: [{ id: GROUP_ID, title: 'Stand builders' }],
    };
    for (const path of [`/suppliers/${SUPPLIER_ID}`, `/content/${GROUP_ID}/supplier/${SUPPLIER_ID}`]) {
      const { unmount } = renderApp(path, {
        ...signedInHandlers('user'),
        [`GET ${base}/supplier-directory/${SUPPLIER_ID}`]: { body: supplier },
      });
      expect(await screen.findByRole('heading', { name: 'Zenith Stands' }, SLOW)).toBeInTheDocument();
      expect(screen.getByText('every')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'ana@zenith.example' })).toHaveAttribute(
        'href',
        'mailto:ana@zenith.example',
      );
      expect(screen.getByRole('link', { name: '+44 20 7946 0000' })).toHaveAttribute(
        'href',
        'tel:+442079460000',
      );
      unmount();
    }
  });
});
