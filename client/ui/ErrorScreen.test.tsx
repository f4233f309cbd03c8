import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_SCREEN } from '../../shared/ui/constants';
import { ApiError } from '../lib/api';
import { reportError } from '../lib/errorReports';
import { isChunkLoadError, lazyModule } from './chunkReload';
import { ErrorBoundary, RouteErrorScreen } from './ErrorScreen';

vi.mock('../lib/errorReports', () => ({ reportError: vi.fn() }));

const reload = vi.fn();
const originalLocation = window.location;

beforeEach(() => {
  reload.mockReset();
  vi.mocked(reportError).mockReset();
  window.sessionStorage.clear();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...originalLocation, reload } });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: originalLocation });
});

function chunkError() {
  return new TypeError('Failed to fetch dynamically imported module: https://x/assets/Users-abc.js');
}

function renderRoutes(failure: () => Error, level: 'section' | 'app' = 'section') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Link to="/fine">Elsewhere</Link> },
      {
        path: '/broken',
        errorElement: <RouteErrorScreen level={level} />,
        hydrateFallbackElement: <p>Loading</p>,
        loader: () => {
          throw failure();
        },
        element: <p>never</p>,
      },
      { path: '/fine', element: <p>All good</p> },
    ],
    { initialEntries: ['/broken'] },
  );
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('ErrorScreen', () => {
  it("shows the section screen with the spec's title, text and buttons", async () => {
    renderRoutes(() => new Error('boom'));
    expect(await screen.findByRole('heading', { level: 1, name: ERROR_SCREEN.title })).toBeInTheDocument();
    expect(screen.getByText(ERROR_SCREEN.sectionMessage)).toBeInTheDocument();
    for (const name of ['Try Again', 'Refresh Page', 'Go To Dashboard']) {
      expect(screen.getByRole(name === 'Go To Dashboard' ? 'link' : 'button', { name })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the app level text and Reload App at app level', async () => {
    renderRoutes(() => new Error('boom'), 'app');
    expect(await screen.findByText(ERROR_SCREEN.appMessage)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload App' })).toBeInTheDocument();
  });

  it('reloads once on a failed chunk load, then shows the error screen', async () => {
    renderRoutes(chunkError);
    expect(await screen.findByLabelText('Reloading')).toBeInTheDocument();
    // The reload is asked for by an effect after the Reloading screen is painted.
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));

    // The reloaded page fails again: no second reload, the error screen instead.
    cleanup();
    renderRoutes(chunkError);
    expect(await screen.findByRole('heading', { name: ERROR_SCREEN.title })).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('re-arms the automatic reload once a lazy chunk loads again', async () => {
    window.sessionStorage.setItem('portal:chunk-reload', '1');
    await lazyModule(async () => ({ loaded: true }))();
    renderRoutes(chunkError);
    expect(await screen.findByLabelText('Reloading')).toBeInTheDocument();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('resets when the path changes', async () => {
    const router = renderRoutes(() => new Error('boom'));
    expect(await screen.findByRole('heading', { name: ERROR_SCREEN.title })).toBeInTheDocument();
    await router.navigate('/fine');
    expect(await screen.findByText('All good')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: ERROR_SCREEN.title })).not.toBeInTheDocument();
  });

  it('recognises the browsers’ chunk load failures', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

function Thrower({ fail }: { fail: boolean }) {
  if (fail) throw new Error('render failed');
  return <p>Rendered</p>;
}

describe('ErrorBoundary', () => {
  it('catches a render error and recovers when its reset key changes', async () => {
    const { rerender } = render(
      <MantineProvider env="test">
        <ErrorBoundary level="app" resetKey="/a">
          <Thrower fail />
        </ErrorBoundary>
      </MantineProvider>,
    );
    expect(screen.getByText(ERROR_SCREEN.appMessage)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go To Dashboard' })).toHaveAttribute('href', '/');
    rerender(
      <MantineProvider env="test">
        <ErrorBoundary level="app" resetKey="/b">
          <Thrower fail={false} />
        </ErrorBoundary>
      </MantineProvider>,
    );
    expect(screen.getByText('Rendered')).toBeInTheDocument();
  });

  it('sends what brought the error screen up to the error reports, but not an API failure', async () => {
    renderRoutes(() => new Error('Broken screen'));
    await screen.findByText(ERROR_SCREEN.sectionMessage);
    // Reported from an effect, which may run after the screen is on the page.
    await waitFor(() =>
      expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Broken screen' }), {
        source: 'error-screen',
      }),
    );
    cleanup();
    vi.mocked(reportError).mockReset();
    // A 5xx was reported where lib/api received it; a 4xx is about the request.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    renderRoutes(() => new ApiError(500, 'internal', 'Something went wrong', [], 'req-1'));
    await screen.findByRole('heading', { level: 1, name: ERROR_SCREEN.title });
    // The same effect logs the error first: once it has, reporting would have happened too.
    await waitFor(() => expect(console.error).toHaveBeenCalledWith(expect.any(ApiError)));
    vi.unstubAllGlobals();
    expect(reportError).not.toHaveBeenCalled();
  });
});
