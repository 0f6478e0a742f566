import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePersonIdByName } from '../api/find-party-by-name';

/**
 * "Open person page" for a credited name, shown only once the label's catalogue knows a person by
 * that name (one cached look-up per name).
 */
export function PersonPageLink({ name, className }: { name: string; className?: string }) {
  const partyId = usePersonIdByName(name);
  if (!partyId) return null;
  return (
    <Link
      to={paths.person.href(partyId)}
      className={
        className ?? 'inline-flex items-center gap-1.5 text-sm font-medium text-link hover:underline'
      }
    >
      <UserRound aria-hidden="true" className="size-4" />
      Open person page
    </Link>
  );
}
