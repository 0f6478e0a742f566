import { NotAvailableYet } from '../../../components/not-available-yet';

/** The signed song's label copy tab (issue 6). */
export function LabelCopyTab({ songId }: { songId: string }) {
  return <NotAvailableYet key={songId} />;
}
