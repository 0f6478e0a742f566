import { openConversation } from '@music-review/core/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

export const songChatQueryKey = (songId: string) => ['song-chat', songId] as const;

/**
 * The song's chat, created on first use: POST /api/v1/conversations {type: 'song_chat'} is a
 * create-or-get (200 when it existed), so asking it like a read is safe and each song asks once.
 */
export function useSongChat(songId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: songChatQueryKey(songId),
    // A chat created here reaches the messages panel's list through its realtime refresh.
    queryFn: () => api.call(openConversation, { body: { type: 'song_chat', song_id: songId } }),
    enabled: songId !== '',
    // The conversation's id never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
