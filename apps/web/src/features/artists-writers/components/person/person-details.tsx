import { PARTY_ROLE_LABELS, PARTY_TYPE_LABELS } from '@music-review/core/catalogue';
import type { PartyDto } from '@music-review/core/contracts/parties';
import { Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { formatCountry } from '../../lib/format';
import { payeeHref } from '../../lib/links';
import { Detail, DetailList } from '../detail-list';
import { Section } from './person-sections';

/** Everything known about a person, read-only, with "Edit" to change it in place. */
export function PersonDetails({ party, onEdit }: { party: PartyDto; onEdit: () => void }) {
  return (
    <Section
      id="person-details"
      title="Details"
      action={
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      }
    >
      <DetailList>
        <Detail label="Credited name">{party.name}</Detail>
        <Detail label="Other credited names">
          {party.aliases.length > 0 ? (
            <ul aria-label="Other credited names">
              {party.aliases.map((alias) => (
                <li key={alias}>{alias}</li>
              ))}
            </ul>
          ) : null}
        </Detail>
        <Detail label="Legal name">{party.legal_name}</Detail>
        <Detail label="Type">{PARTY_TYPE_LABELS[party.party_type]}</Detail>
        <Detail label="Roles">{party.roles.map((role) => PARTY_ROLE_LABELS[role]).join(', ')}</Detail>
        <Detail label="ISNI">{party.isni}</Detail>
        <Detail label="IPI/CAE">{party.ipi}</Detail>
        <Detail label="PRO">{party.pro}</Detail>
        <Detail label="PRO member number">{party.pro_member_number}</Detail>
        <Detail label="Country">{party.country ? formatCountry(party.country) : null}</Detail>
        <Detail label="Contact email">
          {party.email ? (
            <a href={`mailto:${party.email}`} className="text-link hover:underline">
              {party.email}
            </a>
          ) : null}
        </Detail>
        <Detail label="Payee">
          {party.payee ? (
            <Link to={payeeHref(party.payee.id)} className="font-medium text-link hover:underline">
              {party.payee.name}
            </Link>
          ) : null}
        </Detail>
        {party.notes ? <Detail label="Notes">{party.notes}</Detail> : null}
      </DetailList>
    </Section>
  );
}
