import {
  type FullMetadataDraft,
  METADATA_LANGUAGES,
  type MetadataPublisherDraft,
  type MetadataWriterDraft,
  WRITER_ROLE_LABELS,
  type WriterRole,
} from '@music-review/core/metadata-forms';
import { formatIsrc, formatIswc } from '@music-review/core/music-codes';
import type { ReactNode } from 'react';

const dash = <span className="text-muted-foreground">—</span>;
const orDash = (value: string | number | null | undefined): ReactNode =>
  value === null || value === undefined || String(value).trim() === '' ? dash : String(value);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-foreground">{children}</dd>
    </div>
  );
}

function Parties({
  rows,
  withRole,
}: {
  rows: Array<MetadataWriterDraft | MetadataPublisherDraft>;
  withRole: boolean;
}) {
  if (rows.length === 0) return dash;
  return (
    <ul className="flex flex-col gap-1">
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in stored order
        <li key={index}>
          <span className="font-medium">{orDash(row.name)}</span>
          {withRole && 'role' in row ? ` · ${WRITER_ROLE_LABELS[row.role as WriterRole] ?? row.role}` : ''}
          {row.pro ? ` · ${row.pro}` : ''}
          {row.ipi ? ` · IPI ${row.ipi}` : ''}
          {' · '}
          <span className="tabular-nums">{row.share === null || row.share === '' ? '?' : row.share}%</span>
        </li>
      ))}
    </ul>
  );
}

/** The form's data, read-only (the artist's submitted page and the label's review). */
export function MetadataSummary({ data }: { data: FullMetadataDraft }) {
  const language = METADATA_LANGUAGES.find((l) => l.code === data.language)?.name ?? data.language;
  const names = (values: string[]) => orDash(values.filter((v) => v.trim()).join(', '));
  return (
    <dl className="flex flex-col gap-3">
      <Row label="Title">{orDash(data.title)}</Row>
      <Row label="Version">{orDash(data.version)}</Row>
      <Row label="Primary artists">{names(data.primary_artists)}</Row>
      <Row label="Featured artists">{names(data.featured_artists)}</Row>
      <Row label="Remixers">{names(data.remixers)}</Row>
      <Row label="Writers">
        <Parties rows={data.writers} withRole />
      </Row>
      <Row label="Publishers">
        <Parties rows={data.publishers} withRole={false} />
      </Row>
      <Row label="ISRC">{data.isrc ? <span className="font-mono">{formatIsrc(data.isrc)}</span> : dash}</Row>
      <Row label="ISWC">{data.iswc ? <span className="font-mono">{formatIswc(data.iswc)}</span> : dash}</Row>
      <Row label="Genre">{orDash(data.genre)}</Row>
      <Row label="Language">{orDash(language)}</Row>
      <Row label="Explicit">{data.explicit ? 'Yes' : 'No'}</Row>
      <Row label="BPM">{orDash(data.bpm)}</Row>
      <Row label="Key">{orDash(data.key)}</Row>
      <Row label="Lyrics">
        {data.lyrics.trim() ? (
          <p className="max-h-64 overflow-y-auto whitespace-pre-wrap">{data.lyrics}</p>
        ) : (
          dash
        )}
      </Row>
    </dl>
  );
}
