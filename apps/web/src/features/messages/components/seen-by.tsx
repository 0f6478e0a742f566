import { type ConversationReadDto, SEEN_BY_AVATARS_MAX } from '@music-review/core/messages';
import { UserAvatar } from '../../../components/user-avatar';

/** Spec section 9: "Seen by" with up to 3 avatars, then "+n". */
export function SeenBy({ readers }: { readers: readonly ConversationReadDto[] }) {
  if (readers.length === 0) return null;
  const shown = readers.slice(0, SEEN_BY_AVATARS_MAX);
  const more = readers.length - shown.length;
  const names = readers.map((r) => r.name).join(', ');
  return (
    <div className="flex items-center gap-1.5 px-1 text-xs text-muted-foreground" title={names}>
      <span>Seen by</span>
      <span className="sr-only">{names}</span>
      <span aria-hidden="true" className="flex -space-x-1.5">
        {shown.map((reader) => (
          <UserAvatar
            key={reader.reviewer_id}
            name={reader.name}
            avatarKey={reader.avatar_key ?? null}
            className="size-5 text-[0.5rem] ring-2 ring-background"
          />
        ))}
      </span>
      {more > 0 ? <span aria-hidden="true">+{more}</span> : null}
    </div>
  );
}
