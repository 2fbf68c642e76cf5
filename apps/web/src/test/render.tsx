import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { appRoutes } from '../app/routes';

function createTestQueryClient() {
  const queryClient = createQueryClient();
  // Failures should show at once in tests instead of after a retry delay.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  return queryClient;
}

/** Shows the current address, so tests can see where the app navigated. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderRoutes(routes: RouteObject[], initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const queryClient = createTestQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** The whole app (real routes, guards and lazy pages) at `initialPath`. */
export function renderApp(initialPath: string) {
  return renderRoutes(appRoutes, initialPath);
}

/** One component inside the providers and a router, at `initialPath`; other paths render their address. */
export function renderWithProviders(ui: ReactElement, initialPath = '/') {
  const path = new URL(initialPath, 'http://localhost').pathname;
  return renderRoutes(
    [
      {
        path,
        element: (
          <>
            {ui}
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    initialPath,
  );
}
