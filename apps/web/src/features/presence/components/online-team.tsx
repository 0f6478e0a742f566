import { isViewingPage, type PresenceMemberDto, VIEWING_PAGE_LABELS } from '@music-review/core/presence';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useTeamPresence } from '../api/get-team-presence';
import { StatusDot } from './status-dot';

const rowClasses =
  'flex w-full items-start gap-2.5 rounded-md px-2.5 py-1.5 text-left text-sm outline-none transition-colors focus-visible:bg-muted';

function MemberText({ member }: { member: PresenceMemberDto }) {
  const viewing = member.viewing;
  const page = viewing && isViewingPage(viewing.page) ? VIEWING_PAGE_LABELS[viewing.page] : viewing?.page;
  return (
    <>
      <StatusDot status="online" className="mt-1.5" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium text-foreground">{member.name}</span>
        <span className="truncate text-xs text-muted-foreground">
          {viewing ? `Viewing “${viewing.song_title}” · ${page}` : (member.current_activity ?? 'Online')}
        </span>
      </span>
    </>
  );
}

/**
 * The team members online (status online, seen within 5 minutes) other than the caller, with what they
 * are doing or the signed song page they view, linked to /signed-songs/{songId}/{page}.
 */
export function OnlineTeam({ selfId, onNavigate }: { selfId: string | undefined; onNavigate: () => void }) {
  const presence = useTeamPresence();
  const online = presence.data?.members.filter((m) => m.is_online && m.reviewer_id !== selfId) ?? [];

  return (
    // biome-ignore lint/a11y/useSemanticElements: a menu's sections are ARIA groups; a fieldset is not allowed in a menu
    <div role="group" aria-label="Online now" className="flex flex-col gap-0.5">
      <p aria-hidden="true" className="px-2.5 pt-1 pb-0.5 text-xs font-medium text-muted-foreground">
        Online now{presence.data ? ` (${online.length})` : ''}
      </p>
      {presence.isPending ? (
        <p role="status" className="flex items-center gap-2 px-2.5 py-1.5 text-xs text-muted-foreground">
          <Spinner className="size-3.5" />
          Loading...
        </p>
      ) : presence.isError ? (
        <p className="px-2.5 py-1.5 text-xs text-muted-foreground">Could not load who is online.</p>
      ) : online.length === 0 ? (
        <p className="px-2.5 py-1.5 text-xs text-muted-foreground">No one else is online</p>
      ) : (
        <div className="flex max-h-48 flex-col gap-0.5 overflow-y-auto">
          {online.map((member) =>
            member.viewing && isViewingPage(member.viewing.page) ? (
              <Link
                key={member.reviewer_id}
                role="menuitem"
                tabIndex={-1}
                to={paths.signedSong.href(member.viewing.song_id, member.viewing.page)}
                onClick={onNavigate}
                className={`${rowClasses} hover:bg-muted`}
              >
                <MemberText member={member} />
              </Link>
            ) : (
              <div
                key={member.reviewer_id}
                role="menuitem"
                tabIndex={-1}
                aria-disabled="true"
                className={rowClasses}
              >
                <MemberText member={member} />
              </div>
            ),
          )}
        </div>
      )}
    </div>
  );
}
