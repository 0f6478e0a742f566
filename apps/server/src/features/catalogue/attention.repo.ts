import { NEAR_DUPLICATE_SECONDS } from '@music-review/core/catalogue';
import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/**
 * Each check of "Needs attention" answers its first `limit` findings and how many there are in all.
 * Where the findings can be many (every recording without a split), the items walk an index and
 * stop at the limit while the count is a second statement that neither sorts nor builds the items;
 * where they are few and costly to find (duplicates), one statement gives both (`total`, the same
 * on every row).
 */
type Found<T> = T & { total: number };

const take = async <T>(tx: OrgTx, query: SQL) => {
  const rows = await queryRows<Found<T>>(tx, query);
  return { rows: rows as T[], total: rows[0]?.total ?? 0 };
};

const takeAndCount = async <T>(tx: OrgTx, items: SQL, count: SQL) => {
  const rows = await queryRows<T>(tx, items);
  const [counted] = await queryRows<{ total: number }>(tx, count);
  return { rows, total: counted?.total ?? 0 };
};

/** A recording as a link names it. */
export type RecordingRef = {
  id: string;
  title: string;
  display_artist: string;
  duration_seconds: number | null;
};

/** One ISRC on two or more recordings of the label. */
export function duplicateIsrcs(tx: OrgTx, organizationId: string, limit: number) {
  return take<{ isrc: string; recordings: RecordingRef[] }>(
    tx,
    sql`select r.isrc,
          json_agg(json_build_object('id', r.id, 'title', r.title, 'display_artist', r.display_artist,
            'duration_seconds', r.duration_seconds) order by lower(r.title), r.id) as recordings,
          (count(*) over ())::int as total
        from recordings r
        where r.organization_id = ${organizationId} and r.isrc is not null
        group by r.isrc having count(*) > 1
        order by r.isrc limit ${limit}`,
  );
}

// The keys near-duplicates are matched on, computed in SQL approximately like
// normalizeForDuplicates (core/catalogue.ts). unaccent is not installed, so after lower() the Latin
// letters with accents (U+00E0 to U+017F) are translated to their base letter one by one, as NFKD
// would; accents on other letters stay. Then a "(feat. X)" or "[ft. X]" credit and a trailing
// "feat. X" are removed and every run of characters that are not letters or digits becomes one
// space. Only keys that keep a letter or digit take part: two titles in a script the database's
// character classes do not know never match on an empty key.
/** The lower-case Latin letters (U+00E0 to U+017F) that are an ASCII letter and marks, and that letter. */
const [ACCENTED, PLAIN] = (() => {
  let accented = '';
  let plain = '';
  for (let code = 0xe0; code <= 0x17f; code++) {
    const letter = String.fromCharCode(code);
    const base = letter.normalize('NFKD').replace(/\p{M}/gu, '');
    if (letter === letter.toLowerCase() && /^[a-z]$/.test(base)) {
      accented += letter;
      plain += base;
    }
  }
  return [accented, plain];
})();
const BRACKETED_FEAT = '[([]\\s*(feat\\.?|ft\\.?|featuring)\\s[^])]*[])]';
const TRAILING_FEAT = '\\s(feat\\.?|ft\\.?|featuring)\\s.*$';
const NOT_LETTER_OR_DIGIT = '[^[:alnum:]]+';

const normalized = (value: SQL) =>
  sql`btrim(regexp_replace(regexp_replace(regexp_replace(translate(lower(${value}), ${ACCENTED}, ${PLAIN}),
    ${BRACKETED_FEAT}, ' ', 'g'), ${TRAILING_FEAT}, ' ', 'g'), ${NOT_LETTER_OR_DIGIT}, ' ', 'g'))`;

/**
 * Two recordings with the same normalised title and display artist whose lengths differ by at most
 * NEAR_DUPLICATE_SECONDS (both lengths known: without them nothing says they are the same take).
 */
export function nearDuplicateRecordings(tx: OrgTx, organizationId: string, limit: number) {
  return take<{ a: RecordingRef; b: RecordingRef }>(
    tx,
    sql`with keyed as materialized (
          select r.id, r.title, r.display_artist, r.duration_seconds,
            ${normalized(sql`r.title`)} as title_key, ${normalized(sql`r.display_artist`)} as artist_key
          from recordings r
          where r.organization_id = ${organizationId} and r.duration_seconds is not null
        )
        select json_build_object('id', a.id, 'title', a.title, 'display_artist', a.display_artist,
            'duration_seconds', a.duration_seconds) as a,
          json_build_object('id', b.id, 'title', b.title, 'display_artist', b.display_artist,
            'duration_seconds', b.duration_seconds) as b,
          (count(*) over ())::int as total
        from keyed a join keyed b
          on b.title_key = a.title_key and b.artist_key = a.artist_key and a.id < b.id
          and abs(a.duration_seconds - b.duration_seconds) <= ${NEAR_DUPLICATE_SECONDS}
        where a.title_key <> ''
        order by a.title_key, a.artist_key, a.id, b.id
        limit ${limit}`,
  );
}

/** A release without a UPC/EAN, or with a track whose recording has no ISRC. */
export function releasesMissingCodes(tx: OrgTx, organizationId: string, limit: number) {
  const trackWithoutIsrc = sql`exists (select 1 from release_tracks rt join recordings r on r.id = rt.recording_id
    where rt.organization_id = ${organizationId} and rt.release_id = rel.id and r.isrc is null)`;
  const where = sql`rel.organization_id = ${organizationId} and (rel.upc is null or ${trackWithoutIsrc})`;
  return takeAndCount<{
    id: string;
    title: string;
    no_upc: boolean;
    tracks: { id: string; title: string }[];
  }>(
    tx,
    sql`select rel.id, rel.title, rel.upc is null as no_upc,
          coalesce((select json_agg(json_build_object('id', r.id, 'title', r.title) order by rt.disc_number, rt.track_number)
            from release_tracks rt join recordings r on r.id = rt.recording_id
            where rt.organization_id = ${organizationId} and rt.release_id = rel.id and r.isrc is null), '[]'::json) as tracks
        from releases rel
        where ${where}
        order by lower(rel.title) collate "C", rel.id
        limit ${limit}`,
    sql`select count(*)::int as total from releases rel where ${where}`,
  );
}

/** A person who writes on some work and has no IPI or no PRO. */
export function writersMissingIpiOrPro(tx: OrgTx, organizationId: string, limit: number) {
  const where = sql`p.organization_id = ${organizationId}
    and (nullif(p.ipi, '') is null or nullif(btrim(p.pro), '') is null)
    and exists (select 1 from work_writers ww where ww.organization_id = ${organizationId} and ww.party_id = p.id)`;
  return takeAndCount<{ id: string; name: string; no_ipi: boolean; no_pro: boolean }>(
    tx,
    sql`select p.id, p.name, nullif(p.ipi, '') is null as no_ipi, nullif(btrim(p.pro), '') is null as no_pro
        from parties p where ${where}
        order by lower(p.name) collate "C", p.id
        limit ${limit}`,
    sql`select count(*)::int as total from parties p where ${where}`,
  );
}

/** A work whose writers' shares do not total 100 % (or that has no writers). */
export function worksSharesNot100(tx: OrgTx, organizationId: string, limit: number) {
  const shares = sql`(select coalesce(sum(ww.share_bp), 0) from work_writers ww
    where ww.organization_id = ${organizationId} and ww.work_id = w.id)`;
  return takeAndCount<{ id: string; title: string; shares_bp: number; writers: number }>(
    tx,
    sql`select w.id, w.title, s.shares_bp, s.writers
        from works w
        cross join lateral (
          select coalesce(sum(ww.share_bp), 0)::int as shares_bp, count(*)::int as writers
          from work_writers ww where ww.organization_id = ${organizationId} and ww.work_id = w.id
        ) s
        where w.organization_id = ${organizationId} and s.shares_bp <> 10000
        order by lower(w.title) collate "C", w.id
        limit ${limit}`,
    sql`select count(*)::int as total from works w where w.organization_id = ${organizationId} and ${shares} <> 10000`,
  );
}

/** A recording without a master split. */
export function recordingsWithoutMasterSplit(tx: OrgTx, organizationId: string, limit: number) {
  const noSplit = sql`not exists (select 1 from master_splits ms
    where ms.organization_id = ${organizationId} and ms.recording_id = r.id)`;
  return takeAndCount<RecordingRef>(
    tx,
    sql`select r.id, r.title, r.display_artist, r.duration_seconds
        from recordings r
        where r.organization_id = ${organizationId}
          and (select ms.recording_id from master_splits ms
            where ms.organization_id = ${organizationId} and ms.recording_id = r.id limit 1) is null
        order by lower(r.title) collate "C", r.id
        limit ${limit}`,
    sql`select count(*)::int as total from recordings r where r.organization_id = ${organizationId} and ${noSplit}`,
  );
}
