import { BrowserRouter } from 'react-router';
import { createApiClient } from '../lib/api-client';
import { AuthStore } from '../lib/auth/auth-store';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

const authStore = new AuthStore();
const apiClient = createApiClient(authStore);
const queryClient = createQueryClient();

export function App() {
  return (
    <AppProviders authStore={authStore} apiClient={apiClient} queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
