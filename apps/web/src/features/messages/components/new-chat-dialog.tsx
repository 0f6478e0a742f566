import { openConversation } from '@music-review/core/contracts/messages';
import { listSongs } from '@music-review/core/contracts/songs';
import {
  type CreateConversationBody,
  NEW_CHAT_SONGS_FETCHED,
  NEW_CHAT_SONGS_SHOWN,
} from '@music-review/core/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Music, Search } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { inputClasses } from '../../../components/ui/text-field';
import { UserAvatar } from '../../../components/user-avatar';
import { useApiClient } from '../../../lib/api-context';
import { cn } from '../../../lib/cn';
import { useMe } from '../../../lib/me';
import { useMembers } from '../api/get-members';
import { messagesKeys } from '../api/keys';

export interface NewChatDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the conversation that was created or found; the panel then opens it. */
  onOpened: (conversationId: string) => void;
}

const newChatSongsQueryKey = ['new-chat', 'songs'] as const;

/** GET /api/v1/songs: the label's latest songs, signed ones too (they have a chat tab), newest first. */
function useLatestSongs(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: newChatSongsQueryKey,
    queryFn: ({ signal }) =>
      api.call(listSongs, { query: { include_signed: 'true', limit: NEW_CHAT_SONGS_FETCHED }, signal }),
    select: (data) => data.songs,
    enabled,
    // A song submitted a minute ago should be there the next time the dialog opens.
    staleTime: 30_000,
  });
}

/** POST /api/v1/conversations: create or get a direct message or a song chat. */
function useCreateConversation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateConversationBody) => api.call(openConversation, { body }),
    // A new conversation joins the panel's list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKeys.conversations }),
  });
}

const matches = (query: string, ...fields: (string | null | undefined)[]) =>
  fields.some((field) => field?.toLowerCase().includes(query));

const rowClasses =
  'flex w-full items-center gap-3 rounded-lg px-2.5 py-2 text-left text-sm outline-none transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60';

function SectionStatus({ children, isLoading = false }: { children: string; isLoading?: boolean }) {
  return (
    <p
      role={isLoading ? 'status' : undefined}
      className="flex items-center gap-2 px-2.5 py-2 text-sm text-muted-foreground"
    >
      {isLoading ? <Spinner className="size-3.5" /> : null}
      {children}
    </p>
  );
}

/**
 * The new-chat dialog (spec section 9): a song chat for one of the label's latest 50 songs (10 shown,
 * narrowed by the search box), or a direct message with another member. Choosing one creates or finds
 * the conversation and hands it to the messages panel.
 */
export function NewChatDialog({ open, onOpenChange, onOpened }: NewChatDialogProps) {
  const me = useMe();
  const songs = useLatestSongs(open);
  const members = useMembers();
  const create = useCreateConversation();
  const [search, setSearch] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const songsHeadingId = useId();
  const membersHeadingId = useId();

  const query = search.trim().toLowerCase();
  const shownSongs = (songs.data ?? [])
    .filter((song) => !query || matches(query, song.title, song.artist))
    .slice(0, NEW_CHAT_SONGS_SHOWN);
  const selfId = me.data?.reviewer?.id;
  const shownMembers = (members.data ?? [])
    .filter((member) => member.id !== selfId)
    .filter((member) => !query || matches(query, member.name, member.email));

  const close = () => {
    setSearch('');
    create.reset();
    onOpenChange(false);
  };

  const start = (body: CreateConversationBody) => {
    create.mutate(body, {
      onSuccess: (conversation) => {
        setSearch('');
        onOpened(conversation.id);
        onOpenChange(false);
      },
    });
  };

  return (
    <Dialog open={open} onClose={close} title="New chat" initialFocusRef={searchRef}>
      <div className="flex flex-col gap-4">
        <div className="relative">
          <label htmlFor={searchId} className="sr-only">
            Search songs and members
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search songs or members"
            autoComplete="off"
            className={cn(inputClasses, 'pl-9')}
          />
        </div>

        {create.isError ? <Alert>{create.error.message}</Alert> : null}

        <div className="-mx-2 flex max-h-[min(60vh,28rem)] flex-col gap-4 overflow-y-auto px-2">
          <section aria-labelledby={songsHeadingId} className="flex flex-col gap-1">
            <h3 id={songsHeadingId} className="text-xs font-medium text-muted-foreground">
              Song chats
            </h3>
            {songs.isPending ? (
              <SectionStatus isLoading>Loading songs...</SectionStatus>
            ) : songs.isError ? (
              <SectionStatus>Could not load the songs.</SectionStatus>
            ) : shownSongs.length === 0 ? (
              <SectionStatus>{query ? 'No songs match your search' : 'No songs yet'}</SectionStatus>
            ) : (
              <ul aria-labelledby={songsHeadingId} className="flex flex-col gap-0.5">
                {shownSongs.map((song) => (
                  <li key={song.id}>
                    <button
                      type="button"
                      className={rowClasses}
                      disabled={create.isPending}
                      onClick={() => start({ type: 'song_chat', song_id: song.id })}
                    >
                      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
                        <Music aria-hidden="true" className="size-4" />
                      </span>
                      <span className="flex min-w-0 flex-1 flex-col">
                        <span className="truncate font-medium text-foreground">
                          {song.title || 'Untitled'}
                        </span>
                        {song.artist ? (
                          <span className="truncate text-xs text-muted-foreground">{song.artist}</span>
                        ) : null}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby={membersHeadingId} className="flex flex-col gap-1">
            <h3 id={membersHeadingId} className="text-xs font-medium text-muted-foreground">
              Direct messages
            </h3>
            {members.isPending ? (
              <SectionStatus isLoading>Loading members...</SectionStatus>
            ) : members.isError ? (
              <SectionStatus>Could not load the team.</SectionStatus>
            ) : shownMembers.length === 0 ? (
              <SectionStatus>{query ? 'No members match your search' : 'No other members yet'}</SectionStatus>
            ) : (
              <ul aria-labelledby={membersHeadingId} className="flex flex-col gap-0.5">
                {shownMembers.map((member) => (
                  <li key={member.id}>
                    <button
                      type="button"
                      className={rowClasses}
                      disabled={create.isPending}
                      onClick={() => start({ type: 'dm', user_id: member.id })}
                    >
                      <UserAvatar
                        name={member.name}
                        avatarKey={member.avatar_key}
                        className="size-8 text-xs"
                      />
                      <span className="flex min-w-0 flex-1 flex-col">
                        <span className="truncate font-medium text-foreground">{member.name}</span>
                        <span className="truncate text-xs text-muted-foreground">{member.email}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        {create.isPending ? <SectionStatus isLoading>Opening the chat...</SectionStatus> : null}
      </div>
    </Dialog>
  );
}
