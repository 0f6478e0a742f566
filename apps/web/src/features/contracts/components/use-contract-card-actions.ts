import type { ContractDto } from '@music-review/core/contracts';
import { useState } from 'react';
import { useDeleteContract } from '../api/delete-contract';
import { useContractDownloadUrl } from '../api/get-contract-download-url';
import { useReissueSignerLinks } from '../api/reissue-signer-links';
import { useVoidContract } from '../api/void-contract';

export type ContractConfirm = 'void' | 'delete';

/**
 * A contract card's actions: opening its PDFs, a signer's new link (kept on the card from then
 * on), and voiding or deleting after a confirmation. Errors of the first two share one alert.
 */
export function useContractCardActions(contract: ContractDto) {
  const downloadUrl = useContractDownloadUrl();
  const reissueLinks = useReissueSignerLinks();
  const voidContract = useVoidContract();
  const deleteContract = useDeleteContract();
  const [confirm, setConfirm] = useState<ContractConfirm | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  // Signer id → the fresh signing link: the answer is the only place it is shown.
  const [fresh, setFresh] = useState<Record<string, string>>({});
  const [actionError, setActionError] = useState<string | null>(null);

  const download = async (which: 'document' | 'signed') => {
    setActionError(null);
    try {
      const { url } = await downloadUrl.mutateAsync({ id: contract.id, which });
      window.open(url, '_blank', 'noopener');
    } catch (e) {
      setActionError(e instanceof Error ? e.message : 'The PDF could not be opened.');
    }
  };

  const reissue = async (signerId: string) => {
    setActionError(null);
    try {
      const link = await reissueLinks.mutateAsync({ id: contract.id, signerId });
      setFresh((f) => ({ ...f, [signerId]: link.sign_url }));
    } catch (e) {
      setActionError(e instanceof Error ? e.message : 'No new link could be made.');
    }
  };
  const isReissuing = (signerId: string) =>
    reissueLinks.isPending && reissueLinks.variables?.signerId === signerId;

  const doConfirm = async () => {
    setConfirmError(null);
    try {
      if (confirm === 'void') await voidContract.mutateAsync(contract.id);
      else await deleteContract.mutateAsync(contract.id);
      setConfirm(null);
    } catch (e) {
      setConfirmError(e instanceof Error ? e.message : 'That did not work. Please try again.');
    }
  };
  const closeConfirm = () => {
    setConfirm(null);
    setConfirmError(null);
  };

  return {
    download,
    reissue,
    isReissuing,
    fresh,
    actionError,
    confirm,
    askConfirm: setConfirm,
    closeConfirm,
    doConfirm,
    confirmError,
    confirmPending: voidContract.isPending || deleteContract.isPending,
  };
}
