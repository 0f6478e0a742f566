import { useQueryClient } from '@tanstack/react-query';

/** Every contracts query is filed under this key, so one invalidation refreshes them all. */
export const contractsQueryKey = ['contracts'] as const;

/** After any change to a contract or template: a contract's status, signers and list all move together. */
export function useInvalidateContracts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: contractsQueryKey });
}
