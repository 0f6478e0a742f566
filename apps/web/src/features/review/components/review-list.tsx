import { isUselessReview } from '@music-review/core/review-rules';
import { Ban } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import type { ReviewDto } from '../api/types';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A review marked useless: its zero scores are a flag, not a judgement, so they are not shown. */
export function UselessMark() {
  return (
    <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
      <Ban aria-hidden="true" className="size-4" />
      Marked as useless
    </p>
  );
}

function ReviewItem({ review, showVersion }: { review: ReviewDto; showVersion?: boolean }) {
  const date = new Date(review.reviewed_at);
  return (
    <li>
      <Card className="flex flex-col gap-2 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-sm font-semibold text-foreground">
            {review.reviewer_name}
            {showVersion ? (
              <span className="ml-2 text-xs font-normal text-muted-foreground">
                v{review.song_version_number}
              </span>
            ) : null}
          </p>
          {Number.isNaN(date.getTime()) ? null : (
            <time dateTime={review.reviewed_at} className="text-xs text-muted-foreground">
              {dateFormat.format(date)}
            </time>
          )}
        </div>
        {isUselessReview(review) ? (
          <UselessMark />
        ) : (
          <p className="text-sm tabular-nums text-muted-foreground">
            Musical {review.musical_score} · Artist {review.artist_score} · Overall {review.overall_score}
          </p>
        )}
        {review.comment ? (
          <p className="text-sm whitespace-pre-wrap text-foreground">{review.comment}</p>
        ) : null}
      </Card>
    </li>
  );
}

export function ReviewList({
  reviews,
  label,
  showVersion,
}: {
  reviews: ReviewDto[];
  label: string;
  showVersion?: boolean;
}) {
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {reviews.map((review) => (
        <ReviewItem key={review.id} review={review} showVersion={showVersion} />
      ))}
    </ul>
  );
}
