import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { Deferred } from '../components/deferred';
import type { ApiClient } from '../lib/api-client';
import { ApiClientProvider } from '../lib/api-context';
import { AuthProvider, useAuthEvents } from '../lib/auth/auth-context';
import type { AuthStore } from '../lib/auth/auth-store';
import { ThemeProvider } from '../lib/theme/theme-context';

/** One account's cached data never shows to the next: the cache empties when the user changes. */
function ClearCacheOnAccountChange() {
  const queryClient = useQueryClient();
  useAuthEvents((event) => {
    if (event === 'SIGNED_OUT' || event === 'SIGNED_IN') queryClient.clear();
  });
  return null;
}

/**
 * Spec section 9 toasts: 4 s for blank, error and custom, 2 s for success; react-hot-toast keeps at
 * most 20 at once by default, which is the spec's limit.
 */
function AppToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: 4000,
        success: { duration: 2000 },
        error: { duration: 4000 },
        style: {
          background: 'var(--popover)',
          color: 'var(--popover-foreground)',
          border: '1px solid var(--border)',
          borderRadius: 'var(--radius)',
          boxShadow: 'var(--shadow-pop)',
          fontSize: '0.875rem',
        },
      }}
    />
  );
}

export interface AppProvidersProps {
  authStore: AuthStore;
  apiClient: ApiClient;
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ authStore, apiClient, queryClient, children }: AppProvidersProps) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={apiClient}>
          <AuthProvider store={authStore}>
            <ClearCacheOnAccountChange />
            {children}
            {/* Its styles are built at mount; after the first paint. A toast raised before then
                waits in react-hot-toast's store and shows as it mounts. */}
            <Deferred>
              <AppToaster />
            </Deferred>
          </AuthProvider>
        </ApiClientProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
