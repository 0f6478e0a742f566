/**
 * Query keys of the messages feature. All start with 'messages' but are never invalidated by that
 * prefix alone: a thread's state is merged, not replaced, and must not be refetched for a list change.
 */
export const messagesKeys = {
  /** GET /api/v1/messages/unread-count (the top bar's badge). */
  unreadCount: ['messages', 'unread-count'] as const,
  conversations: ['messages', 'conversations'] as const,
  conversation: (id: string) => ['messages', 'conversation', id] as const,
  thread: (id: string) => ['messages', 'thread', id] as const,
  reads: (id: string) => ['messages', 'reads', id] as const,
  typing: (id: string) => ['messages', 'typing', id] as const,
  members: ['messages', 'members'] as const,
};
