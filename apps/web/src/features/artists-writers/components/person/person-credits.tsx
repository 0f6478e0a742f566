import { RECORDING_ARTIST_ROLE_LABELS } from '@music-review/core/catalogue';
import { CONTRACT_STATUS_LABELS, type ContractStatus } from '@music-review/core/contracts';
import type { PartyDto } from '@music-review/core/contracts/parties';
import { WRITER_ROLE_LABELS } from '@music-review/core/metadata-forms';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { formatDay, formatShare } from '../../lib/format';
import { catalogueLinks } from '../../lib/links';
import { RecordList, Section } from './person-sections';

const linkClass = 'font-medium text-link hover:underline [overflow-wrap:anywhere]';

function Row({ title, detail, aside }: { title: ReactNode; detail?: ReactNode; aside?: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3 text-sm">
      <div className="min-w-0">
        {title}
        {detail ? <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{detail}</p> : null}
      </div>
      {aside ? <div className="shrink-0 text-right text-xs text-muted-foreground">{aside}</div> : null}
    </div>
  );
}

const dot = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

export function PersonRecordings({ party }: { party: PartyDto }) {
  return (
    <Section id="person-recordings" title="Recordings" count={party.recordings.length}>
      <RecordList
        label="Recordings"
        items={party.recordings}
        empty="Not credited on any recording yet."
        render={(recording) => ({
          key: `${recording.id}-${recording.role}`,
          content: (
            <Row
              title={
                <Link to={catalogueLinks.recording(recording.id)} className={linkClass}>
                  {recording.title}
                </Link>
              }
              detail={dot(recording.display_artist, recording.isrc ? `ISRC ${recording.isrc}` : 'No ISRC')}
              aside={RECORDING_ARTIST_ROLE_LABELS[recording.role]}
            />
          ),
        })}
      />
    </Section>
  );
}

export function PersonReleases({ party }: { party: PartyDto }) {
  return (
    <Section id="person-releases" title="Releases" count={party.releases.length}>
      <RecordList
        label="Releases"
        items={party.releases}
        empty="On no release yet."
        render={(release) => ({
          key: release.id,
          content: (
            <Row
              title={
                <Link to={catalogueLinks.release(release.id)} className={linkClass}>
                  {release.title}
                </Link>
              }
              detail={release.upc ? `UPC/EAN ${release.upc}` : 'No UPC/EAN'}
              aside={release.release_date ? formatDay(release.release_date) : 'No release date'}
            />
          ),
        })}
      />
    </Section>
  );
}

export function PersonWorks({ party }: { party: PartyDto }) {
  return (
    <Section id="person-works" title="Works" count={party.works.length}>
      <RecordList
        label="Works"
        items={party.works}
        empty="Not a writer or publisher of any work yet."
        render={(work) => ({
          key: `${work.id}-${work.role}`,
          content: (
            <Row
              title={
                <Link to={catalogueLinks.work(work.id)} className={linkClass}>
                  {work.title}
                </Link>
              }
              detail={work.iswc ? `ISWC ${work.iswc}` : 'No ISWC'}
              aside={
                <>
                  <span className="block">
                    {work.role === 'publisher' ? 'Publisher' : WRITER_ROLE_LABELS[work.role]}
                  </span>
                  <span className="block tabular-nums text-foreground">
                    {work.share === null ? 'No share set' : formatShare(work.share)}
                  </span>
                </>
              }
            />
          ),
        })}
      />
    </Section>
  );
}

const contractStatus = (status: string) =>
  CONTRACT_STATUS_LABELS[status as ContractStatus] ?? status.charAt(0).toUpperCase() + status.slice(1);

export function PersonContracts({ party }: { party: PartyDto }) {
  return (
    <Section id="person-contracts" title="Contracts" count={party.contracts.length}>
      <RecordList
        label="Contracts"
        items={party.contracts}
        empty="No contracts on songs credited to this person."
        render={(contract) => ({
          key: contract.id,
          content: (
            <Row
              title={
                <Link to={paths.signedSong.href(contract.song_id, 'contracts')} className={linkClass}>
                  {contract.title}
                </Link>
              }
              detail={contract.song_title}
              aside={contractStatus(contract.status)}
            />
          ),
        })}
      />
    </Section>
  );
}
