import { formatTimeAgo, type HubActivityDto, type HubDecisionDto } from '@music-review/core/hub';
import { CheckCircle2, CircleSlash, MessageSquareText, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../config/paths';

function ActivityItem({ item, now }: { item: HubActivityDto; now: number }) {
  const Icon = item.kind === 'review' ? MessageSquareText : Upload;
  const actor = item.actor_name ?? 'Someone';
  return (
    <li className="flex items-start gap-3 py-2.5">
      <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-3.5" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm text-foreground [overflow-wrap:anywhere]">
          {actor} {item.kind === 'review' ? 'reviewed' : 'added'}{' '}
          <Link
            to={paths.review.href(item.song_id)}
            className="font-medium text-link underline-offset-4 outline-none hover:underline focus-visible:underline"
          >
            {item.song_title}
          </Link>
        </span>
        <time dateTime={item.at} className="text-xs text-muted-foreground">
          {formatTimeAgo(item.at, now)}
        </time>
      </span>
    </li>
  );
}

function DecisionItem({ decision }: { decision: HubDecisionDto }) {
  const isSigned = decision.status === 'signed';
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      <Link
        to={isSigned ? paths.signedSong.href(decision.song_id) : paths.review.href(decision.song_id)}
        className="min-w-0 truncate text-sm font-medium text-foreground underline-offset-4 outline-none hover:underline focus-visible:underline"
      >
        {decision.song_title}
      </Link>
      <Badge variant={isSigned ? 'success' : 'neutral'}>
        {isSigned ? (
          <CheckCircle2 aria-hidden="true" className="size-3.5" />
        ) : (
          <CircleSlash aria-hidden="true" className="size-3.5" />
        )}
        {isSigned ? 'Signed' : 'Passed'}
      </Badge>
    </li>
  );
}

/** What happened lately: songs added, reviews written, and the latest decisions. */
export function ActivityCard({
  activity,
  decisions,
}: {
  activity: HubActivityDto[];
  decisions: HubDecisionDto[];
}) {
  const now = Date.now();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="activity-heading">Recent activity</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5 pt-3">
        {activity.length === 0 ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted-foreground">
              No activity yet. Add your first tracks to get started.
            </p>
            <Link to={paths.addTracks.href()} className={buttonClasses({ size: 'sm' })}>
              Add Tracks
            </Link>
          </div>
        ) : (
          <ul aria-labelledby="activity-heading" className="divide-y divide-border">
            {activity.map((item) => (
              <ActivityItem key={`${item.kind}-${item.song_id}-${item.at}`} item={item} now={now} />
            ))}
          </ul>
        )}
        {decisions.length > 0 ? (
          <section aria-labelledby="decisions-heading" className="flex flex-col gap-1">
            <h3
              id="decisions-heading"
              className="text-xs font-semibold tracking-wide text-muted-foreground uppercase"
            >
              Latest decisions
            </h3>
            <ul className="divide-y divide-border">
              {decisions.map((decision) => (
                <DecisionItem key={decision.song_id} decision={decision} />
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
