import type { ChangeHandler, RealtimeClient } from '@music-review/core/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useAuthEvents, useAuthStore } from './auth/auth-context';
import { createRealtimeClient } from './realtime';

const RealtimeContext = createContext<RealtimeClient | null>(null);

function socketUrl() {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/realtime/v1`;
}

/**
 * One realtime connection for the signed-in member. After a reconnect every cached query is
 * refetched, because changes may have been missed while the socket was down (ARCHITECTURE section 6).
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const store = useAuthStore();
  const queryClient = useQueryClient();
  const [client] = useState(() =>
    createRealtimeClient({ url: socketUrl(), getAccessToken: () => store.getAccessToken() }),
  );

  useEffect(() => {
    client.connect();
    const stopReconnect = client.onReconnect(() => void queryClient.invalidateQueries());
    return () => {
      stopReconnect();
      client.disconnect();
    };
  }, [client, queryClient]);

  useAuthEvents((event) => {
    if (event === 'TOKEN_REFRESHED' || event === 'SIGNED_IN' || event === 'MFA_CHALLENGE_VERIFIED') {
      void client.updateToken();
    }
  });

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export function useRealtimeClient(): RealtimeClient | null {
  return useContext(RealtimeContext);
}

/** Calls onChange for every change of a topic (for example `table:reviewers`) while mounted. */
export function useRealtimeTopic(topic: string, onChange: ChangeHandler) {
  const client = useRealtimeClient();
  const handler = useRef(onChange);
  handler.current = onChange;
  useEffect(() => {
    if (!client) return;
    return client.subscribe(topic, (change) => handler.current(change));
  }, [client, topic]);
}
