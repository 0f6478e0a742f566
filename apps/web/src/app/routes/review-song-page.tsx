import type { ReviewDto, SongDto, SongReviewsDto } from '@music-review/core/api';
import { averageScores, isUselessReview } from '@music-review/core/review-rules';
import { ArrowLeft, EyeOff, Link2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { paths } from '../../config/paths';
import { WaveformPlayer } from '../../features/player';
import {
  formatAverages,
  RequestRevisionDialog,
  ReviewForm,
  ReviewList,
  SongDecisionButtons,
  UselessMark,
  useMarkUselessAction,
  useSong,
  useSongReviews,
} from '../../features/review';
import { SongChatPanel } from '../../features/song-chat';
import { TrackViewers, useTrackViewing } from '../../features/track-viewers';
import { isApiError } from '../../lib/api-client';
import { useMe } from '../../lib/me';

function BackLink() {
  return (
    <Link
      to={paths.reviewDashboard.href()}
      className={buttonClasses({ variant: 'link', className: 'self-start text-sm' })}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Review Dashboard
    </Link>
  );
}

function SongNotFound() {
  return (
    <div className="flex flex-col gap-4">
      <BackLink />
      <Card className="flex flex-col items-center gap-2 px-6 py-14 text-center">
        <h1 className="text-xl font-semibold text-foreground">Song not found</h1>
        <p className="text-sm text-muted-foreground">
          This song does not exist or does not belong to your label.
        </p>
      </Card>
    </div>
  );
}

function PageSkeleton() {
  return (
    <div role="status" aria-label="Loading song" className="flex flex-col gap-6">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-24 w-full md:h-32" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

const reviewsWord = (n: number) => (n === 1 ? 'review' : 'reviews');

function OthersReviews({ reviews }: { reviews: SongReviewsDto }) {
  if (!reviews.my_review) {
    return reviews.hidden_count > 0 ? (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <EyeOff aria-hidden="true" className="size-4" />
        {reviews.hidden_count} {reviewsWord(reviews.hidden_count)} hidden until you submit yours
      </p>
    ) : (
      <p className="text-sm text-muted-foreground">No one else has reviewed this version yet.</p>
    );
  }
  return reviews.current.length > 0 ? (
    <>
      <TeamAverages reviews={reviews} />
      <ReviewList reviews={reviews.current} label="Team reviews" />
    </>
  ) : (
    <p className="text-sm text-muted-foreground">No one else has reviewed this version yet.</p>
  );
}

/** The means over every visible review of the current version; useless marks are left out. */
function TeamAverages({ reviews }: { reviews: SongReviewsDto }) {
  // The server's `current` includes the caller's own review: count it once.
  const mine = reviews.my_review;
  const all = mine ? [mine, ...reviews.current.filter((r) => r.id !== mine.id)] : reviews.current;
  const averages = averageScores(all, reviews.current_version_number);
  if (averages.count === 0) return null;
  return (
    <p className="text-sm tabular-nums text-muted-foreground">
      Average of {averages.count} {reviewsWord(averages.count)}: {formatAverages(averages)}
    </p>
  );
}

const statusLabels: Record<string, string> = { signed: 'Signed', passed: 'Passed' };

/** A decided song's status; a pending one shows nothing. */
function StatusBadge({ status }: { status: string }) {
  if (status === 'pending') return null;
  const label = statusLabels[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
  return <Badge variant={status === 'signed' ? 'success' : 'neutral'}>{label}</Badge>;
}

/**
 * The user's own review. A useless mark shows as such (not as 0/0/0), with the way to write a real
 * review instead: saving the form replaces the mark.
 */
function MyReview({ songId, myReview }: { songId: string; myReview: ReviewDto | null }) {
  const [isWritingInstead, setIsWritingInstead] = useState(false);
  if (myReview && isUselessReview(myReview) && !isWritingInstead) {
    return (
      <div className="flex flex-col items-start gap-3">
        <UselessMark />
        <p className="text-sm text-muted-foreground">
          It counts as your review of this version and leaves the averages alone.
        </p>
        <Button variant="outline" onClick={() => setIsWritingInstead(true)}>
          Write a review instead
        </Button>
      </div>
    );
  }
  // Writing over a useless mark starts from an empty form; saving it creates the real review.
  return <ReviewForm songId={songId} myReview={myReview && isUselessReview(myReview) ? null : myReview} />;
}

function SongReview({ song, reviews }: { song: SongDto; reviews: SongReviewsDto }) {
  const hasReviewed = reviews.my_review !== null;
  const me = useMe();
  const isAdmin = me.data?.reviewer?.is_admin === true;
  const isPending = song.status === 'pending';
  const onMarkUseless = useMarkUselessAction(song.id);
  const [isRequestOpen, setIsRequestOpen] = useState(false);
  // The team sees who is on this song (spec section 9), and this member sees them.
  useTrackViewing(song.id, 'review');

  return (
    <div className="flex flex-col gap-6 xl:grid xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start">
      <div className="flex min-w-0 flex-col gap-6">
        <BackLink />
        <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-semibold tracking-tight text-foreground">{song.title}</h1>
              <Badge variant={song.current_version_number > 1 ? 'primary' : 'neutral'}>
                {song.current_version_number > 1 ? `Revision v${song.current_version_number}` : 'Version 1'}
              </Badge>
              <StatusBadge status={song.status} />
              <TrackViewers songId={song.id} />
            </div>
            {hasReviewed && song.artist ? (
              <p className="text-sm text-muted-foreground">{song.artist}</p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" onClick={() => setIsRequestOpen(true)}>
              <Link2 aria-hidden="true" />
              Request revision
            </Button>
            {isAdmin && isPending ? <SongDecisionButtons songId={song.id} songTitle={song.title} /> : null}
          </div>
        </header>
        <RequestRevisionDialog
          songId={song.id}
          songTitle={song.title}
          open={isRequestOpen}
          onClose={() => setIsRequestOpen(false)}
        />

        <Card className="p-4 sm:p-5">
          <WaveformPlayer
            song={{
              id: song.id,
              title: song.title,
              artist: song.artist,
              audioFileKey: song.audio_file_key,
              waveformFileKey: song.waveform_file_key,
              hasReviewed,
            }}
            // A quick pass is for a song still under review that the user has not reviewed yet.
            onMarkUseless={isPending && !hasReviewed ? onMarkUseless : undefined}
          />
        </Card>

        <section aria-labelledby="my-review-heading" className="flex flex-col gap-4">
          <h2 id="my-review-heading" className="text-lg font-semibold text-foreground">
            {hasReviewed ? 'Your review' : 'Review this song'}
          </h2>
          <Card className="p-4 sm:p-6">
            <MyReview
              // A new key when the saved review changes (or stops being a useless mark): start afresh.
              key={reviews.my_review ? `${reviews.my_review.id}:${reviews.my_review.is_useless}` : 'new'}
              songId={song.id}
              myReview={reviews.my_review}
            />
          </Card>
        </section>

        <section aria-labelledby="team-reviews-heading" className="flex flex-col gap-3">
          <h2 id="team-reviews-heading" className="text-lg font-semibold text-foreground">
            Team reviews
          </h2>
          <OthersReviews reviews={reviews} />
        </section>

        {reviews.earlier.length > 0 ? (
          <section aria-labelledby="earlier-heading" className="flex flex-col gap-3">
            <h2 id="earlier-heading" className="text-lg font-semibold text-foreground">
              Earlier versions
            </h2>
            <ReviewList reviews={reviews.earlier} label="Earlier versions" showVersion />
          </section>
        ) : null}
      </div>
      <SongChatPanel songId={song.id} className="xl:sticky xl:top-20 xl:h-[calc(100dvh-7rem)]" />
    </div>
  );
}

/** /review/{songId}: listen, score and comment; the team's reviews show once yours is in. */
export function ReviewSongPage() {
  const { songId = '' } = useParams();
  const song = useSong(songId);
  const reviews = useSongReviews(songId);

  const isNotFound = [song.error, reviews.error].some(
    (error) => isApiError(error) && (error.status === 404 || error.status === 403),
  );
  if (isNotFound) return <SongNotFound />;
  if (song.isError || reviews.isError) {
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        <Alert>{(song.error ?? reviews.error)?.message ?? 'Failed to load the song'}</Alert>
      </div>
    );
  }
  if (song.isPending || reviews.isPending) return <PageSkeleton />;
  return <SongReview song={song.data} reviews={reviews.data} />;
}
