import { NotAvailableYet } from '../../../components/not-available-yet';

/** The signed song's metadata tab (issue 6). */
export function MetadataTab({ songId }: { songId: string }) {
  return <NotAvailableYet key={songId} />;
}
