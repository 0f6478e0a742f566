import {
  CONTRACT_KIND_LABELS,
  CONTRACT_STATUS_LABELS,
  type ContractKind,
} from '@music-review/core/contracts';
import {
  cLineText,
  emptyLabelCopy,
  formatDuration,
  LABEL_COPY_LIMITS,
  LABEL_COPY_STATUS_LABELS,
  type LabelCopyData,
  type LabelCopyDocument,
  type LabelCopyStatus,
  labelCopyDataSchema,
  pLineText,
  territoriesText,
  WRITER_ROLE_LABELS,
} from '@music-review/core/label-copy';
import { METADATA_LIMITS, type MetadataFormData } from '@music-review/core/metadata-forms';
import { CODE_INPUT_MAX, formatIsrc, validateUpcEan } from '@music-review/core/music-codes';
import { PdfWriter } from '../../platform/pdf/pdf-writer.ts';

/**
 * Building a label copy: the prefill of a new one (song, metadata form, signed contract), the
 * generator's assembled document, and its PDF. Pure apart from pdf-lib.
 */

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
/**
 * A stored value cut to the label copy field's limit. Forms keep every value within these limits
 * (decision 0013), so only data stored before that rule is cut; a cut code is still checked by
 * labelCopyIssues, so the member sees it beside its field to fix.
 */
const fit = (v: string, max: number) => v.slice(0, max);
/** A share as label copy takes it: a percentage from 0 to 100. */
const shareOf = (v: unknown) => Math.min(100, Math.max(0, num(v)));

export interface PrefillSources {
  song: { title: string; artist: string };
  organizationName: string;
  metadata: { status: string; data: Json } | null;
  contract: { artist_name: string; terms: Json; completed_at: Date | string | null } | null;
  now?: Date;
}

/** Metadata writers and publishers as label copy rows (lenient: the form's draft may be partial). */
function metadataPeople(data: Json) {
  const meta = data as Partial<MetadataFormData>;
  const writers = arr(meta.writers).map((w) => {
    const x = (w ?? {}) as Json;
    const role = str(x.role);
    return {
      name: fit(str(x.name), LABEL_COPY_LIMITS.text),
      role: (role in WRITER_ROLE_LABELS ? role : 'composer_lyricist') as keyof typeof WRITER_ROLE_LABELS,
      pro: fit(str(x.pro), METADATA_LIMITS.pro),
      ipi: fit(str(x.ipi), CODE_INPUT_MAX.ipi),
      share: shareOf(x.share),
    };
  });
  const publishers = arr(meta.publishers).map((p) => {
    const x = (p ?? {}) as Json;
    return {
      name: fit(str(x.name), LABEL_COPY_LIMITS.text),
      pro: fit(str(x.pro), METADATA_LIMITS.pro),
      ipi: fit(str(x.ipi), CODE_INPUT_MAX.ipi),
      share: shareOf(x.share),
    };
  });
  return {
    writers: writers.filter((w) => w.name).slice(0, LABEL_COPY_LIMITS.list),
    publishers: publishers.filter((p) => p.name).slice(0, LABEL_COPY_LIMITS.list),
  };
}

function contractWriters(terms: Json) {
  return arr(terms.writers)
    .map((w) => {
      const x = (w ?? {}) as Json;
      return {
        name: fit(str(x.name), LABEL_COPY_LIMITS.text),
        role: 'composer_lyricist' as const,
        pro: '',
        ipi: '',
        share: shareOf(x.share),
      };
    })
    .filter((w) => w.name)
    .slice(0, LABEL_COPY_LIMITS.list);
}

/**
 * The prefill as label copy data. Every value above is already cut to its field; should a stored
 * value still not fit (a shape no form writes), its top-level field starts empty instead of the
 * creation failing: a member can always create the label copy and fill in what is missing.
 */
function fitLabelCopy(candidate: Record<string, unknown>): LabelCopyData {
  const input = { ...candidate };
  for (let attempt = 0; attempt < 5; attempt++) {
    const parsed = labelCopyDataSchema.safeParse(input);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) delete input[String(issue.path[0])];
  }
  return emptyLabelCopy();
}

/**
 * A new label copy from what the app already knows: the song (title, artist), the confirmed (or
 * latest) metadata form (ISRC, version, artists, writers, publishers, genre, explicit) and the newest
 * signed contract (artist, label party, territory, writers' shares when the form names none).
 */
export function prefillLabelCopy(sources: PrefillSources): LabelCopyData {
  const { song, metadata, contract } = sources;
  const year = (sources.now ?? new Date()).getUTCFullYear();
  const meta = (metadata?.data ?? {}) as Json;
  const terms = (contract?.terms ?? {}) as Json;
  const labelParty = arr(terms.parties)
    .map((p) => (p ?? {}) as Json)
    .find((p) => str(p.role).toLowerCase() === 'label');
  const label = str(labelParty?.name) || sources.organizationName;

  const primaryArtists = arr(meta.primary_artists).map(str).filter(Boolean);
  const featured = arr(meta.featured_artists).map(str).filter(Boolean);
  const primary =
    primaryArtists.join(' & ') || str(terms.artist_name) || contract?.artist_name || song.artist;
  const trackArtists = featured.length ? `${primary} feat. ${featured.join(' & ')}` : primary;
  const title = str(meta.title) || song.title;
  const territory = str(terms.territory);
  const isWorldwide = territory === '' || /world/i.test(territory);
  const people = metadataPeople(meta);

  return fitLabelCopy({
    ...emptyLabelCopy(),
    release_title: fit(title, LABEL_COPY_LIMITS.text),
    release_version: fit(str(meta.version), LABEL_COPY_LIMITS.text),
    primary_artist: fit(primary, 400),
    label: fit(label, LABEL_COPY_LIMITS.text),
    genre: fit(str(meta.genre), 100),
    worldwide: isWorldwide,
    territories: isWorldwide
      ? []
      : territory
          .toUpperCase()
          .split(/[\s,;]+/)
          .filter((c) => /^[A-Z]{2}$/.test(c)),
    p_line: { year, owner: fit(label, LABEL_COPY_LIMITS.text) },
    c_line: { year, owner: people.publishers[0]?.name || fit(label, LABEL_COPY_LIMITS.text) },
    tracks: [
      {
        title: fit(title, LABEL_COPY_LIMITS.text),
        version: fit(str(meta.version), LABEL_COPY_LIMITS.text),
        artists: fit(trackArtists, 400),
        isrc: fit(str(meta.isrc), CODE_INPUT_MAX.isrc),
        duration_seconds: null,
        explicit: meta.explicit === true,
      },
    ],
    writers: people.writers.length ? people.writers : contractWriters(terms),
    publishers: people.publishers,
  });
}

/**
 * The generator's document: the label copy, with writers and publishers from the metadata form
 * (or the contract's shares) when the label copy names none, and the signed contract's parties.
 */
export function assembleDocument(input: {
  copy: LabelCopyData;
  status: LabelCopyStatus;
  songTitle: string;
  organizationName: string;
  metadata: { status: string; data: Json } | null;
  contract: {
    title: string;
    kind: string;
    status: string;
    terms: Json;
    completed_at: Date | string | null;
  } | null;
  now?: Date;
}): LabelCopyDocument {
  const data = structuredClone(input.copy);
  const meta = input.metadata ? metadataPeople(input.metadata.data) : { writers: [], publishers: [] };
  if (data.writers.length === 0) {
    data.writers = meta.writers.length
      ? meta.writers
      : input.contract
        ? contractWriters(input.contract.terms)
        : [];
  }
  if (data.publishers.length === 0) data.publishers = meta.publishers;
  const terms = input.contract?.terms ?? {};
  const kind = input.contract?.kind as ContractKind | undefined;
  return {
    title: data.release_title || input.songTitle,
    organization_name: input.organizationName,
    song_title: input.songTitle,
    status: input.status,
    data,
    contract: input.contract
      ? {
          title: input.contract.title,
          kind: (kind && CONTRACT_KIND_LABELS[kind]) || input.contract.kind,
          status:
            CONTRACT_STATUS_LABELS[input.contract.status as keyof typeof CONTRACT_STATUS_LABELS] ??
            input.contract.status,
          parties: arr(terms.parties).map((p) => {
            const x = (p ?? {}) as Json;
            return { name: str(x.name), role: str(x.role) };
          }),
          territory: str(terms.territory),
          term: str(terms.term),
          signed_at: input.contract.completed_at ? new Date(input.contract.completed_at).toISOString() : null,
        }
      : null,
    sources: { metadata_status: input.metadata?.status ?? null, contract: input.contract !== null },
    generated_at: (input.now ?? new Date()).toISOString(),
  };
}

/** A document from the label copy alone (the read-only share's downloads). */
export function documentOfCopy(input: {
  copy: LabelCopyData;
  status: LabelCopyStatus;
  songTitle: string;
  organizationName: string;
  at: Date | string;
}): LabelCopyDocument {
  return {
    title: input.copy.release_title || input.songTitle,
    organization_name: input.organizationName,
    song_title: input.songTitle,
    status: input.status,
    data: input.copy,
    contract: null,
    sources: { metadata_status: null, contract: false },
    generated_at: new Date(input.at).toISOString(),
  };
}

const dateText = (iso: string) => {
  if (!iso) return '';
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
};

/** The label copy as a PDF: release details, rights lines, tracks with ISRCs, credits, writers. */
export async function renderLabelCopyPdf(doc: LabelCopyDocument): Promise<Uint8Array> {
  const d = doc.data;
  const pdf = await PdfWriter.create({ title: `Label copy: ${doc.title}`, footer: doc.organization_name });
  pdf.heading(doc.title, 1);
  pdf.paragraph(
    [
      d.primary_artist,
      doc.organization_name,
      `${LABEL_COPY_STATUS_LABELS[doc.status]} · generated ${dateText(doc.generated_at.slice(0, 10))}`,
    ]
      .filter(Boolean)
      .join('  ·  '),
    { muted: true },
  );

  pdf.heading('Release');
  const upc = validateUpcEan(d.upc);
  pdf.keyValues([
    ['Release title', d.release_title],
    ['Version', d.release_version],
    ['Primary artist', d.primary_artist],
    ['Label', d.label],
    ['Catalogue number', d.catalogue_number],
    [upc.ok && upc.value.length === 13 ? 'EAN' : 'UPC', d.upc],
    ['Release date', dateText(d.release_date)],
    ['Original release date', dateText(d.original_release_date)],
    ['Genre', d.genre],
    ['Territories', territoriesText(d)],
  ]);

  pdf.heading('Rights');
  pdf.keyValues(
    [
      ['P-line (recording)', pLineText(d.p_line)],
      ['C-line (composition, artwork)', cLineText(d.c_line)],
    ],
    165,
  );

  pdf.heading('Tracks');
  pdf.table(
    [
      { header: '#', width: 0.5 },
      { header: 'Title', width: 2.8 },
      { header: 'Version', width: 1.8 },
      { header: 'Artists', width: 2.8 },
      { header: 'ISRC', width: 2.6 },
      { header: 'Duration', width: 1.6 },
      { header: 'Explicit', width: 1.6 },
    ],
    d.tracks.map((t, i) => [
      String(i + 1),
      t.title,
      t.version,
      t.artists,
      t.isrc ? formatIsrc(t.isrc) : '',
      formatDuration(t.duration_seconds),
      t.explicit ? 'Explicit' : 'Clean',
    ]),
  );

  pdf.heading('Credits');
  pdf.keyValues([
    ['Producer', d.credits.producer],
    ['Engineer', d.credits.engineer],
    ['Mixer', d.credits.mixer],
    ['Mastering engineer', d.credits.mastering_engineer],
    ...d.credits.performers.map((p) => [p.role || 'Performer', p.name] as const),
  ]);

  if (d.writers.length > 0) {
    pdf.heading('Writers');
    pdf.table(
      [
        { header: 'Name', width: 3 },
        { header: 'Role', width: 2.4 },
        { header: 'PRO', width: 1.4 },
        { header: 'IPI', width: 2 },
        { header: 'Share', width: 1.2 },
      ],
      d.writers.map((w) => [w.name, WRITER_ROLE_LABELS[w.role] ?? w.role, w.pro, w.ipi, `${w.share}%`]),
    );
  }
  if (d.publishers.length > 0) {
    pdf.heading('Publishers');
    pdf.table(
      [
        { header: 'Name', width: 3 },
        { header: 'PRO', width: 1.4 },
        { header: 'IPI', width: 2 },
        { header: 'Share', width: 1.2 },
      ],
      d.publishers.map((p) => [p.name, p.pro, p.ipi, `${p.share}%`]),
    );
  }
  if (doc.contract) {
    const c = doc.contract;
    pdf.heading('Contract');
    pdf.keyValues([
      ['Agreement', [c.kind, c.title].filter(Boolean).join(': ')],
      ['Status', c.signed_at ? `${c.status} on ${dateText(c.signed_at.slice(0, 10))}` : c.status],
      ['Parties', c.parties.map((p) => (p.role ? `${p.name} (${p.role})` : p.name)).join('; ')],
      ['Territory', c.territory],
      ['Term', c.term],
    ]);
  }
  return pdf.toBytes();
}
