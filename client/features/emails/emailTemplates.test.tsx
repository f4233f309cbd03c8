import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EmailTemplate } from '../../../shared/emails/templatesApi';
import { EVENT_ID } from '../../test/fixtures';
import { renderApp, signedInHandlers } from '../../test/render';

const base = `/api/events/${EVENT_ID}/email-templates`;

const welcome: EmailTemplate = {
  kind: 'setPassword',
  label: 'Welcome',
  subject: 'Set your password for {{eventName}}',
  body: '<p>Hello {{firstName}},</p>',
  variables: ['firstName', 'eventName', 'link', 'welcomeParagraph1', 'welcomeParagraph2'],
  isCustomised: false,
  updatedAt: null,
};

describe('email template screens', () => {
  it('lists every email with its subject and links to edit and view it', async () => {
    renderApp('/admin/email-templates', {
      ...signedInHandlers('admin'),
      [`GET ${base}`]: {
        body: {
          items: [
            welcome,
            { ...welcome, kind: 'commentMention', label: 'Comment mention', isCustomised: true },
          ],
        },
      },
    });
    expect(await screen.findAllByRole('cell', { name: 'Set your password for {{eventName}}' })).toHaveLength(
      2,
    );
    expect(screen.getByRole('link', { name: 'Edit Welcome' })).toHaveAttribute(
      'href',
      '/admin/email-templates/edit/setPassword',
    );
    expect(screen.getByRole('link', { name: 'View Comment mention' })).toBeInTheDocument();
    expect(screen.getAllByText('Customised')).toHaveLength(1);
  });

  it("offers only the kind's variables, refuses an unknown one before sending, and saves", async () => {
    const { user, calls } = renderApp('/admin/email-templates/edit/setPassword', {
      ...signedInHandlers('admin'),
      [`GET ${base}/setPassword`]: { body: welcome },
      [`PUT ${base}/setPassword`]: (call) => ({
        body: {
          ...welcome,
          ...(call.body as object),
          isCustomised: true,
          updatedAt: '2027-01-01T00:00:00.000Z',
        },
      }),
    });
    const subject = await screen.findByLabelText(/^Subject/);
    expect(await screen.findByRole('button', { name: 'Insert First name' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Insert Welcome paragraph 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Insert Task title' })).not.toBeInTheDocument();
    // Nothing to reset while the default is in use.
    expect(screen.getByRole('button', { name: 'Reset to default' })).toBeDisabled();

    await user.clear(subject);
    await user.type(subject, 'Hi {{{{taskTitle}}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unknown merge variable: {{taskTitle}}')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(subject);
    await user.type(subject, 'Welcome, {{{{firstName}}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      subject: 'Welcome, {{firstName}}',
      body: '<p>Hello {{firstName}},</p>',
    });
    expect(await screen.findByText('The email template has been saved')).toBeInTheDocument();
  });

  it('previews the draft and sends a test to the organiser', async () => {
    const { user, calls } = renderApp('/admin/email-templates/edit/setPassword', {
      ...signedInHandlers('admin'),
      [`GET ${base}/setPassword`]: { body: welcome },
      [`POST ${base}/setPassword/preview`]: {
        body: {
          subject: 'Set your password for Expo 2027',
          html: '<p>Hello Alex,</p>',
          text: 'Hello Alex,\n',
        },
      },
      [`POST ${base}/setPassword/test`]: { body: { to: 'organiser@example.com', outboxId: 'o1' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Set your password for Expo 2027')).toBeInTheDocument();
    expect(screen.getByTitle('Email preview')).toHaveAttribute('sandbox', 'allow-scripts');
    expect(calls.find((c) => c.path.endsWith('/preview'))?.body).toEqual({
      subject: welcome.subject,
      body: welcome.body,
    });
    await user.click(screen.getByRole('button', { name: 'Send test email' }));
    expect(
      await screen.findByText('A test email has been sent to organiser@example.com'),
    ).toBeInTheDocument();
  });
});
