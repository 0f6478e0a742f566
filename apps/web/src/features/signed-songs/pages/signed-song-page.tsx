import { Navigate, NavLink, useParams } from 'react-router';
import { NotAvailableYet } from '../../../components/not-available-yet';
import { PageHeader } from '../../../components/page-header';
import { isSignedSongSection, paths, SIGNED_SONG_TABS, type SignedSongSection } from '../../../config/paths';
import { cn } from '../../../lib/cn';

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
  if (tab !== undefined && !isSignedSongSection(tab)) {
    return <Navigate to={paths.signedSong.href(songId)} replace />;
  }
  const section: SignedSongSection = tab ?? 'overview';

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Signed Song" />
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
        <NotAvailableYet />
      </section>
    </div>
  );
}
