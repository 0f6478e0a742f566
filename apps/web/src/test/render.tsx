import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach } from 'vitest';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/routes';
import { createApiClient } from '../lib/api-client';
import { AuthStore } from '../lib/auth/auth-store';
import type { ClientSession } from '../lib/auth/session';
import { createQueryClient } from '../lib/query-client';

const stores: AuthStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

/** Shows the current location so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname + location.search + location.hash}
    </output>
  );
}

export interface RenderOptions {
  route?: string;
  /**
   * A session to start with (a fake session provider), null for signed out; leave it out to
   * restore through the refresh cookie like a page load does (mock the refresh request then).
   */
  session?: ClientSession | null;
  /**
   * When restoring (no `session` given): whether the browser holds the server's session hint cookie,
   * i.e. may have a refresh cookie. True by default; false is a first visit, which asks nothing.
   */
  storedSession?: boolean;
}

function setup({ session, storedSession = true }: RenderOptions) {
  const authStore = new AuthStore({
    channelName: null,
    ...(session !== undefined ? { initialSession: session } : { hasStoredSession: () => storedSession }),
  });
  stores.push(authStore);
  const apiClient = createApiClient(authStore);
  const queryClient = createQueryClient();
  return { authStore, apiClient, queryClient };
}

/** The whole app at a route, as a user would load it. */
export function renderApp(options: RenderOptions = {}) {
  const services = setup(options);
  const utils = render(
    <AppProviders {...services}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    ...utils,
    ...services,
    location: () => utils.getByTestId('location').textContent,
  };
}

/** One component with the app's providers around it. */
export function renderWithProviders(ui: ReactNode, options: RenderOptions = {}) {
  const services = setup({ session: null, ...options });
  const utils = render(
    <AppProviders {...services}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...utils, ...services };
}

/**
 * Waits for a signed-in page: its heading, then the header's buttons, which render just after the
 * page's first paint (components/deferred.tsx).
 */
export async function waitForShell() {
  await screen.findByRole('heading', { level: 1 });
  await screen.findByRole('button', { name: /User menu$/ });
}
