/**
 * Whether a release can be delivered (issue 15, point 1): blocking errors and warnings, from the
 * catalogue's data and from what its files are (read from their bytes by the server). Pure: the
 * server gathers the input, this decides. Each problem says where it is fixed.
 */
import { type AssetCheck, checkArtwork, checkMasterAudio } from './assets.ts';
import {
  creditsFeatureInTitle,
  DISTRIBUTION_MESSAGES,
  daysUntil,
  type FixTarget,
  MAX_SILENCE_SECONDS,
  MIN_LEAD_DAYS,
  type ReadinessProblem,
} from './distribution.ts';
import type { MediaInfo } from './media-inspect.ts';
import { validateIsrc, validateUpcEan } from './music-codes.ts';

/** What is known of a file the release needs. */
export type FileState =
  | { state: 'missing' }
  /** Not read yet: a background job reads it; the check is repeated when it ends. */
  | { state: 'checking' }
  | {
      state: 'inspected';
      info: MediaInfo;
      audio?: { durationSeconds: number; leadingSilenceSeconds: number; trailingSilenceSeconds: number };
      /** The file could not be read past its header. */
      problem?: string;
    };

export interface ReadinessTrack {
  disc: number;
  number: number;
  recordingId: string;
  title: string;
  version: string | null;
  isrc: string | null;
  language: string | null;
  genre: string | null;
  pLine: { year: number | null; owner: string | null };
  workId: string | null;
  /** The work's writers' shares summed, in hundredths of a percent; null with no writer. */
  writerShareBp: number | null;
  /** The master split's shares summed; null with no split. */
  masterShareBp: number | null;
  master: FileState;
}

export interface ReadinessInput {
  release: {
    id: string;
    title: string;
    version: string | null;
    upc: string | null;
    labelName: string | null;
    releaseDate: string | null;
    pLine: { year: number | null; owner: string | null };
    cLine: { year: number | null; owner: string | null };
    genre: string | null;
  };
  artwork: FileState;
  tracks: readonly ReadinessTrack[];
  /** The label's DDEX party id (catalogue settings). */
  dpid: string | null;
  /** Today, YYYY-MM-DD (the release date's lead time counts from it). */
  today: string;
}

export interface ReadinessResult {
  errors: ReadinessProblem[];
  warnings: ReadinessProblem[];
  /** Files still being read. */
  checking: number;
}

const trackName = (t: ReadinessTrack) => `Track ${t.disc > 1 ? `${t.disc}-` : ''}${t.number} (“${t.title}”)`;

export function checkReadiness(input: ReadinessInput): ReadinessResult {
  const errors: ReadinessProblem[] = [];
  const warnings: ReadinessProblem[] = [];
  let checking = 0;
  const { release } = input;
  const toRelease: FixTarget = { kind: 'release', id: release.id };
  const error = (code: string, message: string, fix: FixTarget, track?: ReadinessTrack) =>
    errors.push(problem(code, 'error', message, fix, track));
  const warning = (code: string, message: string, fix: FixTarget, track?: ReadinessTrack) =>
    warnings.push(problem(code, 'warning', message, fix, track));

  if (!input.dpid) error('dpid_missing', DISTRIBUTION_MESSAGES.dpidMissing, { kind: 'catalogue_settings' });

  // The release's own data.
  if (!release.upc) error('upc_missing', 'The release has no UPC/EAN: assign one.', toRelease);
  else if (!validateUpcEan(release.upc).ok)
    error('upc_invalid', `The UPC/EAN ${release.upc} is not valid: check its digits.`, toRelease);
  if (!release.labelName) error('label_name_missing', 'The release has no label name.', toRelease);
  if (!release.genre) error('genre_missing', 'The release has no genre.', toRelease);
  if (!release.pLine.year || !release.pLine.owner)
    error('p_line_missing', 'The release’s ℗ line needs a year and an owner.', toRelease);
  if (!release.cLine.year || !release.cLine.owner)
    error('c_line_missing', 'The release’s © line needs a year and an owner.', toRelease);
  if (creditsFeatureInTitle(release.title) || (release.version && creditsFeatureInTitle(release.version)))
    error(
      'title_feat',
      'The release title credits a featured artist (“feat.”): credit them as a featured artist instead.',
      toRelease,
    );
  if (!release.releaseDate) error('release_date_missing', 'The release has no release date.', toRelease);
  else {
    const days = daysUntil(release.releaseDate, input.today);
    if (days < MIN_LEAD_DAYS)
      warning(
        'release_date_soon',
        days < 0
          ? `The release date is ${-days} ${-days === 1 ? 'day' : 'days'} ago: stores will put it live as soon as they can.`
          : `The release date is ${days} ${days === 1 ? 'day' : 'days'} away: stores ask for at least ${MIN_LEAD_DAYS}.`,
        toRelease,
      );
  }

  // Artwork.
  const art = fileCheck(input.artwork, (info) => checkArtwork(info));
  if (art === 'checking') checking++;
  else if (art === 'missing') error('artwork_missing', 'The release has no artwork: upload it.', toRelease);
  else if (art) error('artwork_refused', art, toRelease);

  // Tracks.
  if (input.tracks.length === 0)
    error('no_tracks', 'The release has no tracks: add its recordings.', toRelease);
  const isrcs = new Map<string, ReadinessTrack>();
  for (const track of input.tracks) {
    const toRecording: FixTarget = { kind: 'recording', id: track.recordingId };
    const name = trackName(track);
    if (!track.isrc) error('isrc_missing', `${name} has no ISRC: assign one.`, toRecording, track);
    else if (!validateIsrc(track.isrc).ok)
      error('isrc_invalid', `${name}: the ISRC ${track.isrc} is not valid.`, toRecording, track);
    else {
      const other = isrcs.get(track.isrc);
      if (other)
        error(
          'isrc_twice',
          `${name} has the same ISRC as ${trackName(other)}: one recording, one ISRC.`,
          toRecording,
          track,
        );
      isrcs.set(track.isrc, track);
    }
    if (!track.language)
      error('language_missing', `${name} has no language of performance.`, toRecording, track);
    if (!track.pLine.year || !track.pLine.owner)
      error('track_p_line_missing', `${name}’s ℗ line needs a year and an owner.`, toRecording, track);
    if (creditsFeatureInTitle(track.title) || (track.version && creditsFeatureInTitle(track.version)))
      error(
        'track_title_feat',
        `${name}’s title credits a featured artist (“feat.”): credit them as a featured artist instead.`,
        toRecording,
        track,
      );
    if (!track.workId)
      error('work_missing', `${name} has no work: add the song’s writers.`, toRecording, track);
    else if (track.writerShareBp === null)
      error('writers_missing', `${name}’s work has no writers.`, { kind: 'work', id: track.workId }, track);
    else if (track.writerShareBp !== 10_000)
      error(
        'writer_shares',
        `${name}’s writer shares total ${formatBp(track.writerShareBp)}, not 100%.`,
        { kind: 'work', id: track.workId },
        track,
      );
    if (track.masterShareBp === null)
      warning('master_split_missing', `${name} has no master split yet.`, toRecording, track);
    else if (track.masterShareBp !== 10_000)
      warning(
        'master_split_total',
        `${name}’s master split totals ${formatBp(track.masterShareBp)}, not 100%.`,
        toRecording,
        track,
      );

    const master = fileCheck(track.master, (info, file) => masterCheck(info, file));
    if (master === 'checking') checking++;
    else if (master === 'missing')
      error('master_missing', `${name} has no master: upload a WAV, FLAC or AIFF.`, toRecording, track);
    else if (master) error('master_refused', `${name}: ${master}`, toRecording, track);
  }
  return { errors, warnings, checking };
}

function problem(
  code: string,
  severity: 'error' | 'warning',
  message: string,
  fix: FixTarget,
  track?: ReadinessTrack,
): ReadinessProblem {
  return {
    code,
    severity,
    message,
    fix,
    ...(track
      ? {
          track: {
            disc: track.disc,
            number: track.number,
            recordingId: track.recordingId,
            title: track.title,
          },
        }
      : {}),
  };
}

const formatBp = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

type Inspected = Extract<FileState, { state: 'inspected' }>;

/** 'missing', 'checking', a refusal reason, or null when the file passes. */
function fileCheck(
  file: FileState,
  check: (info: MediaInfo, file: Inspected) => AssetCheck | string | null,
): 'missing' | 'checking' | string | null {
  if (file.state === 'missing') return 'missing';
  if (file.state === 'checking') return 'checking';
  if (file.problem) return `The file could not be read: ${file.problem}`;
  const result = check(file.info, file);
  if (result === null) return null;
  if (typeof result === 'string') return result;
  return result.accepted ? null : result.problems.join(' ');
}

/** Stores' master rules: the assets' check (format, bit depth, rate), then stereo and silence. */
function masterCheck(info: MediaInfo, file: Inspected): AssetCheck | string | null {
  const basic = checkMasterAudio(info);
  if (!basic.accepted) return basic;
  if (info.kind === 'audio' && info.channels !== 2)
    return `The master has ${info.channels === 1 ? '1 channel' : `${info.channels} channels`}: stores want stereo.`;
  if (info.kind === 'audio' && info.bitDepth !== 16 && info.bitDepth !== 24)
    return `The master is ${info.bitDepth}-bit: stores want 16 or 24 bit.`;
  const audio = file.audio;
  if (audio && audio.leadingSilenceSeconds > MAX_SILENCE_SECONDS)
    return `The master starts with ${Math.floor(audio.leadingSilenceSeconds)} s of silence: at most ${MAX_SILENCE_SECONDS} s.`;
  if (audio && audio.trailingSilenceSeconds > MAX_SILENCE_SECONDS)
    return `The master ends with ${Math.floor(audio.trailingSilenceSeconds)} s of silence: at most ${MAX_SILENCE_SECONDS} s.`;
  return null;
}
