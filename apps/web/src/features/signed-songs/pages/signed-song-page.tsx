import { Navigate, NavLink, useParams } from 'react-router';
import { NotAvailableYet } from '../../../components/not-available-yet';
import { PageHeader } from '../../../components/page-header';
import { Card } from '../../../components/ui/card';
import { isSignedSongSection, paths, SIGNED_SONG_TABS, type SignedSongSection } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { SongChatThread } from '../../song-chat/components/song-chat-panel';
import { TrackViewers } from '../../track-viewers/components/track-viewers';
import { useTrackViewing } from '../../track-viewers/use-track-viewing';

const SECTION_LABELS: Record<SignedSongSection, string> = {
  overview: 'Overview',
  contracts: 'Contracts',
  'release-assets': 'Release Assets',
  'artist-assets': 'Artist Assets',
  marketing: 'Marketing',
  'label-copy': 'Label Copy',
  'project-folder': 'Project Folder',
  chat: 'Chat',
  metadata: 'Metadata',
};

/** /signed-songs/:songId/:tab? with its tabs; /signed-songs/:songId/metadata is a deep link. */
export function SignedSongPage() {
  const { songId = '', tab } = useParams();
  const isKnownTab = tab === undefined || isSignedSongSection(tab);
  const section: SignedSongSection = isKnownTab && tab !== undefined ? tab : 'overview';
  // The team sees which tab of the song the member is on (spec section 9).
  useTrackViewing(isKnownTab ? songId : null, section);
  if (!isKnownTab) return <Navigate to={paths.signedSong.href(songId)} replace />;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Signed Song" actions={<TrackViewers songId={songId} />} />
      <nav aria-label="Song sections" className="-mx-1 overflow-x-auto scrollbar-none">
        <ul className="flex min-w-max gap-1 border-b border-border px-1">
          {SIGNED_SONG_TABS.map((key) => (
            <li key={key}>
              <NavLink
                to={paths.signedSong.href(songId, key)}
                aria-current={section === key ? 'page' : undefined}
                className={cn(
                  '-mb-px inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium outline-none transition-colors focus-visible:rounded-md focus-visible:ring-2 focus-visible:ring-ring',
                  section === key
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:text-foreground',
                )}
              >
                {SECTION_LABELS[key]}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="song-section-heading" className="flex flex-col gap-4">
        <h2 id="song-section-heading" className="text-lg font-semibold tracking-tight">
          {SECTION_LABELS[section]}
        </h2>
        {section === 'chat' ? (
          <Card className="flex h-[calc(100dvh-20rem)] min-h-96 flex-col overflow-hidden">
            <SongChatThread songId={songId} className="h-full" />
          </Card>
        ) : (
          <NotAvailableYet />
        )}
      </section>
    </div>
  );
}
