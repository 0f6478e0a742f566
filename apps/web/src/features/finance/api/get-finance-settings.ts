import { getFinanceSettings } from '@music-review/core/contracts/royalties';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { accountingKeys } from './accounting-keys';

/** GET /api/v1/finance/settings: the label's accounting period length. */
export function useFinanceSettings({ enabled = true } = {}) {
  const api = useApiClient();
  return useQuery({
    queryKey: accountingKeys.settings,
    queryFn: ({ signal }) => api.call(getFinanceSettings, { signal }),
    enabled,
  });
}
