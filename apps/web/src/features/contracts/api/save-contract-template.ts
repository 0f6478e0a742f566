import type { ContractTemplateBody } from '@music-review/core/contracts';
import { createContractTemplate, updateContractTemplate } from '@music-review/core/contracts/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateContracts } from './contracts-cache';

/**
 * POST /api/v1/contract-templates for a new template (id null), PUT /api/v1/contract-templates/{id}
 * for one of the label's own. The server refuses unknown placeholders.
 */
export function useSaveTemplate() {
  const api = useApiClient();
  const invalidate = useInvalidateContracts();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ContractTemplateBody }) =>
      id
        ? api.call(updateContractTemplate, { params: { id }, body })
        : api.call(createContractTemplate, { body }),
    onSuccess: invalidate,
  });
}
