import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EVENT_ID } from '../../test/fixtures';
import { renderApp, signedInHandlers } from '../../test/render';

const base = `/api/events/${EVENT_ID}/time-table/import`;

describe('time table import screen', () => {
  it('is for moderators and above: a team user is sent to the unauthorised page', async () => {
    const { router } = renderApp('/admin/time-table/import', signedInHandlers('user'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorised'));
  });

  it('offers both templates to a moderator, and checks a file only once one is chosen', async () => {
    renderApp('/admin/time-table/import', signedInHandlers('moderator'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Import sessions' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download CSV template' })).toHaveAttribute(
      'href',
      `${base}/template?format=csv`,
    );
    expect(screen.getByRole('link', { name: 'Download XLSX template' })).toHaveAttribute(
      'href',
      `${base}/template?format=xlsx`,
    );
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
