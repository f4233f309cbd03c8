// Mantine's global styles; each component's own CSS comes with its code (vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { discardEarly } from './lib/earlyRequests';
import { removeEarlyFrame } from './lib/earlyRequestsFrame';
import { routeInFrame } from './lib/earlyRequestsRoutes';
import { startErrorReports } from './lib/errorReports';
import { queryClient } from './lib/queryClient';
import { createRoutes, startingRoutes } from './router';
import { ErrorBoundary } from './ui/ErrorScreen';
import { cssVariablesResolver, theme } from './ui/theme';

// Only when the page names a DSN does this fetch the SDK's chunk (decision 0043).
void startErrorReports();

// Only the sections on the way to this page: the rest join the table when first visited (router.tsx).
const table = startingRoutes(createRoutes(queryClient), window.location.pathname);
const router = createBrowserRouter(table.routes, { patchRoutesOnNavigation: table.patchRoutesOnNavigation });
// The boot script's answers are for the first screen only (decisions 0053, 0056): its loaders and
// the components of its first render take them; whatever is left is dropped at the first navigation
// (or the redirect the first load ended in), so a later screen never reads an answer from the start.
const firstLocation = router.state.location.key;
// The boot script's painted bar (lib/earlyRequestsFrame.ts) stays until the real frame mounts; it
// goes at once when the screen shown is not in the frame (a redirect, an error).
const dropEarlyFrame = (state: typeof router.state) => {
  if (state.initialized && (state.errors || !routeInFrame(state.location.pathname))) removeEarlyFrame();
};
dropEarlyFrame(router.state);
const stopWatching = router.subscribe((state) => {
  dropEarlyFrame(state);
  if (!state.initialized || state.location.key === firstLocation) return;
  discardEarly();
  stopWatching();
});

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <ErrorBoundary level="app">
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ErrorBoundary>
    </MantineProvider>
  </StrictMode>,
);
