import {
  CATALOGUE_MESSAGES,
  type PartyRole,
  type PartyType,
  percentToBp,
} from '@music-review/core/catalogue';
import { type LabelCopyData, type LabelCopyIssue, readLabelCopyData } from '@music-review/core/label-copy';
import type { MetadataFormData } from '@music-review/core/metadata-forms';
import { validateCatalogueNumber, validateIsrc, validateUpcEan } from '@music-review/core/music-codes';
import type { OrgTx } from '../../platform/db/index.ts';
import { type AuditEntry, diff, writeAudit, writeSplitVersion } from './audit.repo.ts';
import * as repo from './catalogue.sync.repo.ts';

/**
 * One source of truth for signed songs (decision 0025): a signed song is a recording, its label copy
 * a release, and the metadata form and label copy write into them and read from them. Each function
 * runs in the caller's `withOrg` transaction, so the song's change and the catalogue's land together.
 * Other features reach these through catalogue-sync.service.ts.
 */

type Scalar = string | number | boolean | null;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const orNull = (value: string) => (value === '' ? null : value);

// ---------------------------------------------------------------------------------------------------
// Signing

/**
 * The recordings of songs just signed (origin demo, linked to the song, titled and credited as the
 * song). Idempotent: a song that already has its recording keeps it, so signing again, a bulk
 * decision over signed songs or a second seed run add nothing.
 */
export async function recordSignedSongs(
  tx: OrgTx,
  organizationId: string,
  songIds: readonly string[],
  reviewerId: string | null,
) {
  const created = await repo.insertSongRecordings(tx, organizationId, songIds, reviewerId);
  await writeAudit(
    tx,
    organizationId,
    created.map((r) => ({
      entityKind: 'recording' as const,
      entityId: r.id,
      action: 'create',
      changes: { origin: [null, 'demo'], title: [null, r.title], display_artist: [null, r.display_artist] },
      reviewerId,
    })),
  );
  return created.length;
}

/** The song's recording, made now when the song is signed and has none (songs signed before the catalogue). */
async function songRecording(tx: OrgTx, organizationId: string, songId: string, reviewerId: string | null) {
  await recordSignedSongs(tx, organizationId, [songId], reviewerId);
  return repo.findSongRecording(tx, organizationId, songId, true);
}

// ---------------------------------------------------------------------------------------------------
// Parties found by their credited name

interface PartyNeed {
  name: string;
  role: PartyRole;
  type: PartyType;
  ipi?: string;
  pro?: string;
}

/**
 * The party credited under this name (main or other credited name, case ignored), or a new one. A
 * found party gains the role when it lacks it, and its IPI and PRO are filled when empty (never
 * overwritten: the catalogue's own entry wins over what a form says).
 */
async function partyFor(
  tx: OrgTx,
  organizationId: string,
  need: PartyNeed,
  reviewerId: string | null,
  audit: AuditEntry[],
): Promise<string> {
  const ipi = need.ipi ? need.ipi : null;
  const pro = need.pro ? need.pro : null;
  const found = await repo.findPartyByName(tx, organizationId, need.name);
  if (!found) {
    const id = await repo.insertParty(tx, organizationId, {
      name: need.name,
      role: need.role,
      partyType: need.type,
      ipi,
      pro,
      createdBy: reviewerId,
    });
    audit.push({
      entityKind: 'party',
      entityId: id,
      action: 'sync_metadata',
      changes: diff({}, { name: need.name, roles: [need.role], ipi, pro }),
      reviewerId,
    });
    return id;
  }
  const after = {
    roles: found.roles.includes(need.role) ? found.roles : [...found.roles, need.role],
    ipi: found.ipi ?? ipi,
    pro: found.pro ?? pro,
  };
  const changes = diff({ roles: found.roles, ipi: found.ipi, pro: found.pro }, after);
  if (Object.keys(changes).length > 0) {
    await repo.fillParty(tx, organizationId, found.id, after);
    audit.push({ entityKind: 'party', entityId: found.id, action: 'sync_metadata', changes, reviewerId });
  }
  return found.id;
}

// ---------------------------------------------------------------------------------------------------
// Confirming a metadata form

export interface MetadataSyncResult {
  recordingId: string;
  /** The form's ISRC when another recording of the label has it (the recording kept its own). */
  isrcInUse: { isrc: string; recording: { id: string; title: string } } | null;
}

const writerLine = (w: { name: string; role: string; share_bp: number }) =>
  `${w.name} (${w.role}) ${w.share_bp / 100}%`;

/**
 * Writes a confirmed metadata form into the catalogue: the song's recording (title, version, explicit,
 * genre, language, BPM, key, ISRC), its credited artists, its work and writers, and the publishers.
 *
 * - A blank optional field (BPM, key) does not erase what the catalogue knows.
 * - The ISRC is taken only when no other recording of the label has it. Otherwise the recording keeps
 *   its ISRC and the confirmation still succeeds: the form keeps the ISRC as the artist typed it (the
 *   form is the artist's statement, so the conflict stays visible there), the recording's audit log
 *   records the code it refused and which recording holds it (`isrc_in_use`), and so does the result.
 *   Failing the confirmation would leave the rest of the artist's data out of the catalogue.
 * - Writers become the work's writer split (a new split version when it changed). With one publisher,
 *   it is every writer's publisher. With several, each becomes a party with the publisher role but no
 *   writer is linked to one: the form does not say which writer which publisher administers, so the
 *   label links them on the work rather than the sync guessing.
 */
export async function syncConfirmedMetadata(
  tx: OrgTx,
  input: { organizationId: string; songId: string; data: MetadataFormData; reviewerId: string | null },
): Promise<MetadataSyncResult | null> {
  const { organizationId: org, songId, data, reviewerId } = input;
  const song = await repo.findSong(tx, org, songId);
  const recording = song && (await songRecording(tx, org, songId, reviewerId));
  if (!song || !recording) return null;
  const audit: AuditEntry[] = [];

  // The people: credited artists, publishers, writers (found by name or added).
  const credits: { partyId: string; name: string; role: 'primary' | 'featured' | 'remixer' }[] = [];
  const lists = [
    ['primary', data.primary_artists],
    ['featured', data.featured_artists],
    ['remixer', data.remixers],
  ] as const;
  for (const [role, names] of lists)
    for (const name of names) {
      const partyId = await partyFor(tx, org, { name, role: 'artist', type: 'person' }, reviewerId, audit);
      if (!credits.some((c) => c.partyId === partyId && c.role === role))
        credits.push({ partyId, name, role });
    }
  const publisherIds: string[] = [];
  for (const publisher of data.publishers) {
    const need = {
      name: publisher.name,
      role: 'publisher',
      type: 'company',
      ipi: publisher.ipi,
      pro: publisher.pro,
    } as const;
    publisherIds.push(await partyFor(tx, org, need, reviewerId, audit));
  }
  const publisherId = publisherIds.length === 1 ? publisherIds[0]! : null;
  const writers: repo.WriterRow[] = [];
  for (const writer of data.writers) {
    const partyId = await partyFor(
      tx,
      org,
      { name: writer.name, role: 'writer', type: 'person', ipi: writer.ipi, pro: writer.pro },
      reviewerId,
      audit,
    );
    writers.push({
      party_id: partyId,
      name: writer.name,
      role: writer.role,
      share_bp: percentToBp(writer.share),
      publisher_id: publisherId,
    });
  }

  let workId = recording.work_id;
  const work = workId ? await repo.findWork(tx, org, workId) : undefined;
  const iswc = data.iswc ? data.iswc : null;
  const workChanges: Record<string, unknown> = {};
  if (!work) {
    workId = await repo.insertWork(tx, org, { title: data.title || song.title, iswc });
    Object.assign(workChanges, diff({}, { title: data.title || song.title, iswc }));
  } else if (iswc && iswc !== work.iswc) {
    workChanges.iswc = [work.iswc, iswc];
  }
  const before = work ? await repo.workWriters(tx, org, work.id) : [];
  const key = (w: Omit<repo.WriterRow, 'name'>) => [w.party_id, w.role, w.share_bp, w.publisher_id];
  if (!same(before.map(key), writers.map(key))) {
    await repo.replaceWorkWriters(tx, org, workId!, writers);
    await writeSplitVersion(tx, org, {
      kind: 'writer',
      subjectId: workId!,
      shares: writers.map((w) => ({ id: w.party_id, name: w.name, share_bp: w.share_bp, role: w.role })),
      changedBy: reviewerId,
    });
    workChanges.writers = [before.map(writerLine), writers.map(writerLine)];
  }
  if (work && Object.keys(workChanges).length > 0)
    await repo.updateWork(tx, org, work.id, workChanges.iswc ? { iswc } : {});
  if (Object.keys(workChanges).length > 0)
    audit.push({
      entityKind: 'work',
      entityId: workId!,
      action: 'sync_metadata',
      changes: workChanges,
      reviewerId,
    });

  // The recording's fields.
  const values: Partial<Record<keyof repo.SongRecordingRow, Scalar>> = {
    title: data.title || recording.title,
    version: orNull(data.version),
    explicit: data.explicit,
    genre: orNull(data.genre),
    language: orNull(data.language),
    work_id: workId,
  };
  if (data.bpm !== null) values.bpm = Math.round(data.bpm);
  if (data.key) values.musical_key = data.key;
  let isrcInUse: MetadataSyncResult['isrcInUse'] = null;
  if (data.isrc && data.isrc !== recording.isrc) {
    await repo.lockCode(tx, org, 'isrc', data.isrc);
    const other = await repo.recordingUsingIsrc(tx, org, data.isrc, recording.id);
    if (other) isrcInUse = { isrc: data.isrc, recording: other };
    else values.isrc = data.isrc;
  }
  const changes: Record<string, unknown> = diff({ ...recording }, values);
  const fieldsChanged = Object.keys(changes).length > 0;
  if (fieldsChanged) await repo.updateRecordingFields(tx, org, recording.id, values);

  // Credited artists, in the form's order: primary, featured, remixers.
  const current = (await repo.creditedArtists(tx, org, recording.id)).filter((c) => c.role !== 'producer');
  if (
    !same(
      current.map((c) => [c.party_id, c.role]),
      credits.map((c) => [c.partyId, c.role]),
    )
  ) {
    await repo.replaceFormCredits(tx, org, recording.id, credits);
    changes.artists = [
      current.map((c) => `${c.name} (${c.role})`),
      credits.map((c) => `${c.name} (${c.role})`),
    ];
    if (!fieldsChanged) await repo.touchRecording(tx, org, recording.id);
  }
  if (isrcInUse)
    changes.isrc_in_use = {
      isrc: isrcInUse.isrc,
      recording_id: isrcInUse.recording.id,
      title: isrcInUse.recording.title,
    };
  if (Object.keys(changes).length > 0)
    audit.push({
      entityKind: 'recording',
      entityId: recording.id,
      action: 'sync_metadata',
      changes,
      reviewerId,
    });

  await writeAudit(tx, org, audit);
  return { recordingId: recording.id, isrcInUse };
}

/** The ISRC the catalogue holds for the song's recording (a metadata form shows it in an empty ISRC box). */
export async function catalogueIsrcOfSong(tx: OrgTx, organizationId: string, songId: string) {
  return (await repo.findSongRecording(tx, organizationId, songId))?.isrc ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Label copy <-> release and recording

type RecordingColumn = 'title' | 'version' | 'isrc' | 'duration_seconds' | 'explicit';
type ReleaseSnapshot = Record<repo.ReleaseColumn, Scalar>;
type RecordingSnapshot = Record<RecordingColumn, Scalar>;

/**
 * The catalogue's values for the label copy's fields as the label copy last wrote or saw them, kept
 * in the label copy's row (`data._catalogue`). On reading, a field whose catalogue value still equals
 * it shows the label copy's own value (the artist may have edited it since); a field whose catalogue
 * value changed shows the catalogue's: an edit in the catalogue wins until the next save.
 */
export interface CatalogueSnapshot {
  release: ReleaseSnapshot | null;
  recording: RecordingSnapshot | null;
}

interface CatalogueView {
  release: (ReleaseSnapshot & { id: string }) | null;
  recording: (RecordingSnapshot & { id: string }) | null;
}

/** One label-copy field and the catalogue column it is: its value as the catalogue holds it ('' is null). */
interface CopyField<C extends string> {
  column: C;
  read: (d: LabelCopyData) => Scalar;
  write: (d: LabelCopyData, value: Scalar) => void;
}

const text = (v: Scalar) => (v === null ? '' : String(v));
const year = (v: Scalar) => (typeof v === 'number' ? v : null);
type TextKey =
  | 'release_title'
  | 'release_version'
  | 'primary_artist'
  | 'label'
  | 'upc'
  | 'catalogue_number'
  | 'release_date'
  | 'original_release_date'
  | 'genre';
const textField = (column: repo.ReleaseColumn, key: TextKey): CopyField<repo.ReleaseColumn> => ({
  column,
  read: (d) => orNull(d[key]),
  write: (d, v) => {
    d[key] = text(v);
  },
});
const lineField = (column: repo.ReleaseColumn, line: 'p_line' | 'c_line', part: 'year' | 'owner') => ({
  column,
  read: (d: LabelCopyData) => (part === 'year' ? d[line].year : orNull(d[line].owner)),
  write: (d: LabelCopyData, v: Scalar) => {
    d[line] = part === 'year' ? { ...d[line], year: year(v) } : { ...d[line], owner: text(v) };
  },
});

const RELEASE_FIELDS: CopyField<repo.ReleaseColumn>[] = [
  textField('title', 'release_title'),
  textField('version', 'release_version'),
  textField('display_artist', 'primary_artist'),
  textField('label_name', 'label'),
  textField('upc', 'upc'),
  textField('catalogue_number', 'catalogue_number'),
  textField('release_date', 'release_date'),
  textField('original_release_date', 'original_release_date'),
  textField('genre', 'genre'),
  lineField('p_line_year', 'p_line', 'year'),
  lineField('p_line_owner', 'p_line', 'owner'),
  lineField('c_line_year', 'c_line', 'year'),
  lineField('c_line_owner', 'c_line', 'owner'),
];

/** The label copy's first track is the song's recording. */
const TRACK_FIELDS: CopyField<RecordingColumn>[] = [
  {
    column: 'title',
    read: (d) => orNull(d.tracks[0]!.title),
    write: (d, v) => {
      d.tracks[0]!.title = text(v);
    },
  },
  {
    column: 'version',
    read: (d) => orNull(d.tracks[0]!.version),
    write: (d, v) => {
      d.tracks[0]!.version = text(v);
    },
  },
  {
    column: 'isrc',
    read: (d) => orNull(d.tracks[0]!.isrc),
    write: (d, v) => {
      d.tracks[0]!.isrc = text(v);
    },
  },
  {
    column: 'duration_seconds',
    read: (d) => d.tracks[0]!.duration_seconds,
    write: (d, v) => {
      d.tracks[0]!.duration_seconds = typeof v === 'number' ? v : null;
    },
  },
  {
    column: 'explicit',
    read: (d) => d.tracks[0]!.explicit,
    write: (d, v) => {
      d.tracks[0]!.explicit = v === true;
    },
  },
];

async function catalogueView(tx: OrgTx, organizationId: string, songId: string): Promise<CatalogueView> {
  const [release, recording] = [
    await repo.findSongRelease(tx, organizationId, songId),
    await repo.findSongRecording(tx, organizationId, songId),
  ];
  return {
    release: release ?? null,
    recording: recording
      ? {
          id: recording.id,
          title: recording.title,
          version: recording.version,
          isrc: recording.isrc,
          duration_seconds: recording.duration_seconds,
          explicit: recording.explicit,
        }
      : null,
  };
}

const snapshotOf = (view: CatalogueView): CatalogueSnapshot => {
  const strip = <T extends { id: string }>(row: T | null) => {
    if (!row) return null;
    const { id: _id, ...rest } = row;
    return rest;
  };
  return { release: strip(view.release), recording: strip(view.recording) };
};

/** A stored snapshot, read leniently (a label copy saved before the catalogue has none). */
function readSnapshot(value: unknown): CatalogueSnapshot | null {
  if (!value || typeof value !== 'object') return null;
  const { release, recording } = value as Record<string, unknown>;
  const part = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, Scalar>) : null);
  return {
    release: part(release) as ReleaseSnapshot | null,
    recording: part(recording) as RecordingSnapshot | null,
  };
}

/**
 * The label copy with the catalogue's values where the catalogue changed since the snapshot. Without
 * a snapshot (a label copy from before the catalogue, or one just made), every value the catalogue
 * holds wins, since the catalogue is the record.
 */
function overlay(
  data: LabelCopyData,
  view: CatalogueView,
  snapshot: CatalogueSnapshot | null,
): LabelCopyData {
  const shown = structuredClone(data);
  const apply = <C extends string>(
    fields: CopyField<C>[],
    current: Record<C, Scalar> | null,
    seen: Record<C, Scalar> | null | undefined,
  ) => {
    if (!current) return;
    for (const field of fields) {
      const value = current[field.column];
      const changed = seen ? !same(value, seen[field.column]) : value !== null && value !== false;
      if (changed) field.write(shown, value);
    }
  };
  apply(RELEASE_FIELDS, view.release, snapshot?.release);
  if (shown.tracks.length > 0) apply(TRACK_FIELDS, view.recording, snapshot?.recording);
  return shown;
}

/** Codes in the label copy that another release or recording of the label carries. */
async function codeConflicts(tx: OrgTx, organizationId: string, data: LabelCopyData, view: CatalogueView) {
  const issues: LabelCopyIssue[] = [];
  const upc = validateUpcEan(data.upc);
  if (data.upc && upc.ok) {
    const other = await repo.releaseUsingUpc(tx, organizationId, upc.value, view.release?.id ?? null);
    if (other)
      issues.push({ field: 'upc', label: 'UPC/EAN', message: CATALOGUE_MESSAGES.upcTaken(other.title) });
  }
  const number = validateCatalogueNumber(data.catalogue_number);
  if (data.catalogue_number && number.ok) {
    const other = await repo.releaseUsingCatalogueNumber(
      tx,
      organizationId,
      number.value,
      view.release?.id ?? null,
    );
    if (other)
      issues.push({
        field: 'catalogue_number',
        label: 'Catalogue number',
        message: CATALOGUE_MESSAGES.catalogueNumberTaken(other.title),
      });
  }
  const isrc = validateIsrc(data.tracks[0]?.isrc ?? '');
  if (data.tracks[0]?.isrc && isrc.ok) {
    const other = await repo.recordingUsingIsrc(tx, organizationId, isrc.value, view.recording?.id ?? null);
    if (other)
      issues.push({
        field: 'tracks.0.isrc',
        label: 'Track 1 ISRC',
        message: CATALOGUE_MESSAGES.isrcTaken(other.title),
      });
  }
  return issues;
}

export interface LabelCopyView {
  data: LabelCopyData;
  /** Codes another record of the label carries, for the label (never shown on the artist's pages). */
  conflicts: LabelCopyIssue[];
}

/** A stored label copy as it is read: the catalogue's values over its own, and its codes' conflicts. */
export async function readLabelCopy(
  tx: OrgTx,
  organizationId: string,
  songId: string,
  stored: Record<string, unknown>,
): Promise<LabelCopyView> {
  const view = await catalogueView(tx, organizationId, songId);
  const data = overlay(readLabelCopyData(stored), view, readSnapshot(stored._catalogue));
  return { data, conflicts: await codeConflicts(tx, organizationId, data, view) };
}

/** A label copy's row data: its fields and the catalogue snapshot they agree with. */
export type StoredLabelCopy = LabelCopyData & { _catalogue: CatalogueSnapshot };

/** A new label copy's data: the prefill with what the catalogue already holds over it. */
export async function newLabelCopy(
  tx: OrgTx,
  organizationId: string,
  songId: string,
  prefill: LabelCopyData,
): Promise<StoredLabelCopy> {
  const view = await catalogueView(tx, organizationId, songId);
  return { ...overlay(prefill, view, null), _catalogue: snapshotOf(view) };
}

type Decision = { write: Scalar } | { keep: 'empty' | 'typed' };

/**
 * Writes a label copy the label saved (or finalises) into the catalogue, in the caller's transaction:
 * the release-level fields into the song's release (a draft single made on the first save, with the
 * song's recording as track 1) and the first track into the song's recording. Answers the data to
 * store: the catalogue's values, except a code the catalogue refused, kept as typed so the label
 * sees it (a mistyped one is named by labelCopyIssues, one used elsewhere by the conflicts).
 *
 * Codes (UPC, catalogue number, ISRC) and the duration are never cleared from the label copy: an
 * empty box keeps what the catalogue holds, because codes are assigned there ("Assign ISRC", "Assign
 * UPC", imports) and a label copy opened before the assignment must not erase it when saved.
 */
export async function syncLabelCopy(
  tx: OrgTx,
  input: { organizationId: string; songId: string; data: LabelCopyData; reviewerId: string | null },
): Promise<StoredLabelCopy> {
  const { organizationId: org, songId, data, reviewerId } = input;
  const song = await repo.findSong(tx, org, songId);
  const recording = song ? await songRecording(tx, org, songId, reviewerId) : undefined;
  const release = await repo.findSongRelease(tx, org, songId, true);
  const audit: AuditEntry[] = [];
  const typed = new Set<string>();

  // The release.
  const releaseDecision = async (field: CopyField<repo.ReleaseColumn>): Promise<Decision> => {
    const value = field.read(data);
    switch (field.column) {
      case 'title':
      case 'display_artist':
        return value === null ? { keep: 'empty' } : { write: value };
      case 'p_line_year':
      case 'c_line_year':
        return value === null || (Number.isInteger(value) && Number(value) >= 1900 && Number(value) <= 2100)
          ? { write: value }
          : { keep: 'typed' };
      case 'upc': {
        if (value === null) return { keep: 'empty' };
        const checked = validateUpcEan(String(value));
        if (!checked.ok) return { keep: 'typed' };
        await repo.lockCode(tx, org, 'upc', checked.value);
        const other = await repo.releaseUsingUpc(tx, org, checked.value, release?.id ?? null);
        return other ? { keep: 'typed' } : { write: checked.value };
      }
      case 'catalogue_number': {
        if (value === null) return { keep: 'empty' };
        const checked = validateCatalogueNumber(String(value));
        if (!checked.ok) return { keep: 'typed' };
        const other = await repo.releaseUsingCatalogueNumber(tx, org, checked.value, release?.id ?? null);
        return other ? { keep: 'typed' } : { write: checked.value };
      }
      default:
        return { write: value };
    }
  };
  const releaseValues: repo.ReleaseValues = {};
  for (const field of RELEASE_FIELDS) {
    const decision = await releaseDecision(field);
    if ('write' in decision) releaseValues[field.column] = decision.write as string | number | null;
    else if (decision.keep === 'typed') typed.add(`release.${field.column}`);
  }
  let releaseId = release?.id;
  if (song && !release) {
    const values = {
      ...releaseValues,
      title: (releaseValues.title as string | undefined) ?? song.title,
      display_artist: (releaseValues.display_artist as string | undefined) ?? song.artist,
    };
    releaseId = await repo.insertSongRelease(tx, org, songId, values, reviewerId);
    audit.push({
      entityKind: 'release',
      entityId: releaseId,
      action: 'sync_label_copy',
      changes: diff({}, { release_type: 'single', status: 'draft', ...values }),
      reviewerId,
    });
  } else if (release) {
    const changes = diff({ ...release }, releaseValues);
    if (Object.keys(changes).length > 0) {
      await repo.updateReleaseFields(tx, org, release.id, releaseValues);
      audit.push({
        entityKind: 'release',
        entityId: release.id,
        action: 'sync_label_copy',
        changes,
        reviewerId,
      });
    }
  }
  if (releaseId && releaseValues.upc !== undefined && releaseValues.upc !== release?.upc)
    await repo.syncPoolCode(tx, org, releaseId, releaseValues.upc as string | null);
  if (releaseId && recording && (await repo.ensureReleaseTrack(tx, org, releaseId, recording.id)) && release)
    audit.push({
      entityKind: 'release',
      entityId: releaseId,
      action: 'sync_label_copy',
      changes: { tracks: { added: recording.title } },
      reviewerId,
    });

  // The first track: the song's recording.
  const track = data.tracks[0];
  if (recording && track) {
    const values: Partial<Record<RecordingColumn, Scalar>> = {
      explicit: track.explicit,
      version: orNull(track.version),
    };
    if (track.title) values.title = track.title;
    if (track.duration_seconds) values.duration_seconds = track.duration_seconds;
    const isrc = validateIsrc(track.isrc);
    if (track.isrc && !isrc.ok) typed.add('recording.isrc');
    if (track.isrc && isrc.ok && isrc.value !== recording.isrc) {
      await repo.lockCode(tx, org, 'isrc', isrc.value);
      if (await repo.recordingUsingIsrc(tx, org, isrc.value, recording.id)) typed.add('recording.isrc');
      else values.isrc = isrc.value;
    }
    const changes = diff({ ...recording }, values);
    if (Object.keys(changes).length > 0) {
      await repo.updateRecordingFields(tx, org, recording.id, values);
      audit.push({
        entityKind: 'recording',
        entityId: recording.id,
        action: 'sync_label_copy',
        changes,
        reviewerId,
      });
    }
  }
  await writeAudit(tx, org, audit);

  // What to store: the catalogue as it is now, except the codes it refused, as typed.
  const view = await catalogueView(tx, org, songId);
  const stored = overlay(data, view, null);
  for (const field of RELEASE_FIELDS)
    if (typed.has(`release.${field.column}`)) field.write(stored, field.read(data));
  if (stored.tracks.length > 0)
    for (const field of TRACK_FIELDS)
      if (typed.has(`recording.${field.column}`)) field.write(stored, field.read(data));
  return { ...stored, _catalogue: snapshotOf(view) };
}
