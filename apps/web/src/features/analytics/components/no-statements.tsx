import { ANALYTICS_TEXTS } from '@music-review/core/analytics';
import { FileSpreadsheet, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/list-states';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/**
 * A label without any imported statement: what analytics needs, and "Import statement", which leads
 * to Finance's Imports tab (its default tab, where "Import statement" opens the import).
 */
export function NoStatements() {
  return (
    <EmptyState
      icon={FileSpreadsheet}
      title={ANALYTICS_TEXTS.emptyTitle}
      actions={
        <Link to={paths.finance.href()} className={buttonClasses()}>
          <Upload aria-hidden="true" />
          {ANALYTICS_TEXTS.importStatement}
        </Link>
      }
    >
      <p>{ANALYTICS_TEXTS.emptyBody}</p>
    </EmptyState>
  );
}
