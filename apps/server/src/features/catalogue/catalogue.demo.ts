import { percentToBp, upcRange } from '@music-review/core/catalogue';
import { iswcCheckDigit } from '@music-review/core/music-codes';
import { sql } from 'drizzle-orm';
import { type Database, type OrgTx, queryRows } from '../../platform/db/index.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { writeAudit, writeSplitVersion } from './audit.repo.ts';
import {
  DEMO_ISRC_PREFIX,
  DEMO_LABEL_NAME,
  DEMO_LOOSE_RECORDING,
  DEMO_PARTIES,
  DEMO_PAYEES,
  DEMO_PRODUCERS,
  DEMO_PUBLISHER,
  DEMO_RELEASES,
  DEMO_UPC_COUNT,
  DEMO_UPC_FIRST,
  DEMO_WORK_WRITERS,
  type DemoParty,
  type DemoWriter,
  teamMasterSplit,
  teamWriters,
} from './catalogue.demo-data.ts';
import { findPartyByName } from './catalogue.sync.repo.ts';

/** Other features' demo seeds give a recording the label's next ISRC as "Assign ISRC" does. */
export { assignNextIsrc } from './recordings.isrc.ts';

/**
 * The demo label's back catalogue (catalogue.demo-data.ts): its settings and UPC pool, payees, people,
 * works with their writer splits, releases with their recordings, credits and master splits, all
 * origin `imported`. Runs once per label, in one transaction: skipped when the label already has an
 * imported recording. Nothing is random, so every seeded database holds the same catalogue.
 */
export async function seedCatalogueDemo(
  database: Database,
  organizationId: string,
  options: { secrets?: SecretBox | undefined } = {},
): Promise<boolean> {
  return database.withOrg(organizationId, async (tx) => {
    const [seeded] = await queryRows<{ id: string }>(
      tx,
      sql`select id from recordings where organization_id = ${organizationId} and origin = 'imported' limit 1`,
    );
    if (seeded) return false;
    // One seed, not hundreds of realtime messages (decision 0025: bulk writes are announced by batch).
    await tx.execute(sql`select set_config('mr.bulk_change', 'on', true)`);
    await seedBackCatalogue(tx, organizationId, options.secrets);
    return true;
  });
}

const one = async (tx: OrgTx, query: ReturnType<typeof sql>) =>
  (await queryRows<{ id: string }>(tx, query))[0]!.id;

/** A valid ISWC for the n-th work (T, nine digits, its check digit). */
function demoIswc(n: number) {
  const digits = String(312_500_000 + n * 37).padStart(9, '0');
  return `T${digits}${iswcCheckDigit(digits)}`;
}

async function seedBackCatalogue(tx: OrgTx, org: string, secrets: SecretBox | undefined) {
  const audit: Parameters<typeof writeAudit>[2][number][] = [];

  // Payees and the people paid through them.
  const payees = new Map<string, string>();
  for (const p of DEMO_PAYEES) {
    const details = secrets ? secrets.seal(p.details) : null;
    payees.set(
      p.name,
      await one(
        tx,
        sql`insert into payees (organization_id, name, email, currency, tax_id, payment_method, payment_details_encrypted,
              minimum_payout_minor)
            values (${org}, ${p.name}, ${p.email}, ${p.currency}, ${p.taxId}, ${p.method}, ${details},
              ${p.minimumPayoutMinor})
            returning id`,
      ),
    );
  }
  const parties = new Map<string, string>();
  for (const p of DEMO_PARTIES) parties.set(p.name, await upsertParty(tx, org, p, payees));
  const partyId = (name: string) => {
    const id = parties.get(name);
    if (!id) throw new Error(`Demo catalogue: unknown party ${name}`);
    return id;
  };

  // Works, each with its writer split (version 1).
  const workWriters = new Map<string, DemoWriter[]>();
  for (const release of DEMO_RELEASES)
    for (const track of release.tracks)
      if (!workWriters.has(track.work))
        workWriters.set(track.work, DEMO_WORK_WRITERS[track.work] ?? teamWriters(release.team));
  const works = new Map<string, string>();
  let n = 0;
  for (const [title, writers] of workWriters) {
    const iswc = n % 3 === 2 ? null : demoIswc(n);
    n += 1;
    const id = await one(
      tx,
      sql`insert into works (organization_id, title, iswc) values (${org}, ${title}, ${iswc}) returning id`,
    );
    works.set(title, id);
    const rows = writers.map(
      (w, position) =>
        sql`(${org}, ${id}, ${partyId(w.party)}, ${w.role}, ${percentToBp(w.share)},
          ${w.publisher ? partyId(w.publisher) : null}, ${position})`,
    );
    await tx.execute(sql`insert into work_writers (organization_id, work_id, party_id, role, share_bp, publisher_id, position)
      values ${sql.join(rows, sql`, `)}`);
    await writeSplitVersion(tx, org, {
      kind: 'writer',
      subjectId: id,
      shares: writers.map((w) => ({
        id: partyId(w.party),
        name: w.party,
        share_bp: percentToBp(w.share),
        role: w.role,
      })),
      changedBy: null,
    });
  }

  // The UPC range bought from GS1; the releases take its first codes.
  const codes = upcRange(DEMO_UPC_FIRST, DEMO_UPC_COUNT)!;
  await tx.execute(sql`insert into upc_pool (organization_id, code)
    values ${sql.join(
      codes.map((code) => sql`(${org}, ${code})`),
      sql`, `,
    )}
    on conflict (organization_id, code) do nothing`);

  // ISRCs in sequence per year of reference, from 00001.
  const numbers = new Map<number, number>();
  const nextIsrc = (year: number) => {
    const next = (numbers.get(year) ?? 0) + 1;
    numbers.set(year, next);
    return `${DEMO_ISRC_PREFIX}${String(year % 100).padStart(2, '0')}${String(next).padStart(5, '0')}`;
  };

  const addRecording = async (values: {
    title: string;
    version: string | null;
    artist: string;
    isrc: string | null;
    seconds: number;
    explicit: boolean;
    genre: string;
    subgenre: string | null;
    language: string;
    bpm: number | null;
    key: string | null;
    year: number;
    work: string;
    credits: { party: string; role: string }[];
    split: { payee: string; share: number }[] | null;
  }) => {
    const id = await one(
      tx,
      sql`insert into recordings (organization_id, title, version, display_artist, isrc, duration_seconds, explicit,
            genre, subgenre, language, bpm, musical_key, p_line_year, p_line_owner, recording_year, origin, work_id)
          values (${org}, ${values.title}, ${values.version}, ${values.artist}, ${values.isrc}, ${values.seconds},
            ${values.explicit}, ${values.genre}, ${values.subgenre}, ${values.language}, ${values.bpm}, ${values.key},
            ${values.year}, ${DEMO_LABEL_NAME}, ${values.year}, 'imported', ${works.get(values.work) ?? null})
          returning id`,
    );
    const credits = values.credits.map(
      (c, position) => sql`(${org}, ${id}, ${partyId(c.party)}, ${c.role}, ${position})`,
    );
    await tx.execute(sql`insert into recording_artists (organization_id, recording_id, party_id, role, position)
      values ${sql.join(credits, sql`, `)} on conflict do nothing`);
    if (values.split) {
      const shares = values.split.map((s) => ({
        id: payees.get(s.payee)!,
        name: s.payee,
        share_bp: percentToBp(s.share),
      }));
      await tx.execute(sql`insert into master_splits (organization_id, recording_id, payee_id, share_bp)
        values ${sql.join(
          shares.map((s) => sql`(${org}, ${id}, ${s.id}, ${s.share_bp})`),
          sql`, `,
        )}`);
      await writeSplitVersion(tx, org, { kind: 'master', subjectId: id, shares, changedBy: null });
    }
    audit.push({
      entityKind: 'recording',
      entityId: id,
      action: 'import',
      changes: { source: 'demo back catalogue' },
      reviewerId: null,
    });
    return id;
  };

  for (const [index, release] of DEMO_RELEASES.entries()) {
    const upc = codes[index]!;
    const releaseId = await one(
      tx,
      sql`insert into releases (organization_id, title, display_artist, release_type, upc, catalogue_number, label_name,
            release_date, original_release_date, p_line_year, p_line_owner, c_line_year, c_line_owner, genre, status)
          values (${org}, ${release.title}, ${release.artist}, ${release.type}, ${upc}, ${release.catalogueNumber},
            ${DEMO_LABEL_NAME}, ${release.date}, ${release.date}, ${release.year}, ${DEMO_LABEL_NAME}, ${release.year},
            ${DEMO_PUBLISHER}, ${release.genre}, ${release.status})
          returning id`,
    );
    await tx.execute(sql`update upc_pool set release_id = ${releaseId}, assigned_at = now()
      where organization_id = ${org} and code = ${upc}`);
    audit.push({
      entityKind: 'release',
      entityId: releaseId,
      action: 'import',
      changes: { source: 'demo back catalogue' },
      reviewerId: null,
    });
    const producer = DEMO_PRODUCERS[release.catalogueNumber];
    let previousIsrc: string | null = null;
    const tracks: string[] = [];
    for (const track of release.tracks) {
      const isrc: string | null =
        track.isrc === 'missing'
          ? null
          : track.isrc === 'same-as-previous'
            ? previousIsrc
            : nextIsrc(release.year);
      previousIsrc = isrc;
      tracks.push(
        await addRecording({
          title: track.title,
          version: track.version ?? null,
          artist: track.displayArtist ?? release.artist,
          isrc,
          seconds: track.seconds,
          explicit: track.explicit ?? false,
          genre: release.genre,
          subgenre: release.subgenre ?? null,
          language: track.language ?? release.language,
          bpm: track.bpm ?? null,
          key: track.key ?? null,
          year: release.year,
          work: track.work,
          credits: [
            ...release.primary.map((party) => ({ party, role: 'primary' })),
            ...(track.credits ?? []),
            ...(producer ? [{ party: producer, role: 'producer' }] : []),
          ],
          split: track.masterSplit === null ? null : (track.masterSplit ?? teamMasterSplit(release.team)),
        }),
      );
    }
    await tx.execute(sql`insert into release_tracks (organization_id, release_id, recording_id, disc_number, track_number)
      values ${sql.join(
        tracks.map((recordingId, i) => sql`(${org}, ${releaseId}, ${recordingId}, 1, ${i + 1})`),
        sql`, `,
      )}`);
  }

  const loose = DEMO_LOOSE_RECORDING;
  await addRecording({
    title: loose.title,
    version: null,
    artist: loose.artist,
    isrc: nextIsrc(loose.year),
    seconds: loose.seconds,
    explicit: false,
    genre: loose.genre,
    subgenre: null,
    language: loose.language,
    bpm: null,
    key: null,
    year: loose.year,
    work: loose.work,
    credits: loose.primary.map((party) => ({ party, role: 'primary' })),
    split: null,
  });

  // The label's settings: its ISRC prefix and the number the next ISRC of this year takes.
  const year = new Date().getUTCFullYear();
  await tx.execute(sql`insert into catalogue_settings (organization_id, isrc_prefix, isrc_year, isrc_next_number, label_name,
      default_p_owner, default_c_owner)
    values (${org}, ${DEMO_ISRC_PREFIX}, ${year % 100}, ${(numbers.get(year) ?? 0) + 1}, ${DEMO_LABEL_NAME},
      ${DEMO_LABEL_NAME}, ${DEMO_PUBLISHER})
    on conflict (organization_id) do nothing`);
  await writeAudit(tx, org, audit);
}

/** The party of this name (a signed song's sync may have made it first), completed; or a new one. */
async function upsertParty(tx: OrgTx, org: string, p: DemoParty, payees: Map<string, string>) {
  const payeeId = p.payee ? (payees.get(p.payee) ?? null) : null;
  const found = await findPartyByName(tx, org, p.name);
  if (found) {
    await tx.execute(sql`update parties set
        roles = array(select distinct unnest(roles || ${sql`array[${sql.join(
          p.roles.map((r) => sql`${r}`),
          sql`, `,
        )}]::text[]`})),
        aliases = case when cardinality(aliases) = 0 then ${sql`array[${sql.join(
          (p.aliases ?? []).map((a) => sql`${a}`),
          sql`, `,
        )}]::text[]`} else aliases end,
        party_type = ${p.type}, legal_name = coalesce(legal_name, ${p.legalName ?? null}),
        ipi = coalesce(ipi, ${p.ipi ?? null}), pro = coalesce(pro, ${p.pro ?? null}),
        pro_member_number = coalesce(pro_member_number, ${p.proMemberNumber ?? null}),
        isni = coalesce(isni, ${p.isni ?? null}), country = coalesce(country, ${p.country ?? null}),
        email = coalesce(email, ${p.email ?? null}), payee_id = coalesce(payee_id, ${payeeId}),
        row_version = row_version + 1, updated_at = now()
      where organization_id = ${org} and id = ${found.id}`);
    return found.id;
  }
  return one(
    tx,
    sql`insert into parties (organization_id, name, aliases, legal_name, party_type, roles, isni, ipi, pro,
          pro_member_number, country, email, payee_id)
        values (${org}, ${p.name}, ${sql`array[${sql.join(
          (p.aliases ?? []).map((a) => sql`${a}`),
          sql`, `,
        )}]::text[]`}, ${p.legalName ?? null}, ${p.type}, ${sql`array[${sql.join(
          p.roles.map((r) => sql`${r}`),
          sql`, `,
        )}]::text[]`}, ${p.isni ?? null}, ${p.ipi ?? null}, ${p.pro ?? null}, ${p.proMemberNumber ?? null},
          ${p.country ?? null}, ${p.email ?? null}, ${payeeId})
        returning id`,
  );
}
