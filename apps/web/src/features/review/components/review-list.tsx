import { Card } from '../../../components/ui/card';
import type { ReviewDto } from '../api/types';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

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
        <p className="text-sm tabular-nums text-muted-foreground">
          Musical {review.musical_score} · Artist {review.artist_score} · Overall {review.overall_score}
        </p>
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
