import { RELEASE_STATUS_LABELS, RELEASE_TYPE_LABELS } from '@music-review/core/catalogue';
import type { ReleaseRowDto } from '@music-review/core/contracts/catalogue';
import { Badge } from '../../../../components/ui/badge';
import type { GridColumn } from '../grid/catalogue-grid';
import { formatDay } from '../shared/format';
import { CodeCell, TitleLink } from '../shared/title-link';

/** The Releases grid's columns; `linkTo` gives the link that opens a release's drawer. */
export function releaseColumns(linkTo: (id: string) => string): GridColumn<ReleaseRowDto>[] {
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
    { id: 'type', label: 'Type', cell: (row) => RELEASE_TYPE_LABELS[row.release_type] },
    { id: 'upc', label: 'UPC/EAN', cell: (row) => <CodeCell code={row.upc} /> },
    {
      id: 'catalogue_number',
      label: 'Cat. no.',
      sort: 'catalogue_number',
      cell: (row) => row.catalogue_number ?? '',
    },
    {
      id: 'release_date',
      label: 'Release date',
      sort: 'release_date',
      cell: (row) =>
        row.release_date ? <time dateTime={row.release_date}>{formatDay(row.release_date)}</time> : '',
    },
    {
      id: 'status',
      label: 'Status',
      cell: (row) => (
        <Badge variant={row.status === 'released' ? 'success' : 'neutral'}>
          {RELEASE_STATUS_LABELS[row.status]}
        </Badge>
      ),
    },
    {
      id: 'tracks',
      label: 'Tracks',
      cell: (row) => (
        <span className="flex items-center gap-2 tabular-nums">
          {row.track_count}
          {row.tracks_missing_codes > 0 ? (
            <Badge variant="warning">{row.tracks_missing_codes} without ISRC</Badge>
          ) : null}
        </span>
      ),
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
