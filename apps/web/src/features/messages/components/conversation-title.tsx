import type { ConversationSummaryDto } from '@music-review/core/messages';
import { Headset, Music } from 'lucide-react';
import { UserAvatar } from '../../../components/user-avatar';
import { cn } from '../../../lib/cn';

/** What kind of conversation it is, under its title. */
export function conversationSubtitle(conversation: ConversationSummaryDto): string {
  switch (conversation.type) {
    case 'dm':
      return 'Direct message';
    case 'song_chat':
      return 'Song chat';
    case 'support':
      // The support inbox names the label and who asked.
      return ['Support', conversation.organization_name, conversation.requester?.name]
        .filter((part): part is string => !!part)
        .join(' · ');
  }
}

/** The other member's avatar for a DM, a note for a song chat, a headset for support. Decorative. */
export function ConversationIcon({
  conversation,
  className,
}: {
  conversation: ConversationSummaryDto;
  /** Size and text size, e.g. `size-9 text-xs`. */
  className?: string;
}) {
  if (conversation.type === 'dm') {
    return (
      <UserAvatar
        name={conversation.other_member?.name ?? conversation.title}
        avatarKey={conversation.other_member?.avatar_key ?? null}
        className={className}
      />
    );
  }
  const Icon = conversation.type === 'song_chat' ? Music : Headset;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground',
        className,
      )}
    >
      <Icon className="size-1/2" />
    </span>
  );
}
