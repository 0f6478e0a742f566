import { createContext, type ReactNode, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { AuthEventListener, AuthState, AuthStore } from './auth-store';

const AuthStoreContext = createContext<AuthStore | null>(null);

/** Provides the session store, restores the session once and runs the refresh tick while mounted. */
export function AuthProvider({ store, children }: { store: AuthStore; children: ReactNode }) {
  useEffect(() => {
    void store.initialize();
    store.startAutoRefresh();
    return () => store.stopAutoRefresh();
  }, [store]);
  return <AuthStoreContext.Provider value={store}>{children}</AuthStoreContext.Provider>;
}

export function useAuthStore(): AuthStore {
  const store = useContext(AuthStoreContext);
  if (!store) throw new Error('useAuthStore must be used inside <AuthProvider>');
  return store;
}

/** The current session state; re-renders on every change. */
export function useAuth(): AuthState {
  const store = useAuthStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** Calls the handler on SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED and INITIAL_SESSION. */
export function useAuthEvents(handler: AuthEventListener) {
  const store = useAuthStore();
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  useEffect(() => store.onAuthStateChange((event, session) => handlerRef.current(event, session)), [store]);
}
