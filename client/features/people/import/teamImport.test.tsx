import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportRow, TeamImport } from '../../../../shared/people/importSchema';
import { EVENT_ID } from '../../../test/fixtures';
import { renderApp, signedInHandlers } from '../../../test/render';

const base = `/api/events/${EVENT_ID}/team-imports`;
const IMPORT_ID = '77777777-7777-4777-8777-777777777777';

const record = (overrides: Partial<TeamImport> = {}): TeamImport => ({
  id: IMPORT_ID,
  fileName: 'teams.xlsx',
  state: 'preview',
  rowsInFile: 2,
  readyRows: 1,
  skippedRows: 0,
  rejectedRows: 1,
  doneRows: 0,
  createdRows: 0,
  failedRows: 0,
  alreadyImportedRows: 0,
  createdAt: '2027-05-01T09:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  error: null,
  ...overrides,
});

const row = (rowNumber: number, overrides: Partial<ImportRow> = {}): ImportRow => ({
  rowNumber,
  status: 'ready',
  cells: {
    'Team Name': `Team ${rowNumber}`,
    'First Name': 'Ada',
    Surname: 'Byron',
    Email: `t${rowNumber}@x.io`,
  },
  errors: [],
  typeCheck: null,
  userUpsert: null,
  teamAdd: null,
  emailSend: null,
  errorMessage: null,
  rolledBack: [],
  teamId: null,
  ...overrides,
});

const page = (items: ImportRow[]) => ({ body: { items, total: items.length, page: 1, pageSize: 100 } });

describe('team import screen', () => {
  it('is admin only: a moderator is sent to the unauthorised page', async () => {
    const { router } = renderApp('/admin/teams/import', signedInHandlers('moderator'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorised'));
  });

  it('shows the preview with errors by column, and starts the import after the confirm word', async () => {
    const { user, calls } = renderApp('/admin/teams/import', {
      ...signedInHandlers('admin'),
      [`GET ${base}/latest`]: { body: { import: record() } },
      [`GET ${base}/${IMPORT_ID}/rows`]: page([
        row(2),
        row(3, { status: 'rejected', errors: [{ column: 'Email', message: 'Invalid email' }] }),
      ]),
      [`POST ${base}/${IMPORT_ID}/start`]: { status: 202, body: record({ state: 'queued' }) },
    });
    expect(
      await screen.findByText('2 rows in the file: 1 ready, 0 already imported, 1 rejected.'),
    ).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Preview of the file' });
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Email: Invalid email');
    expect(screen.getByRole('link', { name: 'Download CSV template' })).toHaveAttribute(
      'href',
      `${base}/template?format=csv`,
    );
    await user.click(screen.getByRole('button', { name: 'Start import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start import' });
    await user.type(within(dialog).getByRole('textbox'), 'CONFIRM');
    await user.click(within(dialog).getByRole('button', { name: 'Start import' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/start'))).toBe(true),
    );
  });

  it('shows the progress of a running import and each row’s check record when done', async () => {
    let polls = 0;
    renderApp('/admin/teams/import', {
      ...signedInHandlers('admin'),
      [`GET ${base}/latest`]: () => {
        polls += 1;
        return polls === 1
          ? { body: { import: record({ state: 'running', doneRows: 0 }) } }
          : { body: { import: record({ state: 'done', doneRows: 1, failedRows: 1 }) } };
      },
      [`GET ${base}/${IMPORT_ID}/rows`]: page([
        row(2, {
          status: 'failed',
          typeCheck: true,
          userUpsert: true,
          teamAdd: true,
          emailSend: false,
          errorMessage: 'No event settings found.',
          rolledBack: ['account', 'user', 'team', 'teamTypeLink'],
        }),
      ]),
    });
    expect(await screen.findByText('Importing: 0 of 1 row done.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    expect(
      await screen.findByText('Finished: 0 created, 0 already imported, 1 failed.', {}, { timeout: 4000 }),
    ).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Import results' });
    const result = within(table).getAllByRole('row')[1];
    expect(within(result).getAllByText('Passed')).toHaveLength(3);
    // Columns: row, team (with its status), type check, user upsert, team add, email send.
    expect(within(result).getAllByRole('cell')[5]).toHaveTextContent('Failed');
    expect(result).toHaveTextContent('Rolled back: account, user, team, team-type link');
  });
});
