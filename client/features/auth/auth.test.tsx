import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meFixture } from '../../test/fixtures';
import { renderApp, setupDone, signedInHandlers, signedOutSession } from '../../test/render';

const TOKEN = 'a'.repeat(43);
const signedOut = { 'GET /api/setup': setupDone, 'GET /api/session': signedOutSession };
const invalidCredential = {
  status: 401,
  body: { error: { code: 'auth/invalid-credential', message: 'Invalid credentials' } },
};

describe('sign in', () => {
  it('signs in and continues to where the user was going', async () => {
    let signedIn = false;
    const handlers = {
      ...signedInHandlers('admin'),
      'GET /api/session': () => (signedIn ? { body: { me: meFixture('admin') } } : signedOutSession),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { body: meFixture('admin') };
      },
    };
    const { user, router, calls } = renderApp('/auth/login?continuePath=%2Fmy-account', handlers);
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-account'));
    expect(calls.find((c) => c.path === '/api/auth/login')?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
  });

  it("says 'The email or password is incorrect.' on a failed sign-in", async () => {
    const { user } = renderApp('/auth/login', { ...signedOut, 'POST /api/auth/login': invalidCredential });
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is incorrect.');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
  });

  it('asks for both fields before calling the server', async () => {
    const { user, calls } = renderApp('/auth/login', signedOut);
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/login')).toBe(false);
  });

  it('links to Forgot password?', async () => {
    renderApp('/auth/login', signedOut);
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
  });
});

describe('forgot password', () => {
  it('answers the same confirmation whatever the address', async () => {
    const { user, calls } = renderApp('/auth/forgot-password', {
      ...signedOut,
      'POST /api/auth/forgot-password': { body: { ok: true } },
    });
    await user.type(await screen.findByLabelText(/^Email/), ' Ada@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText(
        'If an account exists for that address, we have sent a link to reset the password.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/forgot-password')?.body).toEqual({
      email: 'ada@example.com',
    });
  });
});

describe('set and reset password', () => {
  it('checks the link, shows the email, and sends the user to sign in with a success message', async () => {
    const { user, router, calls } = renderApp(`/auth/reset-password?token=${TOKEN}`, {
      ...signedOut,
      'POST /api/auth/verify-token': { body: { mode: 'resetPassword', email: 'ada@example.com' } },
      'POST /api/auth/reset-password': { body: { email: 'ada@example.com' } },
    });
    expect(await screen.findByDisplayValue('ada@example.com')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/verify-token')?.body).toEqual({
      token: TOKEN,
      mode: 'resetPassword',
    });

    await user.type(screen.getByLabelText(/^New password/), 'a much better password');
    await user.type(screen.getByLabelText(/^Confirm password/), 'a much better passwore');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), 'a much better password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been reset.');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com');
  });

  it('shows the friendly text for an expired link with a way to get a new one', async () => {
    renderApp(`/auth/set-password?token=${TOKEN}`, {
      ...signedOut,
      'POST /api/auth/verify-token': {
        status: 400,
        body: { error: { code: 'auth/expired-action-code', message: 'expired' } },
      },
    });
    expect(
      await screen.findByText('The action code has expired. Please request a new one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
  });

  it('treats a link without a token as invalid without asking the server', async () => {
    const { calls } = renderApp('/auth/set-password', signedOut);
    expect(await screen.findByText('The action code provided is invalid.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/verify-token')).toBe(false);
  });
});

describe('update email', () => {
  it('applies the change on opening the link, then offers sign-in with the new address', async () => {
    const { router, calls } = renderApp(`/auth/update-email?token=${TOKEN}`, {
      ...signedOut,
      'POST /api/auth/update-email': { body: { email: 'ada@new.example.com' } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/update-email/login'));
    expect(await screen.findByText(/Your email address is now ada@new.example.com/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@new.example.com');
    expect(calls.filter((c) => c.path === '/api/auth/update-email')).toHaveLength(1);
  });

  it('says why when the link cannot be used', async () => {
    renderApp(`/auth/update-email?token=${TOKEN}`, {
      ...signedOut,
      'POST /api/auth/update-email': {
        status: 400,
        body: { error: { code: 'auth/invalid-action-code', message: 'invalid' } },
      },
    });
    expect(await screen.findByText('The action code provided is invalid.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth/login');
  });
});
