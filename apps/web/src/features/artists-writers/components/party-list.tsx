import { PARTY_ROLE_LABELS, PARTY_TYPE_LABELS } from '@music-review/core/catalogue';
import type { PartyRowDto } from '@music-review/core/contracts/parties';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { paths } from '../../../config/paths';
import { payeeHref } from '../lib/links';

function PartyRow({ party }: { party: PartyRowDto }) {
  const titleId = `party-${party.id}`;
  const identifiers = [party.ipi ? `IPI ${party.ipi}` : null, party.pro, party.country].filter(Boolean);
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-card transition-colors hover:border-primary/50 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="text-base leading-tight font-semibold [overflow-wrap:anywhere]">
            <Link to={paths.person.href(party.id)} className="text-foreground hover:underline">
              {party.name}
            </Link>
          </h2>
          {party.party_type !== 'person' ? <Badge>{PARTY_TYPE_LABELS[party.party_type]}</Badge> : null}
        </div>
        {party.aliases.length > 0 ? (
          <p className="mt-0.5 text-sm text-muted-foreground [overflow-wrap:anywhere]">
            Also credited as {party.aliases.join(', ')}
          </p>
        ) : null}
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span>{party.roles.map((role) => PARTY_ROLE_LABELS[role]).join(', ') || 'No role yet'}</span>
          {identifiers.length > 0 ? <span>{identifiers.join(' · ')}</span> : null}
        </p>
      </div>
      <dl className="grid shrink-0 grid-cols-3 gap-3 text-sm sm:w-96">
        <div>
          <dt className="text-xs text-muted-foreground">Recordings</dt>
          <dd className="font-medium tabular-nums text-foreground">
            {party.recording_count.toLocaleString()}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Works</dt>
          <dd className="font-medium tabular-nums text-foreground">{party.work_count.toLocaleString()}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-muted-foreground">Payee</dt>
          <dd className="truncate font-medium text-foreground">
            {party.payee ? (
              <Link
                to={payeeHref(party.payee.id)}
                className="text-link hover:underline"
                title={party.payee.name}
              >
                {party.payee.name}
              </Link>
            ) : (
              <span className="font-normal text-muted-foreground">None</span>
            )}
          </dd>
        </div>
      </dl>
    </article>
  );
}

/** A page of people, each with their roles, identifiers, counts and payee. */
export function PartyList({ label, parties }: { label: string; parties: PartyRowDto[] }) {
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {parties.map((party) => (
        <li key={party.id}>
          <PartyRow party={party} />
        </li>
      ))}
    </ul>
  );
}
