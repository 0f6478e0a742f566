import { NotAvailableYet } from '../../../components/not-available-yet';

/** The signed song's artist assets tab (issue 6). */
export function ArtistAssetsTab({ songId }: { songId: string }) {
  return <NotAvailableYet key={songId} />;
}
