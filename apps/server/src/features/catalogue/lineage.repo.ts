import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/**
 * The demo a recording came from, with its decision. The songs table records the decision (its
 * status) but not when it was taken: the recording is created when the song is signed
 * (catalogue.sync), so its creation is that moment; for recordings the catalogue migration made
 * from songs signed earlier, the song's first contract (drawn up after signing) comes sooner and
 * is taken instead.
 */
export async function lineageSong(tx: OrgTx, organizationId: string, recordingId: string) {
  const [row] = await queryRows<{
    id: string;
    title: string;
    artist: string;
    submitted_at: Date | string;
    status: string;
    decided_at: Date | string | null;
    avg_musical: number | null;
    avg_artist: number | null;
    avg_overall: number | null;
    reviews: number;
  }>(
    tx,
    sql`select s.id, s.title, s.artist, s.submitted_at, s.status,
          case when s.status in ('signed', 'passed') then least(
            case when rec.origin = 'demo' then rec.created_at end,
            (select min(c.created_at) from contracts c where c.organization_id = ${organizationId} and c.song_id = s.id)
          ) end as decided_at,
          sc.avg_musical, sc.avg_artist, sc.avg_overall, sc.reviews
        from recordings rec
        join songs s on s.id = rec.song_id and s.organization_id = ${organizationId}
        left join lateral (
          select (avg(r.musical_score) filter (where not r.is_useless))::float8 as avg_musical,
            (avg(r.artist_score) filter (where not r.is_useless))::float8 as avg_artist,
            (avg(r.overall_score) filter (where not r.is_useless))::float8 as avg_overall,
            (count(*) filter (where not r.is_useless))::int as reviews
          from reviews r
          where r.organization_id = ${organizationId} and r.song_id = s.id
            and r.song_version_number = s.current_version_number
        ) sc on true
        where rec.organization_id = ${organizationId} and rec.id = ${recordingId}`,
  );
  return row;
}

/** The song's contracts, oldest first, with each signer and when they signed. */
export async function lineageContracts(tx: OrgTx, organizationId: string, songId: string) {
  return queryRows<{
    id: string;
    title: string;
    kind: string;
    status: string;
    signers: { name: string; signed_at: string | null }[];
  }>(
    tx,
    sql`select c.id, c.title, c.kind, c.status,
          coalesce((select json_agg(json_build_object('name', cs.name, 'signed_at', cs.signed_at)
              order by cs.position, cs.created_at)
            from contract_signers cs where cs.organization_id = ${organizationId} and cs.contract_id = c.id), '[]'::json)
            as signers
        from contracts c
        where c.organization_id = ${organizationId} and c.song_id = ${songId}
        order by c.created_at, c.id`,
  );
}
