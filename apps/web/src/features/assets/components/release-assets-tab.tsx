import { NotAvailableYet } from '../../../components/not-available-yet';

/** The signed song's release assets tab (issue 6). */
export function ReleaseAssetsTab({ songId }: { songId: string }) {
  return <NotAvailableYet key={songId} />;
}
