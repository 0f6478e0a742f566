import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { reviewInputSchema, SCORES_REQUIRED_MESSAGE, useSaveMyReview } from '../api/save-my-review';
import type { ReviewDto } from '../api/types';

type ScoreField = 'musical_score' | 'artist_score' | 'overall_score';

const SCORE_FIELDS: { name: ScoreField; label: string }[] = [
  { name: 'musical_score', label: 'Musical score' },
  { name: 'artist_score', label: 'Artist score' },
  { name: 'overall_score', label: 'Overall score' },
];

type Values = Record<ScoreField | 'comment', string>;

function initialValues(review: ReviewDto | null): Values {
  return {
    musical_score: review ? String(review.musical_score) : '',
    artist_score: review ? String(review.artist_score) : '',
    overall_score: review ? String(review.overall_score) : '',
    comment: review?.comment ?? '',
  };
}

const toScore = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/**
 * The user's review of the current version: three scores 1-10 and a comment. Editing prefills
 * the saved review. On a failure the typed values stay and the server's message shows.
 */
export function ReviewForm({ songId, myReview }: { songId: string; myReview: ReviewDto | null }) {
  const save = useSaveMyReview(songId);
  const [values, setValues] = useState<Values>(() => initialValues(myReview));
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const isEdit = myReview !== null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewInputSchema.safeParse({
      musical_score: toScore(values.musical_score),
      artist_score: toScore(values.artist_score),
      overall_score: toScore(values.overall_score),
      comment: values.comment.trim() === '' ? undefined : values.comment,
    });
    if (!parsed.success) {
      const scoreIssue = parsed.error.issues.find((issue) => issue.path[0] !== 'comment');
      setError(
        scoreIssue ? SCORES_REQUIRED_MESSAGE : (parsed.error.issues[0]?.message ?? SCORES_REQUIRED_MESSAGE),
      );
      return;
    }
    setError(null);
    // The promise, not mutate's per-call callbacks: saving refetches the reviews, which can remount
    // this form, and per-call callbacks of an unmounted observer never fire.
    save.mutateAsync(parsed.data).then(
      () => toast.success(isEdit ? 'Review updated' : 'Review submitted'),
      (saveError: Error) => setError(saveError.message),
    );
  };

  const set = (name: keyof Values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Your review">
      <div className="grid gap-4 sm:grid-cols-3">
        {SCORE_FIELDS.map((field) => (
          <div key={field.name} className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-${field.name}`} className="text-sm font-medium text-foreground">
              {field.label}
            </label>
            <input
              id={`${id}-${field.name}`}
              type="number"
              inputMode="numeric"
              min={1}
              max={10}
              step={1}
              placeholder="1-10"
              value={values[field.name]}
              aria-invalid={
                error === SCORES_REQUIRED_MESSAGE && !/^([1-9]|10)$/.test(values[field.name].trim())
              }
              onChange={(event) => set(field.name)(event.target.value)}
              className={inputClasses}
            />
          </div>
        ))}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-comment`} className="text-sm font-medium text-foreground">
          Comment
        </label>
        <textarea
          id={`${id}-comment`}
          rows={4}
          value={values.comment}
          onChange={(event) => set('comment')(event.target.value)}
          className={cn(inputClasses, 'h-auto min-h-24 py-2 leading-6')}
        />
      </div>
      {error ? <Alert>{error}</Alert> : null}
      <div>
        <Button type="submit" isLoading={save.isPending}>
          {isEdit ? 'Update Review' : 'Submit Review'}
        </Button>
      </div>
    </form>
  );
}
