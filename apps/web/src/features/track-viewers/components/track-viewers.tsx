import { isViewingPage, VIEWING_PAGE_LABELS } from '@music-review/core/presence';
import type { TrackViewerDto } from '@music-review/core/track-viewers';
import { UserAvatar } from '../../../components/user-avatar';
import { cn } from '../../../lib/cn';
import { useMe } from '../../../lib/me';
import { useTrackViewers } from '../api/get-track-viewers';

/** Avatars shown before the rest are summed up as "+n". */
export const TRACK_VIEWERS_SHOWN = 4;

export function pageLabel(page: string) {
  if (isViewingPage(page)) return VIEWING_PAGE_LABELS[page];
  return page === 'review' ? 'Review' : page;
}

const describe = (viewer: TrackViewerDto) => `${viewer.name} (${pageLabel(viewer.page)})`;

/**
 * The other members on this song now (active within 2 minutes), as overlapping avatars with their
 * name and page on hover and for screen readers; nothing while the member is alone. Kept current by
 * the song's track_viewers changes.
 */
export function TrackViewers({ songId, className }: { songId: string; className?: string }) {
  const me = useMe();
  const selfId = me.data?.reviewer?.id;
  const viewers = useTrackViewers(songId);
  const others = (viewers.data ?? []).filter((v) => v.reviewer_id !== selfId);
  if (others.length === 0) return null;
  const shown = others.slice(0, TRACK_VIEWERS_SHOWN);
  const rest = others.slice(TRACK_VIEWERS_SHOWN);

  return (
    <div className={cn('flex items-center gap-2 text-xs text-muted-foreground', className)}>
      <span aria-hidden="true" className="hidden sm:inline">
        Also viewing
      </span>
      <ul aria-label="Also viewing" className="flex items-center -space-x-2">
        {shown.map((viewer) => (
          <li key={viewer.reviewer_id} title={describe(viewer)} className="flex">
            <UserAvatar
              name={viewer.name}
              avatarKey={viewer.avatar_key}
              label={describe(viewer)}
              className="size-7 text-[0.65rem] ring-2 ring-background"
            />
          </li>
        ))}
        {rest.length > 0 && (
          <li
            title={rest.map(describe).join(', ')}
            className="flex size-7 items-center justify-center rounded-full bg-muted text-[0.65rem] font-semibold text-foreground ring-2 ring-background"
          >
            <span aria-hidden="true">+{rest.length}</span>
            <span className="sr-only">{`and ${rest.length} more: ${rest.map(describe).join(', ')}`}</span>
          </li>
        )}
      </ul>
    </div>
  );
}
