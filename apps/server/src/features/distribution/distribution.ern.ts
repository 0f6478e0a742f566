import { randomBytes } from 'node:crypto';
import { type DeliveryKind, DISTRIBUTION_MESSAGES } from '@music-review/core/distribution';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../platform/errors.ts';
import type { GatheredFile, GatheredRelease } from './distribution.readiness.ts';
import { buildErn } from './ern/ern-build.ts';
import type {
  ErnContributorRole,
  ErnInput,
  ErnParty,
  ErnTerritories,
  ErnTrackArtistRole,
} from './ern/ern-types.ts';
import type { ErnValidationResult, ErnValidator } from './ern/ern-validate.ts';

/** One file of a delivery batch: where it goes in the batch, where it is stored, and its checksums. */
export interface BatchFile {
  path: string;
  key: string;
  bytes: number;
  md5: string;
  sha256: string;
  contentType: string;
}

/**
 * A message id that is also the batch folder's name: the time to the millisecond, then random
 * digits (DDEX batches are named by date-time; two members delivering at once still differ).
 */
export function newMessageId(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 17);
  return `${stamp}${randomBytes(3).readUIntBE(0, 3).toString().padStart(8, '0')}`;
}

const extensionOf = (file: GatheredFile) => {
  const info = file.inspection?.info;
  if (info?.kind === 'audio') return info.format === 'aiff' ? 'aif' : info.format;
  if (info?.kind === 'image') return info.format === 'jpeg' ? 'jpg' : info.format;
  return 'bin';
};
const CONTENT_TYPES: Record<string, string> = {
  wav: 'audio/wav',
  flac: 'audio/flac',
  aif: 'audio/aiff',
  jpg: 'image/jpeg',
  png: 'image/png',
};

const ARTIST_ROLES: Record<string, ErnTrackArtistRole | undefined> = {
  primary: 'primary',
  featured: 'featured',
  remixer: 'remixer',
};
const WRITER_ROLES: Record<string, ErnContributorRole | undefined> = {
  composer: 'composer',
  lyricist: 'lyricist',
  composer_lyricist: 'composer_lyricist',
  arranger: 'arranger',
};
const party = (p: { name: string; isni: string | null; ipi: string | null }): ErnParty => ({
  name: p.name,
  isni: p.isni,
  ipi: p.ipi,
});

/**
 * The ERN input of a release that passed its readiness check (every code, file and line is there;
 * anything missing here is a bug, not a member's problem), and the files of its batch.
 */
export function ernInputOf(
  g: GatheredRelease,
  v: {
    kind: DeliveryKind;
    messageId: string;
    now: Date;
    recipient: { dpid: string; name: string };
  },
): { input: ErnInput; files: BatchFile[] } {
  const r = g.release;
  const need = <T>(value: T | null | undefined, what: string): T => {
    if (value === null || value === undefined)
      throw new Error(`ERN: ${what} missing after the readiness check`);
    return value;
  };
  const upc = need(r.upc, 'UPC');
  const files: BatchFile[] = [];
  const batchFile = (file: GatheredFile | null, name: string): BatchFile => {
    const f = need(file, name);
    const inspection = need(f.inspection, `${name} inspection`);
    const extension = extensionOf(f);
    const entry = {
      path: `resources/${name}.${extension}`,
      key: f.key,
      bytes: inspection.bytes,
      md5: inspection.md5,
      sha256: inspection.sha256,
      contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
    };
    files.push(entry);
    return entry;
  };
  const artworkFile = batchFile(g.artwork, `${upc}_cover`);
  const artworkInfo = g.artwork?.inspection?.info;
  if (artworkInfo?.kind !== 'image' || (artworkInfo.format !== 'jpeg' && artworkInfo.format !== 'png'))
    throw new Error('ERN: artwork is not a JPEG or PNG after the readiness check');

  const pLine = r.p_line_year && r.p_line_owner ? { year: r.p_line_year, owner: r.p_line_owner } : null;
  const cLine = r.c_line_year && r.c_line_owner ? { year: r.c_line_year, owner: r.c_line_owner } : null;
  const releaseArtists = new Map<string, { party: ErnParty; role: 'primary' | 'featured' }>();
  for (const t of g.tracks)
    for (const a of t.artists)
      if ((a.role === 'primary' || a.role === 'featured') && !releaseArtists.has(`${a.name}|${a.role}`))
        releaseArtists.set(`${a.name}|${a.role}`, { party: party(a), role: a.role });
  // A release credits its tracks' primary artists; featured ones only on a single.
  const artists = [...releaseArtists.values()].filter((a) => a.role === 'primary' || g.tracks.length === 1);

  const tracks = g.tracks.map((t) => {
    const position = `${upc}_${String(t.disc_number).padStart(2, '0')}_${String(t.track_number).padStart(3, '0')}`;
    const audioFile = batchFile(t.master, position);
    const info = t.master?.inspection?.info;
    if (info?.kind !== 'audio') throw new Error('ERN: master is not audio after the readiness check');
    const duration = t.master?.inspection?.audio?.durationSeconds ?? t.duration_seconds ?? 0;
    return {
      disc: t.disc_number,
      number: t.track_number,
      isrc: need(t.isrc, 'ISRC'),
      title: t.title,
      version: t.version,
      displayArtist: t.display_artist,
      artists: t.artists.flatMap((a) => {
        const role = ARTIST_ROLES[a.role];
        return role ? [{ party: party(a), role }] : [];
      }),
      contributors: [
        ...t.writers.flatMap((w) => {
          const role = WRITER_ROLES[w.role];
          return role ? [{ party: party(w), role }] : [];
        }),
        ...t.artists
          .filter((a) => a.role === 'producer')
          .map((a) => ({ party: party(a), role: 'producer' as const })),
      ],
      durationSeconds: Math.round(duration * 1000) / 1000,
      explicit: t.explicit,
      language: t.language,
      genre: t.genre,
      subgenre: t.subgenre,
      pLine: t.p_line_year && t.p_line_owner ? { year: t.p_line_year, owner: t.p_line_owner } : pLine,
      audio: {
        fileName: audioFile.path.slice('resources/'.length),
        md5: audioFile.md5,
        bytes: audioFile.bytes,
        codec:
          info.format === 'aiff'
            ? ('AIFF' as const)
            : info.format === 'flac'
              ? ('FLAC' as const)
              : ('WAV' as const),
        channels: info.channels,
        sampleRate: info.sampleRate,
        bitDepth: info.bitDepth,
      },
    };
  });

  const territories: ErnTerritories =
    r.territory_mode === 'include'
      ? { include: r.territories ?? [] }
      : r.territory_mode === 'exclude'
        ? { excludeFromWorldwide: r.territories ?? [] }
        : { worldwide: true };
  const input: ErnInput = {
    kind: v.kind,
    messageId: v.messageId,
    threadId: v.messageId,
    createdAt: v.now,
    sender: { dpid: need(r.dpid, 'DPID'), name: need(r.label_name ?? r.settings_label_name, 'label name') },
    recipient: v.recipient,
    release: {
      title: r.title,
      version: r.version,
      displayArtist: r.display_artist,
      type: r.release_type,
      upc,
      catalogueNumber: r.catalogue_number,
      labelName: need(r.label_name ?? r.settings_label_name, 'label name'),
      releaseDate: need(r.release_date, 'release date'),
      originalReleaseDate: r.original_release_date,
      pLine,
      cLine,
      genre: need(r.genre, 'genre'),
      subgenre: null,
      artists,
      artwork: {
        fileName: artworkFile.path.slice('resources/'.length),
        md5: artworkFile.md5,
        bytes: artworkFile.bytes,
        mime: artworkInfo.format === 'png' ? 'image/png' : 'image/jpeg',
        width: artworkInfo.width,
        height: artworkInfo.height,
      },
    },
    tracks,
    deal: {
      territories,
      startDate: need(r.release_date, 'release date'),
      preOrderDate: r.pre_order_date,
      ...(v.kind === 'takedown' ? { takedownAt: v.now } : {}),
    },
  };
  return { input, files };
}

/**
 * The ERN 4.3 schema, compiled once per server copy (about a quarter of a second) on first use.
 * Without the schema nothing is sent: a message that cannot be checked does not leave. The
 * validator's module (libxml2 compiled to WebAssembly) is loaded then too, not at start: it alone
 * holds about 140 MB (docs/PERFORMANCE.md "Royalties").
 */
export function createErnChecker(ctx: Pick<AppContext, 'config'>) {
  let loading: Promise<ErnValidator> | null = null;
  const load = async () => {
    const { createErnValidator, locateErnSchemaDir } = await import('./ern/ern-validate.ts');
    const schemaDir = locateErnSchemaDir({
      DDEX_ERN43_SCHEMA_DIR: ctx.config.DDEX_ERN43_SCHEMA_DIR ?? process.env.DDEX_ERN43_SCHEMA_DIR,
    });
    if (!schemaDir) throw new AppError('ern_invalid', DISTRIBUTION_MESSAGES.schemaMissing);
    return createErnValidator(schemaDir);
  };
  return {
    async validate(xml: string): Promise<ErnValidationResult> {
      loading ??= load();
      try {
        return (await loading).validate(xml);
      } catch (error) {
        loading = null;
        throw error;
      }
    },
    build: buildErn,
  };
}
export type ErnChecker = ReturnType<typeof createErnChecker>;
