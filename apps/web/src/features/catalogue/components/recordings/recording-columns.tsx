import { RECORDING_ORIGIN_LABELS } from '@music-review/core/catalogue';
import type { RecordingRowDto } from '@music-review/core/contracts/catalogue';
import { Badge } from '../../../../components/ui/badge';
import { formatDuration } from '../../form-values';
import type { GridColumn } from '../grid/catalogue-grid';
import { formatDay } from '../shared/format';
import { CodeCell, TitleLink } from '../shared/title-link';

/** The Recordings grid's columns; `linkTo` gives the link that opens a recording's drawer. */
export function recordingColumns(linkTo: (id: string) => string): GridColumn<RecordingRowDto>[] {
  return [
    {
      id: 'title',
      label: 'Title',
      sort: 'title',
      isTitle: true,
      className: 'min-w-48 max-w-72',
      cell: (row) => <TitleLink to={linkTo(row.id)} title={row.title} version={row.version} />,
    },
    {
      id: 'artist',
      label: 'Artist',
      sort: 'artist',
      className: 'max-w-56 truncate',
      cell: (row) => row.display_artist,
    },
    { id: 'isrc', label: 'ISRC', sort: 'isrc', cell: (row) => <CodeCell code={row.isrc} /> },
    {
      id: 'duration',
      label: 'Length',
      className: 'text-right tabular-nums',
      cell: (row) => formatDuration(row.duration_seconds),
    },
    {
      id: 'year',
      label: 'Year',
      sort: 'year',
      className: 'tabular-nums',
      cell: (row) => row.recording_year ?? '',
    },
    { id: 'genre', label: 'Genre', className: 'max-w-40 truncate', cell: (row) => row.genre ?? '' },
    { id: 'origin', label: 'Origin', cell: (row) => RECORDING_ORIGIN_LABELS[row.origin] },
    {
      id: 'gaps',
      label: 'Gaps',
      cell: (row) => (
        <span className="flex gap-1">
          {row.has_work ? null : <Badge variant="warning">No work</Badge>}
          {row.has_master_split ? null : <Badge variant="warning">No split</Badge>}
          {row.explicit ? <Badge>Explicit</Badge> : null}
        </span>
      ),
    },
    {
      id: 'releases',
      label: 'Releases',
      className: 'text-right tabular-nums',
      cell: (row) => row.release_count,
    },
    {
      id: 'updated',
      label: 'Updated',
      sort: 'updated',
      className: 'text-muted-foreground',
      cell: (row) => <time dateTime={row.updated_at}>{formatDay(row.updated_at)}</time>,
    },
  ];
}
