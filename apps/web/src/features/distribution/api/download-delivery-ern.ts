import { downloadDeliveryErn } from '@music-review/core/contracts/distribution';
import { fillPath } from '@music-review/core/endpoint';
import { useMutation } from '@tanstack/react-query';
import { useAuthStore } from '../../../lib/auth/auth-context';
import { downloadFile } from '../../../lib/download-file';

/** GET /api/v1/distribution/deliveries/{id}/ern: the DDEX message as it was sent (or refused). */
export function useDownloadDeliveryErn() {
  const store = useAuthStore();
  return useMutation({
    mutationFn: ({ deliveryId, messageId }: { deliveryId: string; messageId: string }) =>
      downloadFile(
        fillPath(downloadDeliveryErn.path, { id: deliveryId }),
        store.getAccessToken(),
        `${messageId}.xml`,
      ),
  });
}
