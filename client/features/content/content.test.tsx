import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContentDetail, ContentRow, ReaderPage } from '../../../shared/content/api';
import { EVENT_ID } from '../../test/fixtures';
import { notFound, renderApp, signedInHandlers } from '../../test/render';

const base = `/api/events/${EVENT_ID}`;
/** Lazy screens on two loaded cores can take seconds to appear. */
const slow = { timeout: 10_000 };
const PAGE_ID = '11111111-1111-4111-8111-111111111111';
const SECTION_ID = '22222222-2222-4222-8222-222222222222';

const row = (over: Partial<ContentRow> = {}): ContentRow => ({
  id: PAGE_ID,
  title: 'Exhibitor manual',
  description: '',
  icon: 'new_release_outlined',
  isPublished: true,
  isPublic: false,
  isArchived: false,
  isFeatured: true,
  allowedTeamTypeIds: [],
  showToChildTeams: false,
  sectionsCount: 3,
  updatedAt: '2027-01-01T10:00:00.000Z',
  ...over,
});

const detail = (over: Partial<ContentDetail> = {}): ContentDetail => {
  const { sectionsCount: _n, ...rest } = row();
  return {
    ...rest,
    sections: [
      {
        id: SECTION_ID,
        heading: 'Opening hours',
        isPublished: true,
        type: 'table',
        data: {
          isFixedWidth: true,
          isFirstRowHeader: true,
          columnCount: 2,
          rows: [{ cells: ['Day', 'Hours'] }, { cells: ['Monday', '09:00'] }],
        },
      },
    ],
    ...over,
  };
};

const reader: ReaderPage = {
  id: PAGE_ID,
  title: 'Exhibitor manual',
  description: 'From build-up to breakdown',
  icon: 'menu_book_outlined',
  isPublic: true,
  sections: [
    {
      id: SECTION_ID,
      heading: 'Welcome',
      type: 'richText',
      data: '<p>Hello <strong>exhibitors</strong></p>',
    },
    {
      id: '33333333-3333-4333-8333-333333333333',
      heading: '',
      type: 'callout',
      data: { text: 'Badges open on 1 May', variant: 'warning' },
    },
    {
      id: '44444444-4444-4444-8444-444444444444',
      heading: 'Watch',
      type: 'youTube',
      data: 'dQw4w9WgXcQ',
    },
  ],
};

describe('content admin screens', () => {
  it('lists pages by title with their status and searches on the server', async () => {
    const { calls, user } = renderApp('/admin/content', {
      ...signedInHandlers('moderator'),
      [`GET ${base}/content`]: { body: { items: [row()], total: 1, page: 1, pageSize: 100 } },
    });
    const table = await screen.findByRole('table', { name: 'Content' }, slow);
    expect(await within(table).findByRole('link', { name: 'Exhibitor manual' }, slow)).toHaveAttribute(
      'href',
      `/admin/content/${PAGE_ID}`,
    );
    expect(within(table).getByText('Published')).toBeInTheDocument();
    expect(within(table).getByText('Featured')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'manual{Enter}');
    await waitFor(() =>
      expect(calls.some((c) => c.path === `${base}/content` && c.query.get('search') === 'manual')).toBe(
        true,
      ),
    );
    expect(calls.find((c) => c.path === `${base}/content`)?.query.get('sort')).toBe('title');
  });

  it('asks for the confirm word before archiving a page', async () => {
    const { calls, user } = renderApp('/admin/content', {
      ...signedInHandlers('moderator'),
      [`GET ${base}/content`]: { body: { items: [row()], total: 1, page: 1, pageSize: 100 } },
      [`POST ${base}/content/${PAGE_ID}/archive`]: { body: detail({ isArchived: true }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Archive Exhibitor manual' }, slow));
    const dialog = await screen.findByRole('dialog', undefined, slow);
    const archive = within(dialog).getByRole('button', { name: 'Archive' });
    expect(archive).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Type 'CONFIRM' to continue"), 'CONFIRM');
    await user.click(archive);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/archive'))).toBe(true),
    );
  });

  it('keeps users out of the admin screens (spec: moderator and above)', async () => {
    renderApp('/admin/content', { ...signedInHandlers('user') });
    expect(await screen.findByText(/not allowed|Forbidden|permission/i, undefined, slow)).toBeInTheDocument();
  });

  it('creates a page with the spec defaults and the chosen settings', async () => {
    const { calls, user } = renderApp('/admin/content/add', {
      ...signedInHandlers('moderator'),
      [`GET ${base}/team-types`]: { body: { items: [] } },
      [`POST ${base}/content`]: { status: 201, body: detail() },
      [`GET ${base}/content/${PAGE_ID}`]: { body: detail() },
    });
    await user.type(await screen.findByRole('textbox', { name: /Page title/ }, slow), 'Catering');
    expect(screen.getByRole('switch', { name: 'Is published?' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /^Allow public access\?/ })).not.toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Show to stand shares?' }));
    await user.click(screen.getByRole('button', { name: 'Add page' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      title: 'Catering',
      isPublished: false,
      isPublic: false,
      icon: 'new_release_outlined',
      showToChildTeams: true,
    });
  });

  it('shows the server refusal of a table beside the section', async () => {
    const { user } = renderApp(`/admin/content/${PAGE_ID}`, {
      ...signedInHandlers('moderator'),
      [`GET ${base}/content/${PAGE_ID}`]: { body: detail() },
      [`PUT ${base}/content/${PAGE_ID}/sections`]: {
        status: 400,
        body: {
          error: {
            code: 'validation',
            message: 'Table header length must match the number of columns',
            issues: [
              {
                path: ['sections', 0, 'data', 'rows', 0],
                message: 'Table header length must match the number of columns',
              },
            ],
          },
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Opening hours' }, slow);
    await user.clear(within(section).getByRole('textbox', { name: 'Opening hours: row 2, column 2' }));
    await user.click(screen.getByRole('button', { name: 'Save sections' }));
    expect(await within(section).findByRole('alert', undefined, slow)).toHaveTextContent(
      'Table header length must match the number of columns',
    );
  });
});

describe('content reader', () => {
  it('shows published sections, with the rich text and an embedded video', async () => {
    renderApp(`/content/${PAGE_ID}`, {
      ...signedInHandlers('user'),
      [`GET ${base}/my-content/${PAGE_ID}`]: { body: reader },
    });
    expect(
      await screen.findByRole('heading', { name: 'Exhibitor manual', level: 1 }, slow),
    ).toBeInTheDocument();
    expect(screen.getByText('exhibitors').tagName).toBe('STRONG');
    expect(screen.getByText('Badges open on 1 May')).toBeInTheDocument();
    expect(screen.getByTitle('YouTube video: Watch')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
  });

  it('says a page is not there when the server hides it from the team', async () => {
    renderApp(`/content/${PAGE_ID}`, {
      ...signedInHandlers('user'),
      [`GET ${base}/my-content/${PAGE_ID}`]: notFound,
    });
    expect(
      await screen.findByText('This page does not exist, or it is not shown to your team.', undefined, slow),
    ).toBeInTheDocument();
  });

  it('opens a public page signed out, and the 404 screen for any other', async () => {
    renderApp(`/guests/content/${PAGE_ID}`, { [`GET /api/guests/content/${PAGE_ID}`]: { body: reader } });
    expect(
      await screen.findByRole('heading', { name: 'Exhibitor manual', level: 1 }, slow),
    ).toBeInTheDocument();
  });

  it('shows the 404 screen for a page that is not public', async () => {
    renderApp(`/guests/content/${PAGE_ID}`, {});
    expect(await screen.findByRole('heading', { name: 'Not Found' }, slow)).toBeInTheDocument();
  });
});
