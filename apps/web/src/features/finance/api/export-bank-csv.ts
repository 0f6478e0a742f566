import { exportBankCsv } from '@music-review/core/contracts/royalties';
import { useMutation } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_MESSAGE, toApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth/auth-context';
import type { BankCsvBody } from '../payments-types';

/** The name the answer gives the file, else one with today's date. */
function fileNameOf(response: Response) {
  const given = /filename="([^"]+)"/i.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return given ?? `payments-${new Date().toISOString().slice(0, 10)}.csv`;
}

/** Hands a downloaded file to the browser to save. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * POST /api/v1/finance/payments/bank-csv (admins only): what is owed to the chosen payees with their
 * payment details, as a CSV file for the bank, saved under the name the server gives. The payee
 * list goes in a body (a thousand ids do not fit a URL), so this is a POST, which lib/download-file
 * (GET only) does not send; a refusal is thrown as the API's error.
 */
export function useExportBankCsv() {
  const store = useAuthStore();
  return useMutation({
    mutationFn: async (body: BankCsvBody) => {
      const token = store.getAccessToken();
      let response: Response;
      try {
        response = await fetch(exportBankCsv.path, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
          credentials: 'same-origin',
        });
      } catch {
        throw new ApiError('network_error', NETWORK_ERROR_MESSAGE, 0);
      }
      if (!response.ok) throw await toApiError(response);
      saveFile(await response.blob(), fileNameOf(response));
    },
  });
}
