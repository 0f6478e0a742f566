import type { PartyDto } from '@music-review/core/contracts/parties';
import { Link } from 'react-router';
import { payeeHref } from '../../lib/links';
import { Section } from './person-sections';

/**
 * The royalty balance. The API answers null until royalties are accounted (issue 16): say what
 * will be here and what it depends on, not a blank.
 */
export function PersonBalance({ party }: { party: PartyDto }) {
  return (
    <Section id="person-balance" title="Balance">
      <p className="text-sm text-muted-foreground">
        No royalties have been accounted yet. The balance owed appears here once the first royalty statement
        is processed.
      </p>
      {party.payee ? (
        <p className="text-sm text-muted-foreground">
          Earnings are paid to{' '}
          <Link to={payeeHref(party.payee.id)} className="font-medium text-link hover:underline">
            {party.payee.name}
          </Link>
          .
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Choose a payee for this person, so their earnings can be paid out.
        </p>
      )}
    </Section>
  );
}
