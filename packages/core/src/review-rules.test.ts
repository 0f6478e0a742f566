import { describe, expect, it } from 'vitest';
import {
  averageScores,
  daysLeft,
  deadline,
  deadlineBadge,
  distinctCurrentVersionReviewers,
  formatAverage,
  hasSixtyPercentReviews,
  isExpired,
  isUselessReview,
  REVIEW_DEADLINE_DAYS,
  reviewStatusFor,
  type ScoredReview,
  sixtyPercentThreshold,
  sortPending,
} from './review-rules.ts';

const SUBMITTED = '2026-03-01T12:00:00.000Z';
const DAY = 86_400_000;
const at = (msAfterSubmission: number) => new Date(Date.parse(SUBMITTED) + msAfterSubmission);

describe('deadline', () => {
  it('is exactly 7 x 24 hours after submission', () => {
    expect(REVIEW_DEADLINE_DAYS).toBe(7);
    expect(deadline(SUBMITTED).toISOString()).toBe('2026-03-08T12:00:00.000Z');
  });

  it('accepts a Date, an ISO string and epoch milliseconds alike', () => {
    const ms = Date.parse(SUBMITTED);
    expect(deadline(new Date(ms)).getTime()).toBe(ms + 7 * DAY);
    expect(deadline(ms).getTime()).toBe(ms + 7 * DAY);
  });

  it('ignores daylight saving: elapsed hours, not wall-clock days', () => {
    // Europe moved its clocks on 2026-03-29; the deadline is still 168 hours later.
    expect(deadline('2026-03-25T10:00:00+01:00').toISOString()).toBe('2026-04-01T09:00:00.000Z');
  });

  it('refuses an unreadable date instead of answering NaN', () => {
    expect(() => deadline('not a date')).toThrow(RangeError);
    expect(() => daysLeft(SUBMITTED, Number.NaN)).toThrow('Invalid date: NaN');
  });
});

describe('daysLeft (ceil of the remaining days)', () => {
  it.each([
    [0, 7],
    [1, 7],
    [DAY - 1, 7],
    [DAY, 6],
    [DAY + 1, 6],
    [6 * DAY, 1],
    [7 * DAY - 1, 1],
    [7 * DAY, 0],
    [7 * DAY + 1, 0],
    [8 * DAY - 1, 0],
    [8 * DAY, -1],
    [8 * DAY + 1, -1],
    [-DAY, 8],
  ])('%i ms after submission -> %i', (elapsed, expected) => {
    expect(daysLeft(SUBMITTED, at(elapsed))).toBe(expected);
  });

  it('never answers -0', () => {
    expect(Object.is(daysLeft(SUBMITTED, at(7 * DAY + 1)), 0)).toBe(true);
  });
});

describe('isExpired and deadlineBadge', () => {
  it('expires at the deadline itself, not a millisecond before', () => {
    expect(isExpired(SUBMITTED, at(7 * DAY - 1))).toBe(false);
    expect(isExpired(SUBMITTED, at(7 * DAY))).toBe(true);
    expect(isExpired(SUBMITTED, at(30 * DAY))).toBe(true);
  });

  it.each([
    [0, '7 days left'],
    [3 * DAY + 5, '4 days left'],
    // The spec's text is '{n} days left' for every n, including 1.
    [7 * DAY - 1, '1 days left'],
    [7 * DAY, 'Expired'],
    [40 * DAY, 'Expired'],
  ])('%i ms after submission reads %j', (elapsed, text) => {
    expect(deadlineBadge(SUBMITTED, at(elapsed))).toBe(text);
  });
});

describe('reviewStatusFor', () => {
  const song = { status: 'pending', submittedAt: SUBMITTED };
  const before = at(2 * DAY);
  const after = at(7 * DAY);

  it('is pending with no review before the deadline, expired from the deadline on', () => {
    expect(reviewStatusFor(song, [], before)).toBe('pending');
    expect(reviewStatusFor(song, [], after)).toBe('expired');
  });

  it('defaults the current version to 1, and a review without a version to 1', () => {
    expect(reviewStatusFor(song, [{ song_version_number: 1 }], before)).toBe('reviewed');
    expect(reviewStatusFor({ ...song, currentVersionNumber: null }, [{}], before)).toBe('reviewed');
    expect(reviewStatusFor(song, [{ song_version_number: null }], before)).toBe('reviewed');
  });

  it('counts only reviews of the current version', () => {
    const v3 = { ...song, currentVersionNumber: 3 };
    expect(reviewStatusFor(v3, [{ song_version_number: 1 }, { song_version_number: 2 }], before)).toBe(
      'pending',
    );
    expect(reviewStatusFor(v3, [{ song_version_number: 2 }], after)).toBe('expired');
    expect(reviewStatusFor(v3, [{ song_version_number: 2 }, { song_version_number: 3 }], before)).toBe(
      'reviewed',
    );
    // A review of a later version than the current one (data out of step) does not count either.
    expect(reviewStatusFor(song, [{ song_version_number: 2 }], before)).toBe('pending');
  });

  it('keeps a reviewed song reviewed after its deadline', () => {
    expect(reviewStatusFor(song, [{ song_version_number: 1 }], after)).toBe('reviewed');
  });

  it('excludes signed songs whatever the reviews and the date', () => {
    const signed = { ...song, status: 'signed' };
    expect(reviewStatusFor(signed, [], before)).toBe('excluded');
    expect(reviewStatusFor(signed, [{ song_version_number: 1 }], before)).toBe('excluded');
    expect(reviewStatusFor(signed, [], after)).toBe('excluded');
  });
});

describe('sortPending', () => {
  const now = at(0);
  const song = (title: string, hoursAgo: number, id = title) => ({
    id,
    title,
    submittedAt: new Date(now.getTime() - hoursAgo * 3_600_000).toISOString(),
  });

  it('puts the fewest days left first, then the oldest, then by title', () => {
    const fresh = song('Fresh', 1); // 7 days left
    const old = song('Old', 5 * 24 + 2); // 2 days left
    const oldest = song('Oldest', 5 * 24 + 20); // 2 days left, submitted earlier
    const nearly = song('Nearly', 6 * 24 + 1); // 1 day left
    const tieB = song('beta', 3 * 24);
    const tieA = song('Alpha', 3 * 24);
    const input = [fresh, tieB, old, nearly, tieA, oldest];
    expect(sortPending(input, now).map((s) => s.title)).toEqual([
      'Nearly',
      'Oldest',
      'Old',
      'Alpha',
      'beta',
      'Fresh',
    ]);
    expect(input.map((s) => s.title)).toEqual(['Fresh', 'beta', 'Old', 'Nearly', 'Alpha', 'Oldest']);
  });

  it('orders titles naturally and case-insensitively, with a fixed order for case-only ties', () => {
    const titles = ['track 10', 'Track 2', 'track 2', 'Écho', 'echo'];
    const sorted = sortPending(
      titles.map((t) => song(t, 10)),
      now,
    ).map((s) => s.title);
    expect(sorted).toEqual(['echo', 'Écho', 'Track 2', 'track 2', 'track 10']);
  });

  it('returns an empty list for an empty list', () => {
    expect(sortPending([], now)).toEqual([]);
  });
});

const review = (
  reviewer_id: string,
  scores: [number, number, number],
  song_version_number: number | null = 1,
  is_useless?: boolean,
): ScoredReview => ({
  reviewer_id,
  musical_score: scores[0],
  artist_score: scores[1],
  overall_score: scores[2],
  song_version_number,
  ...(is_useless === undefined ? {} : { is_useless }),
});

describe('useless reviews', () => {
  it('follows the flag when present, and all-zero scores when it is not', () => {
    expect(isUselessReview(review('a', [0, 0, 0]))).toBe(true);
    expect(isUselessReview(review('a', [0, 0, 1]))).toBe(false);
    expect(isUselessReview(review('a', [5, 5, 5], 1, true))).toBe(true);
    expect(isUselessReview(review('a', [0, 0, 0], 1, false))).toBe(false);
  });
});

describe('averageScores and formatAverage', () => {
  it('averages each score over the current version only', () => {
    const reviews = [
      review('a', [7, 8, 9], 2),
      review('b', [8, 6, 6], 2),
      review('c', [1, 1, 1], 1), // older version: ignored
    ];
    expect(averageScores(reviews, 2)).toEqual({ musical: 7.5, artist: 7, overall: 7.5, count: 2 });
    expect(averageScores(reviews)).toEqual({ musical: 1, artist: 1, overall: 1, count: 1 });
  });

  it('leaves useless reviews out of the means', () => {
    const reviews = [review('a', [6, 6, 6]), review('b', [0, 0, 0]), review('c', [9, 9, 9], 1, true)];
    expect(averageScores(reviews, 1)).toEqual({ musical: 6, artist: 6, overall: 6, count: 1 });
  });

  it('gives nulls when no review counts', () => {
    expect(averageScores([], 1)).toEqual({ musical: null, artist: null, overall: null, count: 0 });
    expect(averageScores([review('a', [0, 0, 0])], 1)).toEqual({
      musical: null,
      artist: null,
      overall: null,
      count: 0,
    });
  });

  it('treats a review without a version as version 1', () => {
    expect(averageScores([review('a', [4, 5, 6], null)], 1).count).toBe(1);
  });

  it.each([
    [7.5, '7.5'],
    [7, '7.0'],
    [10, '10.0'],
    [0, '0.0'],
    [22 / 3, '7.3'],
    [23 / 3, '7.7'],
    [7.25, '7.3'],
    [7.05, '7.1'],
    // 1.45 is stored as 1.4499999...; toFixed alone would say '1.4'.
    [1.45, '1.5'],
    [8.45, '8.5'],
    [3 / 20, '0.2'],
    [7.04999, '7.0'],
  ])('formats %d as %j', (value, text) => {
    expect(formatAverage(value)).toBe(text);
  });

  it('formats the mean of real scores with halves rounded up', () => {
    const mean = averageScores(
      [review('a', [7, 7, 7]), review('b', [7, 7, 8]), review('c', [7, 8, 8]), review('d', [8, 8, 8])],
      1,
    );
    expect(formatAverage(mean.musical!)).toBe('7.3'); // 29 / 4 = 7.25
    expect(formatAverage(mean.artist!)).toBe('7.5');
    expect(formatAverage(mean.overall!)).toBe('7.8'); // 31 / 4 = 7.75
  });
});

describe('60 % threshold', () => {
  it.each([
    [0, 1],
    [1, 1],
    [2, 2],
    [3, 2],
    [4, 3],
    [5, 3],
    [6, 4],
    [10, 6],
    [11, 7],
    [15, 9],
    [20, 12],
    [100, 60],
    [101, 61],
  ])('%i reviewers -> %i', (n, threshold) => {
    expect(sixtyPercentThreshold(n)).toBe(threshold);
  });

  it('matches the integer formula floor((3n + 4) / 5) for every n up to 10 000', () => {
    for (let n = 1; n <= 10_000; n++) {
      const expected = Math.floor((3 * n + 4) / 5);
      if (sixtyPercentThreshold(n) !== expected) throw new Error(`n=${n}: ${sixtyPercentThreshold(n)}`);
    }
  });

  it('refuses a negative or fractional reviewer count', () => {
    expect(() => sixtyPercentThreshold(-1)).toThrow(RangeError);
    expect(() => sixtyPercentThreshold(2.5)).toThrow(RangeError);
    expect(() => sixtyPercentThreshold(Number.NaN)).toThrow(RangeError);
  });

  it('is reached at the threshold, not one below', () => {
    expect(hasSixtyPercentReviews(2, 5)).toBe(false);
    expect(hasSixtyPercentReviews(3, 5)).toBe(true);
    expect(hasSixtyPercentReviews(5, 5)).toBe(true);
    expect(hasSixtyPercentReviews(0, 0)).toBe(false);
    expect(hasSixtyPercentReviews(1, 1)).toBe(true);
    expect(hasSixtyPercentReviews(8, 15)).toBe(false);
    expect(hasSixtyPercentReviews(9, 15)).toBe(true);
  });

  it('counts distinct reviewers of the current version, useless reviews included', () => {
    const reviews = [
      review('a', [5, 5, 5], 2),
      review('a', [6, 6, 6], 2), // same reviewer twice: counted once
      review('b', [0, 0, 0], 2), // useless still counts
      review('c', [9, 9, 9], 1), // older version: not counted
    ];
    expect(distinctCurrentVersionReviewers(reviews, 2)).toBe(2);
    expect(distinctCurrentVersionReviewers(reviews, 1)).toBe(1);
    expect(distinctCurrentVersionReviewers(reviews, 3)).toBe(0);
  });
});
