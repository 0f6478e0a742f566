import { DISTRIBUTION_TEXTS } from '@music-review/core/distribution';
import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import type { ReadinessDto, ReadinessProblemDto } from '../distribution-types';
import { formatDateTime } from './format';
import { PageSection } from './section';

export const DEAL_TERMS_ID = 'deal-terms';

const linkClasses =
  'font-medium text-link underline underline-offset-4 outline-none focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring';

/** Moves to the deal terms on this page and gives their heading the focus (keyboard users land there too). */
function goToDealTerms(event: MouseEvent<HTMLAnchorElement>) {
  const heading = document.getElementById(`${DEAL_TERMS_ID}-heading`);
  if (!heading) return;
  event.preventDefault();
  heading.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  heading.focus({ preventScroll: true });
}

/** Where a problem is fixed, as a link: the record's drawer in the catalogue, its settings, or the deal terms below. */
function FixLink({ problem, releaseId }: { problem: ReadinessProblemDto; releaseId: string }) {
  const { fix } = problem;
  switch (fix.kind) {
    case 'release':
      return (
        <Link
          to={paths.catalogue.href({ tab: 'releases', release: fix.id ?? releaseId })}
          className={linkClasses}
        >
          Edit the release
        </Link>
      );
    case 'recording':
      return (
        <Link to={paths.catalogue.href({ tab: 'recordings', recording: fix.id })} className={linkClasses}>
          {problem.track ? `Edit the recording “${problem.track.title}”` : 'Edit the recording'}
        </Link>
      );
    case 'work':
      return (
        <Link to={paths.catalogue.href({ tab: 'works', work: fix.id })} className={linkClasses}>
          Edit the work
        </Link>
      );
    case 'catalogue_settings':
      return (
        <Link to={paths.catalogue.href({ panel: 'settings' })} className={linkClasses}>
          Open catalogue settings
        </Link>
      );
    default:
      return (
        <a href={`#${DEAL_TERMS_ID}`} onClick={goToDealTerms} className={linkClasses}>
          Go to the deal terms
        </a>
      );
  }
}

function ProblemList({
  title,
  problems,
  releaseId,
  isBlocking,
}: {
  title: string;
  problems: ReadinessProblemDto[];
  releaseId: string;
  isBlocking: boolean;
}) {
  const Icon = isBlocking ? CircleAlert : TriangleAlert;
  return (
    <div className="flex flex-col gap-2">
      <h3
        className={
          isBlocking ? 'text-sm font-semibold text-destructive' : 'text-sm font-semibold text-warning'
        }
      >
        {title} ({problems.length})
      </h3>
      <ul className="flex flex-col gap-2">
        {problems.map((problem, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the server's order
            key={`${problem.code}-${problem.track?.recordingId ?? ''}-${index}`}
            className="flex gap-2.5 rounded-lg border border-border px-3.5 py-3 text-sm"
          >
            <Icon
              aria-hidden="true"
              className={
                isBlocking ? 'mt-0.5 size-4 shrink-0 text-destructive' : 'mt-0.5 size-4 shrink-0 text-warning'
              }
            />
            <div className="flex min-w-0 flex-col gap-1">
              {/* The message names its track itself ("Track 2 (“Title”) has no master…"). */}
              <p className="text-foreground">{problem.message}</p>
              <p>
                <FixLink problem={problem} releaseId={releaseId} />
              </p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What stores will refuse (blocking problems) and what they may (warnings), each with a link to
 * where it is fixed. While files are still being inspected, says so; the page asks again meanwhile.
 */
export function ReadinessSection({ readiness, releaseId }: { readiness: ReadinessDto; releaseId: string }) {
  const { errors, warnings, checking } = readiness;
  return (
    <PageSection
      id="readiness"
      title={DISTRIBUTION_TEXTS.readiness}
      actions={
        <p className="text-xs text-muted-foreground">Checked {formatDateTime(readiness.checked_at)}</p>
      }
    >
      {checking > 0 ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          {checking === 1 ? 'Checking 1 file…' : `Checking ${checking} files…`}
        </p>
      ) : null}
      {errors.length === 0 && warnings.length === 0 && checking === 0 ? (
        <p className="flex items-center gap-2 text-sm font-medium text-success">
          <CircleCheck aria-hidden="true" className="size-4" />
          Ready to deliver: the stores’ checks found nothing to fix.
        </p>
      ) : null}
      {errors.length === 0 && warnings.length > 0 && checking === 0 ? (
        <p className="flex items-center gap-2 text-sm font-medium text-success">
          <CircleCheck aria-hidden="true" className="size-4" />
          Nothing blocks a delivery. Look at the warnings: some stores refuse releases over them.
        </p>
      ) : null}
      {errors.length > 0 ? (
        <ProblemList title="Blocking problems" problems={errors} releaseId={releaseId} isBlocking />
      ) : null}
      {warnings.length > 0 ? (
        <ProblemList title="Warnings" problems={warnings} releaseId={releaseId} isBlocking={false} />
      ) : null}
    </PageSection>
  );
}
