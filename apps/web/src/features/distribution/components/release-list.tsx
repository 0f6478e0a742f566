import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useIsDesktop } from '../../../lib/use-media-query';
import type { DistributionRowDto } from '../distribution-types';
import { countLabel, formatDay } from './format';
import { PipelineBadge } from './status-badge';

const linkClasses =
  'font-medium text-foreground underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring';

function TitleLink({ row }: { row: DistributionRowDto }) {
  return (
    <Link to={paths.distributionTrack.href(row.id)} className={linkClasses}>
      {row.title}
      {row.version ? <span className="font-normal text-muted-foreground"> ({row.version})</span> : null}
    </Link>
  );
}

/** "3 of 8" stores live, or a dash before any store was sent to. */
const storesLive = (row: DistributionRowDto) =>
  row.stores_total === 0 ? '—' : `${row.stores_live} of ${row.stores_total}`;

/** What stands in the release's way: blocking problems, stores in error, warnings; or nothing. */
function Problems({ row }: { row: DistributionRowDto }) {
  const parts: { text: string; isError: boolean }[] = [];
  if (row.readiness_errors === null) parts.push({ text: 'Not checked yet', isError: false });
  else if (row.readiness_errors > 0)
    parts.push({
      text: `${countLabel(row.readiness_errors, 'blocking problem', 'blocking problems')}`,
      isError: true,
    });
  if (row.stores_error > 0)
    parts.push({ text: countLabel(row.stores_error, 'store in error', 'stores in error'), isError: true });
  if ((row.readiness_warnings ?? 0) > 0)
    parts.push({ text: countLabel(row.readiness_warnings ?? 0, 'warning', 'warnings'), isError: false });
  if (parts.length === 0) return <span className="text-muted-foreground">None</span>;
  return (
    <span className="flex flex-col">
      {parts.map((part) => (
        <span
          key={part.text}
          className={part.isError ? 'font-medium text-destructive' : 'text-muted-foreground'}
        >
          {part.text}
        </span>
      ))}
    </span>
  );
}

const destinationsText = (row: DistributionRowDto) =>
  row.destinations.length > 0 ? row.destinations.join(', ') : 'None yet';

function ReleaseTable({ rows }: { rows: DistributionRowDto[] }) {
  const th = 'border-b border-border bg-muted px-3 py-2 text-left font-medium whitespace-nowrap';
  const td = 'border-b border-border px-3 py-2 align-top';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named scroll box around the table, not a section of the page's outline
    <div
      // A keyboard user scrolls a wide table with the arrow keys once it has focus (axe scrollable-region-focusable).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box itself must be reachable by keyboard
      tabIndex={0}
      role="region"
      aria-label="Releases table"
      className="overflow-x-auto rounded-xl border border-border bg-card shadow-card outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">Releases</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className={th}>
              Release
            </th>
            <th scope="col" className={th}>
              Artist
            </th>
            <th scope="col" className={th}>
              UPC
            </th>
            <th scope="col" className={th}>
              Release date
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Stores live
            </th>
            <th scope="col" className={th}>
              Problems
            </th>
            <th scope="col" className={th}>
              Destinations
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="hover:bg-muted/50">
              <th scope="row" className={`${td} text-left font-normal`}>
                <TitleLink row={row} />
              </th>
              <td className={td}>{row.display_artist}</td>
              <td className={`${td} font-mono text-xs whitespace-nowrap`}>
                {row.upc ?? <span className="font-sans font-medium text-warning">Missing</span>}
              </td>
              <td className={`${td} whitespace-nowrap`}>{formatDay(row.release_date) || '—'}</td>
              <td className={td}>
                <PipelineBadge status={row.pipeline_status} />
              </td>
              <td className={`${td} tabular-nums whitespace-nowrap`}>{storesLive(row)}</td>
              <td className={td}>
                <Problems row={row} />
              </td>
              <td className={`${td} text-muted-foreground`}>{destinationsText(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReleaseCards({ rows }: { rows: DistributionRowDto[] }) {
  return (
    <ul aria-label="Releases" className="flex flex-col gap-2">
      {rows.map((row) => (
        <li key={row.id}>
          <article
            aria-labelledby={`distribution-${row.id}`}
            className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-card"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h2
                  id={`distribution-${row.id}`}
                  className="text-base leading-tight [overflow-wrap:anywhere]"
                >
                  <TitleLink row={row} />
                </h2>
                <p className="mt-0.5 text-sm text-muted-foreground">{row.display_artist}</p>
              </div>
              <PipelineBadge status={row.pipeline_status} />
            </div>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
              <div>
                <dt className="text-xs text-muted-foreground">UPC</dt>
                <dd className="font-mono text-xs">{row.upc ?? 'Missing'}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Release date</dt>
                <dd>{formatDay(row.release_date) || '—'}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Stores live</dt>
                <dd className="tabular-nums">{storesLive(row)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Problems</dt>
                <dd>
                  <Problems row={row} />
                </dd>
              </div>
              <div className="col-span-2">
                <dt className="text-xs text-muted-foreground">Destinations</dt>
                <dd className="[overflow-wrap:anywhere]">{destinationsText(row)}</dd>
              </div>
            </dl>
          </article>
        </li>
      ))}
    </ul>
  );
}

/** The releases: a table on a desktop, cards on a phone (below 768 px). */
export function ReleaseList({ rows }: { rows: DistributionRowDto[] }) {
  const isDesktop = useIsDesktop();
  return isDesktop ? <ReleaseTable rows={rows} /> : <ReleaseCards rows={rows} />;
}
