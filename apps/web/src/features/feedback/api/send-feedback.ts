import { sendFeedback } from '@music-review/core/contracts/feedback';
import type { FeedbackDto, FeedbackKind } from '@music-review/core/feedback';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { myFeedbackQueryKey } from './get-my-feedback';
import { uploadScreenshot } from './upload-screenshot';

export interface SendFeedbackInput {
  kind: FeedbackKind;
  message: string;
  /** With its content type, already checked by inspectScreenshot. */
  screenshot: { file: File; contentType: string } | null;
  pageUrl: string | null;
}

/** Uploads the screenshot when there is one, then POST /api/v1/feedback; the list refreshes. */
export function useSendFeedback() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SendFeedbackInput) => {
      const screenshotKey = input.screenshot
        ? await uploadScreenshot(api, input.screenshot.file, input.screenshot.contentType)
        : null;
      return api.call(sendFeedback, {
        body: {
          kind: input.kind,
          message: input.message,
          screenshot_key: screenshotKey,
          page_url: input.pageUrl,
        },
      });
    },
    onSuccess: (created) => {
      queryClient.setQueryData<FeedbackDto[]>(myFeedbackQueryKey, (list) => [
        created,
        ...(list ?? []).filter((f) => f.id !== created.id),
      ]);
      void queryClient.invalidateQueries({ queryKey: myFeedbackQueryKey });
    },
  });
}
