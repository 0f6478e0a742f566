import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/**
 * Catalogue value (issue 17 point 5; decision 0030): the twelve months' income per artist and per
 * release, from statement_rollups_recording of imported imports, converted in SQL with the rate of
 * each sale month and currency (currency.ts fxJoin: exact numeric products), ranked in SQL so only
 * the rows asked for leave the database.
 */

/** The label's latest sale month ('YYYY-MM') and the sale months and currencies its imports hold. */
export async function importedMonths(tx: OrgTx, org: string) {
  return queryRows<{ month: string; currency: string }>(
    tx,
    sql`select distinct m->>'month' as month, m->>'currency' as currency
        from royalty_imports i, jsonb_array_elements(
          case when jsonb_typeof(i.summary->'months') = 'array' then i.summary->'months' else '[]'::jsonb end) m
        where i.organization_id = ${org} and i.status = 'imported'`,
  );
}

export type ValueRow = {
  kind: 'artist' | 'release' | 'month';
  /** The artist; the release id (null: on no release); the sale month ('YYYY-MM'). */
  key: string | null;
  count: number;
  recordings: number;
  quantity: string;
  converted: string;
  /** Per currency: the net, and the part no rate converted. */
  amounts: Array<{ currency: string; net: string; not_converted: string }>;
  title: string | null;
  display_artist: string | null;
  upc: string | null;
  release_date: string | null;
};

/**
 * The ranked artists and releases (at most `limit` each, with their counts) and the sums per sale
 * month and currency, in one statement over the months' rollups. An artist is the recording's
 * display artist (the release's for whole-release sales); a release is the line's, else the
 * recording's earliest release (a default release for sales reported per track); a line matched to
 * nothing does not count. `converted` sums net x rate where the month and currency have a rate.
 */
export async function catalogueValue(
  tx: OrgTx,
  org: string,
  options: { from: string; to: string; fxJoin: SQL; limit: number | null },
) {
  const limit = options.limit === null ? sql`` : sql`limit ${options.limit}`;
  return queryRows<ValueRow>(
    tx,
    sql`with base as materialized (
          select r.recording_id, r.release_id, r.sale_month, r.currency, sum(r.net) as net,
            sum(r.quantity) as quantity
          from statement_rollups_recording r
          join royalty_imports i on i.id = r.import_id and i.organization_id = ${org} and i.status = 'imported'
          where r.organization_id = ${org}
            and r.sale_month >= ${`${options.from}-01`}::date and r.sale_month <= ${`${options.to}-01`}::date
            and (r.recording_id is not null or r.release_id is not null)
          group by r.recording_id, r.release_id, r.sale_month, r.currency
        ),
        first_release as (
          select distinct on (t.recording_id) t.recording_id, t.release_id
          from release_tracks t join releases rl on rl.id = t.release_id
          where t.organization_id = ${org}
            and t.recording_id in (select recording_id from base where release_id is null)
          order by t.recording_id, rl.release_date nulls last, rl.created_at, rl.id
        ),
        priced as materialized (
          select r.recording_id, coalesce(r.release_id, fr.release_id) as release_id, r.sale_month, r.currency,
            r.net, r.quantity, fx.rate,
            coalesce(rec.display_artist, rel.display_artist) as artist
          from base r
          ${options.fxJoin}
          left join first_release fr on r.release_id is null and fr.recording_id = r.recording_id
          left join recordings rec on rec.id = r.recording_id
          left join releases rel on rel.id = r.release_id
        ),
        artist_currency as (
          select artist, currency, sum(net) as net, coalesce(sum(net) filter (where rate is null), 0) as nc
          from priced group by artist, currency
        ),
        artists as (
          select p.artist, count(distinct p.recording_id)::int as recordings, sum(p.quantity) as quantity,
            coalesce(sum(p.net * p.rate), 0) as converted, count(*) over ()::int as n
          from priced p group by p.artist
          order by converted desc, p.artist
          ${limit}
        ),
        release_currency as (
          select release_id, currency, sum(net) as net, coalesce(sum(net) filter (where rate is null), 0) as nc
          from priced group by release_id, currency
        ),
        releases_ranked as (
          select p.release_id, count(distinct p.recording_id)::int as recordings, sum(p.quantity) as quantity,
            coalesce(sum(p.net * p.rate), 0) as converted, count(*) over ()::int as n
          from priced p group by p.release_id
          order by converted desc, p.release_id nulls last
          ${limit}
        ),
        month_currency as (
          select sale_month, currency, sum(net) as net, sum(quantity) as quantity from priced group by sale_month, currency
        )
        select 'artist' as kind, a.artist as key, a.n as count, a.recordings, a.quantity::text as quantity,
          a.converted::text as converted,
          (select jsonb_agg(jsonb_build_object('currency', c.currency, 'net', c.net::text, 'not_converted', c.nc::text)
            order by c.currency) from artist_currency c where c.artist = a.artist) as amounts,
          null as title, null as display_artist, null as upc, null as release_date
        from artists a
        union all
        select 'release', r.release_id::text, r.n, r.recordings, r.quantity::text, r.converted::text,
          (select jsonb_agg(jsonb_build_object('currency', c.currency, 'net', c.net::text, 'not_converted', c.nc::text)
            order by c.currency) from release_currency c where c.release_id is not distinct from r.release_id),
          rel.title, rel.display_artist, rel.upc, rel.release_date::text
        from releases_ranked r left join releases rel on rel.id = r.release_id
        union all
        select 'month', to_char(m.sale_month, 'YYYY-MM'), 0, 0, m.quantity::text, '0',
          jsonb_build_array(jsonb_build_object('currency', m.currency, 'net', m.net::text, 'not_converted', '0')),
          null, null, null, null
        from month_currency m`,
  );
}
