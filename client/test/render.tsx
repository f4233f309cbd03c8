import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Permission } from '../../shared/auth/permissions';
import { SessionContext, type SignedInSession } from '../lib/session';
import { createRoutes } from '../router';
import { FeedbackBanner, FeedbackProvider } from '../ui/FeedbackBanner';
import { cssVariablesResolver, theme } from '../ui/theme';
import { EVENT_ID, meFixture, shellFixture } from './fixtures';

export interface FetchCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  init: RequestInit | undefined;
}

type Answer = { status?: number; body?: unknown };
export type Handlers = Record<string, Answer | ((call: FetchCall) => Answer | Promise<Answer>)>;

function jsonResponse({ status = 200, body }: Answer): Response {
  if (status === 204 || body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** GET /api/session for a visitor who is not signed in; GET /api/setup once an account exists. */
export const signedOutSession = { body: { me: null } };
export const setupDone = { body: { required: false } };
export const notFound = { status: 404, body: { error: { code: 'not-found', message: 'Not Found' } } };
export const unauthenticated = {
  status: 401,
  body: { error: { code: 'auth/unauthenticated', message: 'Please sign in to continue.' } },
};

/** Replaces fetch with handlers keyed "METHOD /path"; anything else answers 404. */
export function mockApi(handlers: Handlers) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: FetchCall = { method, path: url.pathname, query: url.searchParams, body, init };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return jsonResponse(notFound);
    return jsonResponse(typeof handler === 'function' ? await handler(call) : handler);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A signed-in account at a level, with setup already done. */
export function signedInHandlers(permissions: Permission = 'admin'): Handlers {
  return {
    'GET /api/setup': setupDone,
    'GET /api/session': { body: { me: meFixture(permissions) } },
    [`GET /api/events/${EVENT_ID}/shell`]: { body: shellFixture(permissions) },
  };
}

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** The whole app (real routes, guards and lazy screens) at a path, against mocked API answers. */
export function renderApp(path: string, handlers: Handlers) {
  const api = mockApi(handlers);
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, ...api, router, queryClient, user };
}

export function testSession(permissions: Permission | null = 'admin'): SignedInSession {
  const me = meFixture(permissions ?? 'user');
  return { me, event: me.events[0], shell: shellFixture(permissions ?? 'user'), level: permissions };
}

/** One component inside the providers and a router, optionally as a signed-in user. */
export function renderUi(ui: ReactNode, options: { path?: string; session?: SignedInSession | null } = {}) {
  const queryClient = createTestQueryClient();
  const content = options.session ? <SessionContext value={options.session}>{ui}</SessionContext> : ui;
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <FeedbackProvider>
            <FeedbackBanner />
            {content}
          </FeedbackProvider>
        ),
      },
    ],
    { initialEntries: [options.path ?? '/'] },
  );
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient, user };
}
