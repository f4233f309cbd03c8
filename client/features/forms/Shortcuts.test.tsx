import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi, testSession } from '../../test/render';
import { FormsShortcuts } from './Shortcuts';

const counts = { forms: 3, archivedForms: 0, fieldGroups: 2, archivedFieldGroups: 1 };

describe('Forms shortcuts', () => {
  it('shows admins all four with counts; an archived shortcut at zero is disabled', async () => {
    renderUi(<FormsShortcuts counts={counts} current="fieldGroups" />, { session: testSession('admin') });
    expect(await screen.findByRole('link', { name: /^Field Groups/ })).toHaveAttribute(
      'href',
      '/admin/field-groups',
    );
    expect(screen.getByRole('link', { name: /^Field Groups/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: /^Archived Field Groups/ })).toHaveAttribute(
      'href',
      '/admin/field-groups/archived',
    );
    expect(screen.getByRole('button', { name: /^Archived Forms/ })).toBeDisabled();
    expect(screen.getByRole('link', { name: /^Forms/ })).toHaveTextContent('3');
  });

  it('keeps field groups (admin only) from moderators', async () => {
    renderUi(<FormsShortcuts counts={counts} current="forms" />, { session: testSession('moderator') });
    expect(await screen.findByRole('link', { name: /^Forms/ })).toBeInTheDocument();
    expect(screen.queryByText('Field Groups')).not.toBeInTheDocument();
    expect(screen.queryByText('Archived Field Groups')).not.toBeInTheDocument();
  });
});
