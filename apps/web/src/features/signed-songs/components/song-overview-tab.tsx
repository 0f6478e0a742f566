import { formatAverage } from '@music-review/core/review-rules';
import type { SignedSongOverviewDto } from '@music-review/core/signed-songs';
import { Check, CircleAlert, Disc3, PartyPopper } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths, type SignedSongSection, type SignedSongTab } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useSignedSongOverview } from '../api/get-signed-song-overview';
import { WorkflowChips } from './workflow-chips';

/** The steps before release, each with the tab where it is done (stage keys as in core/signed-songs.ts). */
const STEPS: { stage: SignedSongOverviewDto['stage']; label: string; tab: SignedSongSection }[] = [
  { stage: 'contract', label: 'Contract signed', tab: 'contracts' },
  { stage: 'metadata', label: 'Metadata confirmed', tab: 'metadata' },
  { stage: 'assets', label: 'Artwork and master', tab: 'release-assets' },
  { stage: 'label_copy', label: 'Label copy final', tab: 'label-copy' },
  { stage: 'release', label: 'Ready for release', tab: 'release-assets' },
];

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function Progress({ song }: { song: SignedSongOverviewDto }) {
  const done = song.stage === 'ready' ? STEPS.length : song.stage_index;
  return (
    <Card className="p-4 sm:p-5">
      <h3 className="text-sm font-semibold text-foreground">
        Progress to release{' '}
        <span className="font-normal text-muted-foreground">
          ({done} of {STEPS.length} steps done)
        </span>
      </h3>
      <ol aria-label="Steps to release" className="mt-4 grid gap-3 sm:grid-cols-5 sm:gap-2">
        {STEPS.map((step, index) => {
          const state = index < done ? 'done' : index === done ? 'current' : 'todo';
          const href = paths.signedSong.href(song.id, step.tab);
          return (
            <li key={step.stage} aria-current={state === 'current' ? 'step' : undefined}>
              <Link
                to={href}
                className="group flex items-center gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring sm:flex-col sm:items-start"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                    state === 'done' && 'border-success bg-success-soft text-success',
                    state === 'current' && 'border-primary bg-primary text-primary-foreground',
                    state === 'todo' && 'border-input text-muted-foreground',
                  )}
                >
                  {state === 'done' ? <Check className="size-4" /> : index + 1}
                </span>
                <span
                  className={cn(
                    'text-sm group-hover:underline',
                    state === 'todo' ? 'text-muted-foreground' : 'font-medium text-foreground',
                  )}
                >
                  {step.label}{' '}
                  <span className="sr-only">
                    {state === 'done' ? '(done)' : state === 'current' ? '(next step)' : '(to do)'}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

function Blockers({ song }: { song: SignedSongOverviewDto }) {
  if (song.blockers.length === 0) {
    return (
      <Card className="flex items-start gap-3 p-4 sm:p-5">
        <PartyPopper aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        <div>
          <h3 className="text-sm font-semibold text-foreground">Ready for release</h3>
          <p className="text-sm text-muted-foreground">
            Nothing blocks the release
            {song.release_ready_at
              ? `: marked ready on ${dateFormat.format(new Date(song.release_ready_at))}.`
              : '.'}
          </p>
        </div>
      </Card>
    );
  }
  return (
    <Card className="p-4 sm:p-5">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-foreground">
        <CircleAlert aria-hidden="true" className="size-4 text-warning" />
        What is blocking release
      </h3>
      <ul aria-label="What is blocking release" className="mt-3 flex flex-col gap-2">
        {song.blockers.map((blocker) => (
          <li key={blocker} className="flex gap-2 text-sm text-foreground">
            <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-warning" />
            {blocker}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Count({ label, value, detail, to }: { label: string; value: number; detail?: string; to: string }) {
  return (
    <Link
      to={to}
      className="flex flex-col rounded-xl border border-border bg-card p-4 shadow-card outline-none transition-colors hover:border-primary/50 focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="text-2xl font-semibold tabular-nums text-foreground">{value}</span>
      {detail ? <span className="text-xs text-muted-foreground">{detail}</span> : null}
    </Link>
  );
}

/** The signed song's Overview tab: where it stands on the way to release and what blocks it. */
export function SongOverviewTab({ songId }: { songId: string }) {
  const overview = useSignedSongOverview(songId);

  if (overview.isPending) {
    return (
      <div role="status" aria-label="Loading the song's progress" className="flex flex-col gap-4">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (overview.isError) {
    return (
      <Alert>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>{overview.error.message || 'Failed to load the song'}</span>
          <Button size="sm" variant="outline" onClick={() => void overview.refetch()}>
            Try again
          </Button>
        </div>
      </Alert>
    );
  }

  const song = overview.data;
  const tab = (name: SignedSongTab) => paths.signedSong.href(song.id, name);
  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:p-5">
        {song.artwork_url ? (
          <img
            src={song.artwork_url}
            alt={`Artwork of ${song.title}`}
            width={112}
            height={112}
            className="size-28 shrink-0 rounded-lg border border-border object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-28 shrink-0 items-center justify-center rounded-lg border border-dashed border-input bg-muted text-muted-foreground"
          >
            <Disc3 className="size-10" />
          </span>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <WorkflowChips chips={song.chips} />
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            {(
              [
                ['Musical avg', song.averages.musical],
                ['Artist avg', song.averages.artist],
                ['Overall avg', song.averages.overall],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="flex gap-1.5">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-medium tabular-nums text-foreground">
                  {value == null ? '—' : formatAverage(value)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </Card>
      <Progress song={song} />
      <Blockers song={song} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Count label="Contracts" value={song.counts.contracts} to={tab('contracts')} />
        <Count
          label="Campaigns"
          value={song.counts.campaigns}
          detail={`${song.counts.open_tasks} open ${song.counts.open_tasks === 1 ? 'task' : 'tasks'}`}
          to={tab('marketing')}
        />
        <Count label="Asset types uploaded" value={song.counts.assets} to={tab('release-assets')} />
        <Count label="Project files" value={song.counts.project_files} to={tab('project-folder')} />
      </div>
    </div>
  );
}
