import type { WorkRowDto } from '@music-review/core/contracts/catalogue';
import { Badge } from '../../../../components/ui/badge';
import type { GridColumn } from '../grid/catalogue-grid';
import { formatDay, formatShare } from '../shared/format';
import { CodeCell, TitleLink } from '../shared/title-link';

/** The Works grid's columns; `linkTo` gives the link that opens a work's drawer. */
export function workColumns(linkTo: (id: string) => string): GridColumn<WorkRowDto>[] {
  return [
    {
      id: 'title',
      label: 'Title',
      sort: 'title',
      isTitle: true,
      className: 'min-w-48 max-w-72',
      cell: (row) => <TitleLink to={linkTo(row.id)} title={row.title} />,
    },
    { id: 'iswc', label: 'ISWC', sort: 'iswc', cell: (row) => <CodeCell code={row.iswc} /> },
    { id: 'writers', label: 'Writers', className: 'max-w-72 truncate', cell: (row) => row.writers },
    {
      id: 'shares',
      label: 'Shares',
      cell: (row) => (
        <Badge variant={row.shares_total === 100 ? 'success' : 'warning'}>
          {formatShare(row.shares_total)}
        </Badge>
      ),
    },
    {
      id: 'recordings',
      label: 'Recordings',
      className: 'text-right tabular-nums',
      cell: (row) => row.recording_count,
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
