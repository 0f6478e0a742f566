import { NotAvailableYet } from '../../../components/not-available-yet';

/** The signed song's marketing tab (issue 6). */
export function MarketingTab({ songId }: { songId: string }) {
  return <NotAvailableYet key={songId} />;
}
