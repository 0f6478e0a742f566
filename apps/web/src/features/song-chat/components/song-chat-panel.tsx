import { ChevronDown, MessagesSquare } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useMediaQuery } from '../../../lib/use-media-query';
import { ConversationThread } from '../../messages';
import { useSongChat } from '../api/get-song-chat';

/** Where the review page has room for the panel beside the review (it stacks below it otherwise). */
export const SONG_CHAT_BESIDE_QUERY = '(min-width: 1280px)';

/** The song's chat thread, created on first use (the signed song's `chat` tab shows it whole). */
export function SongChatThread({ songId, className }: { songId: string; className?: string }) {
  const chat = useSongChat(songId);
  if (chat.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 p-4 text-sm text-muted-foreground">
        <Spinner className="size-3.5" />
        Loading the chat...
      </p>
    );
  }
  if (chat.isError) {
    return (
      <div className="p-4">
        <Alert>{chat.error.message}</Alert>
      </div>
    );
  }
  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      <ConversationThread conversationId={chat.data.id} compact />
    </div>
  );
}

/**
 * The song's chat as a panel (spec: "a panel beside the review page"): open beside the review on wide
 * screens; on narrower ones (phones included) it sits below the review, folded until opened, so the
 * review comes first and the chat costs nothing until wanted.
 */
export function SongChatPanel({ songId, className }: { songId: string; className?: string }) {
  const isBeside = useMediaQuery(SONG_CHAT_BESIDE_QUERY, false);
  const [isUnfolded, setIsUnfolded] = useState(false);
  const isOpen = isBeside || isUnfolded;
  const headingId = useId();
  const bodyId = useId();

  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className={cn('flex min-h-0 flex-col overflow-hidden', className)}
    >
      {/* Beside the review the thread's own header (the song, "Song chat") says it all. */}
      <h2
        id={headingId}
        className={cn(
          'text-sm font-semibold text-foreground',
          isBeside ? 'sr-only' : 'border-b border-border',
        )}
      >
        {isBeside ? (
          'Song chat'
        ) : (
          <button
            type="button"
            aria-expanded={isOpen}
            aria-controls={isOpen ? bodyId : undefined}
            onClick={() => setIsUnfolded(!isOpen)}
            className="flex h-12 w-full items-center gap-2 px-4 text-left outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
          >
            <MessagesSquare aria-hidden="true" className="size-4 text-muted-foreground" />
            <span className="flex-1">Song chat</span>
            <ChevronDown
              aria-hidden="true"
              className={cn('size-4 text-muted-foreground transition-transform', isOpen && 'rotate-180')}
            />
          </button>
        )}
      </h2>
      {isOpen ? (
        <div id={bodyId} className="flex min-h-0 flex-1 flex-col">
          <SongChatThread songId={songId} className="h-[26rem] xl:h-auto xl:flex-1" />
        </div>
      ) : null}
    </Card>
  );
}
