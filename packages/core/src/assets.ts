/**
 * Release and artist assets of a signed song (issue 6): the kinds, what each must be, the checks
 * run on the file's own header (media-inspect.ts), the release-readiness rule, and the API's
 * bodies and answers. DOMAIN.md: artwork square, at least 3000 x 3000 px, RGB, JPEG or PNG;
 * masters WAV, FLAC or AIFF, at least 16-bit 44.1 kHz.
 */
import { z } from 'zod';
import type { AudioInfo, ImageInfo, MediaInfo } from './media-inspect.ts';

export const ASSET_SCOPES = ['release', 'artist'] as const;
export type AssetScope = (typeof ASSET_SCOPES)[number];

export const RELEASE_ASSET_KINDS = ['artwork', 'master', 'instrumental', 'stems'] as const;
export const ARTIST_ASSET_KINDS = ['press_photo', 'bio', 'logo'] as const;
export const ASSET_KINDS = [...RELEASE_ASSET_KINDS, ...ARTIST_ASSET_KINDS] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

export const MIN_ARTWORK_PX = 3000;
export const MIN_MASTER_BIT_DEPTH = 16;
export const MIN_MASTER_SAMPLE_RATE = 44_100;
/** A typed bio is kept as a text file; this is plenty for a long biography. */
export const MAX_BIO_TEXT = 20_000;

export interface AssetKindInfo {
  kind: AssetKind;
  scope: AssetScope;
  label: string;
  /** Shown on the kind's card. */
  requirement: string;
  /** For the file input's accept attribute (the server checks the bytes regardless). */
  accept: string;
}

export const ASSET_KIND_INFO: Record<AssetKind, AssetKindInfo> = {
  artwork: {
    kind: 'artwork',
    scope: 'release',
    label: 'Artwork',
    requirement: 'Square, at least 3000 x 3000 px, RGB, JPEG or PNG. No logos, URLs or social handles.',
    accept: 'image/png,image/jpeg',
  },
  master: {
    kind: 'master',
    scope: 'release',
    label: 'Final master',
    requirement: 'WAV, FLAC or AIFF, at least 16-bit and 44.1 kHz. No MP3.',
    accept: '.wav,.flac,.aif,.aiff,.aifc,audio/wav,audio/flac,audio/aiff',
  },
  instrumental: {
    kind: 'instrumental',
    scope: 'release',
    label: 'Instrumental',
    requirement: 'WAV, FLAC or AIFF, at least 16-bit and 44.1 kHz, like the master.',
    accept: '.wav,.flac,.aif,.aiff,.aifc,audio/wav,audio/flac,audio/aiff',
  },
  stems: {
    kind: 'stems',
    scope: 'release',
    label: 'Stems',
    requirement: 'A ZIP archive of the stems, or a single audio file.',
    accept: '.zip,application/zip,audio/*',
  },
  press_photo: {
    kind: 'press_photo',
    scope: 'artist',
    label: 'Press photos',
    requirement: 'JPEG, PNG or WebP.',
    accept: 'image/png,image/jpeg,image/webp',
  },
  bio: {
    kind: 'bio',
    scope: 'artist',
    label: 'Bio',
    requirement: 'A PDF or a plain text file, or type the bio here.',
    accept: '.pdf,.txt,application/pdf,text/plain',
  },
  logo: {
    kind: 'logo',
    scope: 'artist',
    label: 'Logos',
    requirement: 'PNG or JPEG. SVG is not accepted (it can carry scripts).',
    accept: 'image/png,image/jpeg',
  },
};

export const kindsOf = (scope: AssetScope): readonly AssetKind[] =>
  scope === 'release' ? RELEASE_ASSET_KINDS : ARTIST_ASSET_KINDS;

export interface AssetCheck {
  accepted: boolean;
  /** e.g. "3000 x 3000 px · RGB · PNG" or "24-bit · 48 kHz · WAV"; empty when nothing was read. */
  summary: string;
  /** Every problem found, each a full sentence; empty when accepted. */
  problems: string[];
}

const FORMAT_NAMES: Record<string, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  webp: 'WebP',
  wav: 'WAV',
  flac: 'FLAC',
  aiff: 'AIFF',
  mp3: 'MP3',
  ogg: 'OGG',
  m4a: 'AAC/M4A',
};
const COLOUR_NAMES = { rgb: 'RGB', greyscale: 'greyscale', cmyk: 'CMYK', unknown: 'an unknown colour model' };

/** 44100 -> "44.1 kHz", 48000 -> "48 kHz", 22050 -> "22.05 kHz". */
export function formatSampleRate(hz: number): string {
  return `${Number((hz / 1000).toFixed(2))} kHz`;
}

export function imageSummary(info: ImageInfo): string {
  const colour = info.colour === 'rgb' ? 'RGB' : COLOUR_NAMES[info.colour];
  return `${info.width} x ${info.height} px · ${colour} · ${FORMAT_NAMES[info.format]}`;
}

export function audioSummary(info: AudioInfo): string {
  const float = info.encoding === 'float' ? ' float' : '';
  return `${info.bitDepth}-bit${float} · ${formatSampleRate(info.sampleRate)} · ${FORMAT_NAMES[info.format]}`;
}

function describe(info: MediaInfo): string {
  switch (info.kind) {
    case 'image':
      return `a ${FORMAT_NAMES[info.format]} image`;
    case 'audio':
      return `a ${FORMAT_NAMES[info.format]} file`;
    case 'other-audio':
      return `an ${FORMAT_NAMES[info.format] ?? info.format} file`;
    case 'pdf':
      return 'a PDF';
    case 'zip':
      return 'a ZIP archive';
    case 'text':
      return 'a text file';
    default:
      return 'not a file type we can read';
  }
}

const summaryOf = (info: MediaInfo) =>
  info.kind === 'image' ? imageSummary(info) : info.kind === 'audio' ? audioSummary(info) : '';

/** Artwork: JPEG or PNG, square, at least 3000 x 3000 px, RGB. */
export function checkArtwork(info: MediaInfo): AssetCheck {
  if (info.kind !== 'image' || info.format === 'webp') {
    return {
      accepted: false,
      summary: summaryOf(info),
      problems: [`The artwork is ${describe(info)}; it must be a JPEG or PNG.`],
    };
  }
  const problems: string[] = [];
  const size = `${info.width} x ${info.height} px`;
  if (info.width < MIN_ARTWORK_PX || info.height < MIN_ARTWORK_PX) {
    problems.push(`The artwork is ${size}; it must be at least ${MIN_ARTWORK_PX} x ${MIN_ARTWORK_PX} px.`);
  }
  if (info.width !== info.height) problems.push(`The artwork is ${size}; it must be square.`);
  if (info.colour !== 'rgb') problems.push(`The artwork is ${COLOUR_NAMES[info.colour]}; it must be RGB.`);
  return { accepted: problems.length === 0, summary: imageSummary(info), problems };
}

/** Masters and the instrumental: WAV, FLAC or AIFF, at least 16-bit and 44.1 kHz, uncompressed. */
export function checkMasterAudio(info: MediaInfo, what = 'master'): AssetCheck {
  if (info.kind !== 'audio') {
    return {
      accepted: false,
      summary: summaryOf(info),
      problems: [`The ${what} is ${describe(info)}; it must be WAV, FLAC or AIFF.`],
    };
  }
  const problems: string[] = [];
  if (info.encoding !== 'pcm' && info.encoding !== 'float') {
    problems.push(`The ${what} is ${info.encoding} audio; it must be uncompressed PCM.`);
  }
  if (info.bitDepth < MIN_MASTER_BIT_DEPTH) {
    problems.push(`The ${what} is ${info.bitDepth}-bit; it must be at least ${MIN_MASTER_BIT_DEPTH}-bit.`);
  }
  if (info.sampleRate < MIN_MASTER_SAMPLE_RATE) {
    problems.push(
      `The ${what} is ${formatSampleRate(info.sampleRate)}; it must be at least ${formatSampleRate(MIN_MASTER_SAMPLE_RATE)}.`,
    );
  }
  return { accepted: problems.length === 0, summary: audioSummary(info), problems };
}

const refuse = (info: MediaInfo, problem: string): AssetCheck => ({
  accepted: false,
  summary: summaryOf(info),
  problems: [problem],
});
const accept = (info: MediaInfo, summary = summaryOf(info)): AssetCheck => ({
  accepted: true,
  summary,
  problems: [],
});

/** The check for one kind of asset, from what the file's header says it is. */
export function checkAsset(kind: AssetKind, info: MediaInfo): AssetCheck {
  switch (kind) {
    case 'artwork':
      return checkArtwork(info);
    case 'master':
      return checkMasterAudio(info, 'master');
    case 'instrumental':
      return checkMasterAudio(info, 'instrumental');
    case 'stems':
      if (info.kind === 'zip') return accept(info, 'ZIP archive');
      if (info.kind === 'audio') return accept(info);
      if (info.kind === 'other-audio') return accept(info, FORMAT_NAMES[info.format] ?? info.format);
      return refuse(info, `The stems file is ${describe(info)}; it must be a ZIP archive or an audio file.`);
    case 'press_photo':
      if (info.kind === 'image') return accept(info);
      return refuse(info, `The press photo is ${describe(info)}; it must be a JPEG, PNG or WebP image.`);
    case 'bio':
      if (info.kind === 'pdf') return accept(info, 'PDF');
      if (info.kind === 'text') return accept(info, 'Text');
      return refuse(info, `The bio is ${describe(info)}; it must be a PDF or a plain text file.`);
    case 'logo':
      if (info.kind === 'image' && info.format !== 'webp') return accept(info);
      return refuse(
        info,
        `The logo is ${describe(info)}; it must be a PNG or JPEG image (SVG is not accepted).`,
      );
  }
}

// --- Release readiness ---------------------------------------------------------------------------

export const READINESS_ITEMS = {
  artwork: 'Artwork that passes the checks',
  master: 'A final master that passes the checks',
  metadata: 'A confirmed metadata form',
} as const;
export type ReadinessItem = keyof typeof READINESS_ITEMS;

/** What is still missing before a release may be marked ready (an empty list: it may). */
export function missingForRelease(state: {
  artworkAccepted: boolean;
  masterAccepted: boolean;
  metadataConfirmed: boolean;
}): ReadinessItem[] {
  const missing: ReadinessItem[] = [];
  if (!state.artworkAccepted) missing.push('artwork');
  if (!state.masterAccepted) missing.push('master');
  if (!state.metadataConfirmed) missing.push('metadata');
  return missing;
}

export function notReadyMessage(missing: readonly ReadinessItem[]): string {
  return `The release cannot be marked ready yet. Missing: ${missing.map((m) => READINESS_ITEMS[m].toLowerCase()).join('; ')}.`;
}

// --- API -----------------------------------------------------------------------------------------

export const assetKindSchema = z.enum(ASSET_KINDS, {
  error: () => `kind: must be one of ${ASSET_KINDS.join(', ')}`,
});

export const presignAssetBody = z.object({
  kind: assetKindSchema,
  filename: z.string().trim().min(1, 'filename: is required').max(255, 'filename: at most 255 characters'),
  content_type: z.string().trim().min(1, 'content_type: is required').max(255),
  size_bytes: z.number().int().min(1, 'size_bytes: the file is empty'),
});
export type PresignAssetBody = z.infer<typeof presignAssetBody>;

export const confirmAssetBody = z.object({ key: z.string().min(1, 'key: is required').max(1000) });
export type ConfirmAssetBody = z.infer<typeof confirmAssetBody>;

export const bioTextBody = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'text: the bio is empty')
    .max(MAX_BIO_TEXT, `text: at most ${MAX_BIO_TEXT} characters`),
});
export type BioTextBody = z.infer<typeof bioTextBody>;

// The API's answers: inferred from their contracts.
export type {
  AssetKindDto,
  AssetVersionDto,
  PresignedUploadDto,
  ReleaseReadinessDto,
  SongAssetsDto,
} from './contracts/assets.ts';
