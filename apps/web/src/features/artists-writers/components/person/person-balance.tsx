import type { PartyDto } from '@music-review/core/contracts/parties';
import { Link } from 'react-router';
import { payeeHref } from '../../lib/links';
import { PayeeRoyalties } from '../royalties/payee-royalties';
import { Section } from './person-sections';

/**
 * The person's royalties: those of the payee they are paid through (balance, contracts, statements,
 * payments). Without a payee there is no account to show: say what sets one up, not a blank.
 */
export function PersonBalance({ party }: { party: PartyDto }) {
  return (
    <Section id="person-royalties" title="Royalties">
      {party.payee ? (
        <>
          <p className="text-sm text-muted-foreground">
            Earnings are paid to{' '}
            <Link to={payeeHref(party.payee.id)} className="font-medium text-link hover:underline">
              {party.payee.name}
            </Link>
            .
          </p>
          <PayeeRoyalties payeeId={party.payee.id} headingLevel="h3" />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          Choose a payee for this person, so their earnings can be accounted and paid out.
        </p>
      )}
    </Section>
  );
}
