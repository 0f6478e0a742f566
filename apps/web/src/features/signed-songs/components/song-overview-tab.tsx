import { NotAvailableYet } from '../../../components/not-available-yet';

/** The signed song's overview tab (issue 6). */
export function SongOverviewTab({ songId }: { songId: string }) {
  return <NotAvailableYet key={songId} />;
}
