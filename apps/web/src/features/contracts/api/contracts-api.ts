import type {
  ContractDetailDto,
  ContractDto,
  ContractGeneratorAccessDto,
  ContractTemplateBody,
  ContractTemplateDto,
  GenerateContractBody,
  PublicContractDto,
  PublicSignedDto,
  SendContractBody,
  SentContractDto,
  SignContractBody,
  SignerLinkDto,
} from '@music-review/core/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { requestJson } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';

const enc = encodeURIComponent;

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
    queryFn: () => api.get<ContractDto[]>(`/api/v1/songs/${enc(songId)}/contracts`),
  });
}

export function useContractDetail(id: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: contractKeys.detail(id),
    queryFn: () => api.get<ContractDetailDto>(`/api/v1/contracts/${enc(id)}`),
    enabled,
  });
}

export function useGeneratorAccess() {
  const api = useApiClient();
  return useQuery({
    queryKey: contractKeys.generator,
    queryFn: () => api.get<ContractGeneratorAccessDto>('/api/v1/contracts/generator'),
  });
}

export function useContractTemplates() {
  const api = useApiClient();
  return useQuery({
    queryKey: contractKeys.templates,
    queryFn: () => api.get<ContractTemplateDto[]>('/api/v1/contract-templates'),
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
        ? api.put<ContractTemplateDto>(`/api/v1/contract-templates/${enc(id)}`, body)
        : api.post<ContractTemplateDto>('/api/v1/contract-templates', body),
    onSuccess: invalidate,
  });
}

export function useDeleteTemplate() {
  const api = useApiClient();
  const invalidate = useInvalidateContracts();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/v1/contract-templates/${enc(id)}`),
    onSuccess: invalidate,
  });
}

export function useSaveContract(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateContracts();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: GenerateContractBody }) =>
      id
        ? api.put<ContractDetailDto>(`/api/v1/contracts/${enc(id)}`, body)
        : api.post<ContractDetailDto>(`/api/v1/songs/${enc(songId)}/contracts`, body),
    onSuccess: invalidate,
  });
}

export function useContractAction() {
  const api = useApiClient();
  const invalidate = useInvalidateContracts();
  return {
    send: useMutation({
      mutationFn: ({ id, body }: { id: string; body: SendContractBody }) =>
        api.post<SentContractDto>(`/api/v1/contracts/${enc(id)}/send`, body),
      onSuccess: invalidate,
    }),
    void: useMutation({
      mutationFn: (id: string) => api.post<ContractDetailDto>(`/api/v1/contracts/${enc(id)}/void`),
      onSuccess: invalidate,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<void>(`/api/v1/contracts/${enc(id)}`),
      onSuccess: invalidate,
    }),
    reissue: useMutation({
      mutationFn: ({ id, signerId }: { id: string; signerId: string }) =>
        api.post<SignerLinkDto>(`/api/v1/contracts/${enc(id)}/signers/${enc(signerId)}/links`),
      onSuccess: invalidate,
    }),
    download: useMutation({
      mutationFn: ({ id, which }: { id: string; which: 'document' | 'signed' }) =>
        api.get<{ url: string }>(`/api/v1/contracts/${enc(id)}/download?which=${which}`),
    }),
  };
}

// ---------- Public (no session) ----------

export function usePublicContract(contractId: string, token: string) {
  return useQuery({
    queryKey: ['public-contract', contractId, token],
    queryFn: () =>
      requestJson<PublicContractDto>(`/api/v1/public/contracts/${enc(contractId)}?token=${enc(token)}`),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useSignContract(contractId: string) {
  return useMutation({
    mutationFn: (body: SignContractBody) =>
      requestJson<PublicSignedDto>(`/api/v1/public/contracts/${enc(contractId)}/sign`, {
        method: 'POST',
        body,
      }),
  });
}

export interface PublicDeclineDto {
  contract_id: string;
  title: string;
  label_name: string;
  song_title: string;
  artist_name: string;
  signer_name: string;
}

export function usePublicDecline(token: string) {
  return useQuery({
    queryKey: ['public-contract-decline', token],
    queryFn: () => requestJson<PublicDeclineDto>(`/api/v1/public/contract-declines/${enc(token)}`),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useDecline(token: string) {
  return useMutation({
    mutationFn: (reason: string) =>
      requestJson<{ status: 'declined' }>(`/api/v1/public/contract-declines/${enc(token)}`, {
        method: 'POST',
        body: { reason },
      }),
  });
}
