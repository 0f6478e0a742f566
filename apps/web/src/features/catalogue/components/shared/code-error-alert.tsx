import { Link } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { paths } from '../../../../config/paths';
import { isApiError } from '../../../../lib/api-client';

/**
 * Why a code could not be assigned, in the server's words (no ISRC prefix set, the UPC pool empty…),
 * with the way to the catalogue settings where the prefix and the pool are kept.
 */
export function CodeErrorAlert({ error }: { error: Error }) {
  const isSettingsProblem = isApiError(error) && error.code === 'bad_request';
  return (
    <Alert>
      <span>{error.message}</span>
      {isSettingsProblem ? (
        <>
          {' '}
          <Link
            to={paths.catalogue.href({ panel: 'settings' })}
            className="font-medium underline underline-offset-4 focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Open catalogue settings
          </Link>
        </>
      ) : null}
    </Alert>
  );
}
