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

/**
 * Calls onChange for every change of a topic (for example `table:reviewers`) while mounted.
 * options.onSubscribed runs each time the server confirms the subscription, again after every
 * reconnect: changes may have been missed meanwhile, so an open thread refetches then (e.g. the
 * messages after the last sequence it holds).
 */
export function useRealtimeTopic(
  topic: string,
  onChange: ChangeHandler,
  options: { onSubscribed?: () => void } = {},
) {
  const client = useRealtimeClient();
  const handler = useRef(onChange);
  handler.current = onChange;
  const subscribed = useRef(options.onSubscribed);
  subscribed.current = options.onSubscribed;
  useEffect(() => {
    if (!client) return;
    return client.subscribe(topic, (change) => handler.current(change), {
      onSubscribed: () => subscribed.current?.(),
    });
  }, [client, topic]);
}

/** useRealtimeTopic for several topics with one handler (a fixed list: keep it a module constant). */
export function useRealtimeTopics(topics: readonly string[], onChange: ChangeHandler) {
  const client = useRealtimeClient();
  const handler = useRef(onChange);
  handler.current = onChange;
  const key = topics.join('\n');
  useEffect(() => {
    if (!client) return;
    const unsubscribes = key
      .split('\n')
      .map((topic) => client.subscribe(topic, (change) => handler.current(change)));
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [client, key]);
}
