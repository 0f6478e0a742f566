import { NotAvailableYet } from '../../../components/not-available-yet';

/** The signed song's project folder tab (issue 6). */
export function ProjectFolderTab({ songId }: { songId: string }) {
  return <NotAvailableYet key={songId} />;
}
