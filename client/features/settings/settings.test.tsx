import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settingsResponseSchema } from '../../../shared/events/settingsApi';
import { EVENT_ID, shellFixture } from '../../test/fixtures';
import { type Handlers, renderApp, signedInHandlers } from '../../test/render';

const base = `/api/events/${EVENT_ID}/settings`;
const shellPath = `GET /api/events/${EVENT_ID}/shell`;

const docs = {
  event: {
    startDate: '2027-03-12',
    endDate: '2027-03-14',
    longName: 'International Expo 2027',
    shortName: 'Expo',
    eventName: 'Expo 2027',
    teamName: '',
    companyName: '',
    companyAddress: '',
    appUrl: 'https://expo.example.com',
    timeZone: 'Europe/London',
    locale: 'en-GB',
  },
  variables: { teamMemberLimit: 15, dueSoonDays: 30, currencyId: 'GBP' },
  terminology: shellFixture().terminology,
  branding: shellFixture().branding,
  onboarding: shellFixture().onboarding,
};

function settingsHandlers(): Handlers {
  return {
    ...Object.fromEntries(
      Object.entries(docs).map(([name, settings]) => [
        `GET ${base}/${name}`,
        { body: settingsResponseSchema.parse({ name, settings }) },
      ]),
    ),
    // /admin/event also lists the installation's sign-in providers (none here).
    [`GET /api/events/${EVENT_ID}/sign-in-providers`]: { body: { providers: [] } },
    // ... and its next-edition section asks for the latest copy (none yet).
    [`GET /api/events/${EVENT_ID}/clones/latest`]: { body: { clone: null } },
  };
}

describe('settings screens', () => {
  it('saves the event document without the read-only app URL and says so in the spec words', async () => {
    const { user, calls } = renderApp('/admin/event', {
      ...signedInHandlers('admin'),
      ...settingsHandlers(),
      [`PUT ${base}/event`]: (call) => {
        const { launchDate: _cleared, ...changes } = call.body as Record<string, unknown>;
        return { body: { name: 'event', settings: { ...docs.event, ...changes } } };
      },
    });
    const longName = await screen.findByLabelText(/^Long name/);
    expect(longName).toHaveValue('International Expo 2027');
    expect(screen.getByLabelText('App URL')).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Start date/)).toHaveAttribute('type', 'date');
    await user.clear(longName);
    await user.type(longName, 'The Great Expo');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your updates have been successfully saved');
    const body = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ longName: 'The Great Expo', eventName: 'Expo 2027', launchDate: null });
    expect(body).not.toHaveProperty('appUrl');
  });

  it('checks the dates before sending, and shows the server refusal next to its field', async () => {
    const { user, calls } = renderApp('/admin/event', {
      ...signedInHandlers('admin'),
      ...settingsHandlers(),
      [`PUT ${base}/event`]: {
        status: 400,
        body: {
          error: {
            code: 'validation',
            message: 'Invalid event',
            issues: [{ path: ['endDate'], message: 'Too early' }],
          },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid event');
    expect(screen.getByText('Too early')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('renames a menu area and the sidebar and breadcrumbs follow at once', async () => {
    let terminology = docs.terminology;
    const { user } = renderApp('/admin/variables', {
      ...signedInHandlers('admin'),
      ...settingsHandlers(),
      [shellPath]: () => ({ body: shellFixture('admin', { terminology }) }),
      [`PUT ${base}/terminology`]: (call) => {
        terminology = { ...terminology, ...(call.body as object) };
        return { body: { name: 'terminology', settings: terminology } };
      },
    });
    const label = await screen.findByRole('textbox', { name: 'Dashboard' });
    await user.clear(label);
    await user.type(label, 'Home');
    const forms = screen.getAllByRole('button', { name: 'Save' });
    await user.click(forms[1]);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Home' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Home'),
      ).toBeInTheDocument(),
    );
  });

  it('lists every currency with its symbol and name, common ones first', async () => {
    const { user } = renderApp('/admin/variables', { ...signedInHandlers('admin'), ...settingsHandlers() });
    const currency = await screen.findByLabelText('Currency', { selector: 'input' });
    expect(currency).toHaveValue('GBP – £ – British Pound');
    await user.click(currency);
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveTextContent('USD – $ – US Dollar');
    expect(options.length).toBeGreaterThan(120);
    expect(screen.getByRole('option', { name: /^SEK/ })).toBeInTheDocument();
  });

  it('previews the text colour the navigation colour needs', async () => {
    const { user } = renderApp('/admin/branding', { ...signedInHandlers('admin'), ...settingsHandlers() });
    const colour = await screen.findByRole('textbox', { name: /^Navigation colour/ });
    expect(screen.getByTestId('nav-preview')).toHaveAttribute('data-nav-theme', 'dark');
    await user.clear(colour);
    await user.type(colour, '#ffeb3b');
    await waitFor(() => expect(screen.getByTestId('nav-preview')).toHaveAttribute('data-nav-theme', 'light'));
    expect(screen.getByText('Dark text on a light colour')).toBeInTheDocument();
  });

  it('shows a loading failure with Try Again', async () => {
    renderApp('/admin/emails', {
      ...signedInHandlers('admin'),
      [`GET ${base}/emails`]: {
        status: 500,
        body: { error: { code: 'internal', message: 'No emails settings found' } },
      },
    });
    expect(await screen.findByText('No emails settings found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('is for admins only: a moderator sees /unauthorised and the hub has no settings cards', async () => {
    const { router } = renderApp('/admin/branding', signedInHandlers('moderator'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorised'));
    const hub = renderApp('/admin', signedInHandlers('moderator'));
    await screen.findAllByRole('heading', { name: 'Admin' });
    expect(hub.queryByRole('heading', { name: 'General settings' })).not.toBeInTheDocument();
  });

  it('lists the settings screens under General settings for an admin', async () => {
    renderApp('/admin', signedInHandlers('admin'));
    const group = await screen.findByRole('region', { name: 'General settings' });
    for (const title of ['Event', 'Variables', 'Branding', 'Emails', 'Onboarding']) {
      expect(within(group).getByRole('link', { name: new RegExp(`^${title}`) })).toBeInTheDocument();
    }
  });
});

describe('branding in the shell', () => {
  const branding = {
    ...shellFixture().branding,
    logo: 'https://cdn.example.com/logo.png',
    invertedLogo: 'https://cdn.example.com/logo-white.png',
  };

  it('puts the inverted logo on a dark bar while autoLogo is on, and the logo when it is off', async () => {
    renderApp('/my-account', {
      ...signedInHandlers('user'),
      [shellPath]: { body: shellFixture('user', { branding }) },
    });
    expect(await screen.findByRole('img', { name: 'Expo' })).toHaveAttribute('src', branding.invertedLogo);
  });

  it('keeps the one logo when autoLogo is off', async () => {
    renderApp('/my-account', {
      ...signedInHandlers('user'),
      [shellPath]: { body: shellFixture('user', { branding: { ...branding, autoLogo: false } }) },
    });
    expect(await screen.findByRole('img', { name: 'Expo' })).toHaveAttribute('src', branding.logo);
  });
});

describe('onboarding', () => {
  const onboarding = {
    ...docs.onboarding,
    showOnboarding: true,
    showGreeting: true,
    showSignature: true,
    title: 'Welcome aboard!',
    description: 'Everything you need is here.',
    videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  };

  it('sends a member who is not onboarded to the welcome screen once; Continue takes them on', async () => {
    let isOnboarded = false;
    const shell = () =>
      shellFixture('user', {
        onboarding,
        membership: { ...shellFixture('user').membership, isOnboarded },
      });
    const { user, router, calls } = renderApp('/my-account', {
      ...signedInHandlers('user'),
      [shellPath]: () => ({ body: shell() }),
      [`PUT /api/events/${EVENT_ID}/me/onboarded`]: () => {
        isOnboarded = true;
        return { body: { isOnboarded: true } };
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome aboard!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(screen.getByText('Dear Ada,')).toBeInTheDocument();
    expect(screen.getByText('Everything you need is here.')).toBeInTheDocument();
    expect(screen.getByTitle('Welcome video')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(screen.getByText(/Expo Team/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-account'));
    expect(calls.some((c) => c.method === 'PUT' && c.path.endsWith('/me/onboarded'))).toBe(true);
  });

  it('leaves an onboarded member where they were going', async () => {
    const { router } = renderApp('/my-account', {
      ...signedInHandlers('user'),
      [shellPath]: { body: shellFixture('user', { onboarding }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-account');
  });
});
