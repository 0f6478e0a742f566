import type { GenerateContractBody } from '@music-review/core/contracts';
import { generateContract, updateContract } from '@music-review/core/contracts/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateContracts } from './contracts-cache';

/**
 * POST /api/v1/songs/{songId}/contracts generates a draft (id null); PUT /api/v1/contracts/{id}
 * changes a draft. Either way the server renders the text and PDF from the template and terms.
 */
export function useSaveContract(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateContracts();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: GenerateContractBody }) =>
      id
        ? api.call(updateContract, { params: { id }, body })
        : api.call(generateContract, { params: { songId }, body }),
    onSuccess: invalidate,
  });
}
