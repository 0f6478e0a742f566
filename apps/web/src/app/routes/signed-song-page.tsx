import { VIEWING_PAGE_LABELS } from '@music-review/core/presence';
import { useEffect, useRef } from 'react';
import { Navigate, NavLink, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { Card } from '../../components/ui/card';
import { isSignedSongSection, paths, SIGNED_SONG_TABS, type SignedSongSection } from '../../config/paths';
import { ArtistAssetsTab, ReleaseAssetsTab } from '../../features/assets';
import { ContractsTab } from '../../features/contracts';
import { LabelCopyTab } from '../../features/label-copy';
import { MarketingTab } from '../../features/marketing';
import { MetadataTab } from '../../features/metadata';
import { ProjectFolderTab } from '../../features/project-folder';
import { SongOverviewTab, useSignedSongOverview } from '../../features/signed-songs';
import { SongChatThread } from '../../features/song-chat';
import { TrackViewers, useTrackViewing } from '../../features/track-viewers';
import { cn } from '../../lib/cn';

/** The tab names, as the presence line names the page someone views (one list in core). */
const SECTION_LABELS: Record<SignedSongSection, string> = VIEWING_PAGE_LABELS;

/** /signed-songs/:songId/:tab? with its tabs; /signed-songs/:songId/metadata is a deep link. */
export function SignedSongPage() {
  const { songId = '', tab } = useParams();
  const isKnownTab = tab === undefined || isSignedSongSection(tab);
  const section: SignedSongSection = isKnownTab && tab !== undefined ? tab : 'overview';
  // The team sees which tab of the song the member is on (spec section 9).
  useTrackViewing(isKnownTab ? songId : null, section);
  const tabsRef = useRef<HTMLElement>(null);
  // On a phone the tab row scrolls sideways: keep the current tab in view (the page does not move).
  useEffect(() => {
    const nav = tabsRef.current;
    const current = nav?.querySelector<HTMLElement>(`[data-section="${section}"]`);
    if (!nav || !current) return;
    const left = current.getBoundingClientRect().left - nav.getBoundingClientRect().left + nav.scrollLeft;
    if (left < nav.scrollLeft || left + current.offsetWidth > nav.scrollLeft + nav.clientWidth)
      nav.scrollLeft = Math.max(0, left - 16);
  }, [section]);
  if (!isKnownTab) return <Navigate to={paths.signedSong.href(songId)} replace />;

  return (
    <div className="flex flex-col gap-6">
      <SongHeader songId={songId} />
      <nav ref={tabsRef} aria-label="Song sections" className="overflow-x-auto scrollbar-none">
        <ul className="flex min-w-max gap-1 border-b border-border">
          {SIGNED_SONG_TABS.map((key) => (
            <li key={key}>
              <NavLink
                to={paths.signedSong.href(songId, key)}
                data-section={key}
                aria-current={section === key ? 'page' : undefined}
                className={cn(
                  '-mb-px inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium outline-none transition-colors focus-visible:rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
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
        <SectionContent section={section} songId={songId} />
      </section>
    </div>
  );
}

/** Each section's content; every tab's component lives in its own feature folder. */
function SectionContent({ section, songId }: { section: SignedSongSection; songId: string }) {
  switch (section) {
    case 'overview':
      return <SongOverviewTab songId={songId} />;
    case 'contracts':
      return <ContractsTab songId={songId} />;
    case 'metadata':
      return <MetadataTab songId={songId} />;
    case 'release-assets':
      return <ReleaseAssetsTab songId={songId} />;
    case 'artist-assets':
      return <ArtistAssetsTab songId={songId} />;
    case 'marketing':
      return <MarketingTab songId={songId} />;
    case 'label-copy':
      return <LabelCopyTab songId={songId} />;
    case 'project-folder':
      return <ProjectFolderTab songId={songId} />;
    case 'chat':
      return (
        // Phones keep room for the bottom bar under the card, so the message box stays in view.
        <Card className="flex h-[calc(100dvh-27rem)] min-h-96 flex-col overflow-hidden md:h-[calc(100dvh-20rem)]">
          <SongChatThread songId={songId} className="h-full" />
        </Card>
      );
  }
}

/** The song's title and artist once known ("Signed Song" until then, or when it cannot be loaded). */
function SongHeader({ songId }: { songId: string }) {
  const overview = useSignedSongOverview(songId);
  const song = overview.data;
  return (
    <PageHeader
      title={song?.title ?? 'Signed Song'}
      subtitle={song ? `${song.artist} · Signed song` : undefined}
      actions={<TrackViewers songId={songId} />}
    />
  );
}
