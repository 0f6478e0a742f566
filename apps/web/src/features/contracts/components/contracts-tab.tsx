import { NotAvailableYet } from '../../../components/not-available-yet';

/** The signed song's contracts tab (issue 6). */
export function ContractsTab({ songId }: { songId: string }) {
  return <NotAvailableYet key={songId} />;
}
