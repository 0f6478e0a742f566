import type {
  ContractTemplateBody,
  GenerateContractBody,
  SendContractBody,
  SignContractBody,
} from '@music-review/core/contracts';
import {
  createContractTemplate,
  declineContract,
  deleteContract,
  deleteContractTemplate,
  generateContract,
  getContract,
  getContractDownloadUrl,
  getContractGeneratorAccess,
  listContractTemplates,
  listSongContracts,
  openContractDecline,
  openContractForSigning,
  reissueContractSignerLinks,
  sendContract,
  signContract,
  updateContract,
  updateContractTemplate,
  voidContract,
} from '@music-review/core/contracts/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';

/** The contracts' calls (contracts: packages/core/src/contracts/contracts.ts). */

export type { PublicDeclineDto } from '@music-review/core/contracts';

export const contractKeys = {
  all: ['contracts'] as const,
  song: (songId: string) => ['contracts', 'song', songId] as const,
  detail: (id: string) => ['contracts', 'detail', id] as const,
  templates: ['contracts', 'templates'] as const,
  generator: ['contracts', 'generator'] as const,
};

/** The song's contracts, kept live: any change to contracts, signers or events refetches. */
export function useSongContracts(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const invalidate = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: contractKeys.all });
  }, [queryClient]);
  useRealtimeTopic('table:contracts', invalidate);
  useRealtimeTopic('table:contract_signers', invalidate);
  useRealtimeTopic('table:contract_events', invalidate);
  return useQuery({
    queryKey: contractKeys.song(songId),
    queryFn: ({ signal }) => api.call(listSongContracts, { params: { songId }, signal }),
  });
}

export function useContractDetail(id: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: contractKeys.detail(id),
    queryFn: ({ signal }) => api.call(getContract, { params: { id }, signal }),
    enabled,
  });
}

export function useGeneratorAccess() {
  const api = useApiClient();
  return useQuery({
    queryKey: contractKeys.generator,
    queryFn: ({ signal }) => api.call(getContractGeneratorAccess, { signal }),
  });
}

export function useContractTemplates() {
  const api = useApiClient();
  return useQuery({
    queryKey: contractKeys.templates,
    queryFn: ({ signal }) => api.call(listContractTemplates, { signal }),
  });
}

function useInvalidateContracts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: contractKeys.all });
}

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

export function useDeleteTemplate() {
  const api = useApiClient();
  const invalidate = useInvalidateContracts();
  return useMutation({
    mutationFn: (id: string) => api.call(deleteContractTemplate, { params: { id } }),
    onSuccess: invalidate,
  });
}

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

export function useContractAction() {
  const api = useApiClient();
  const invalidate = useInvalidateContracts();
  return {
    send: useMutation({
      mutationFn: ({ id, body }: { id: string; body: SendContractBody }) =>
        api.call(sendContract, { params: { id }, body }),
      onSuccess: invalidate,
    }),
    void: useMutation({
      mutationFn: (id: string) => api.call(voidContract, { params: { id } }),
      onSuccess: invalidate,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.call(deleteContract, { params: { id } }),
      onSuccess: invalidate,
    }),
    reissue: useMutation({
      mutationFn: ({ id, signerId }: { id: string; signerId: string }) =>
        api.call(reissueContractSignerLinks, { params: { id, signerId } }),
      onSuccess: invalidate,
    }),
    download: useMutation({
      mutationFn: ({ id, which }: { id: string; which: 'document' | 'signed' }) =>
        api.call(getContractDownloadUrl, { params: { id }, query: { which } }),
    }),
  };
}

// ---------- Public (no session) ----------
// The signer has no account: the token is the only credential. The server reads no session on these
// routes, so a label member trying the link is treated like the signer.

export function usePublicContract(contractId: string, token: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['public-contract', contractId, token],
    queryFn: ({ signal }) =>
      api.call(openContractForSigning, { params: { id: contractId }, query: { token }, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useSignContract(contractId: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: SignContractBody) => api.call(signContract, { params: { id: contractId }, body }),
  });
}

export function usePublicDecline(token: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['public-contract-decline', token],
    queryFn: ({ signal }) => api.call(openContractDecline, { params: { token }, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useDecline(token: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (reason: string) => api.call(declineContract, { params: { token }, body: { reason } }),
  });
}
