import { z } from 'zod';
import { FEEDBACK_ERRORS, FEEDBACK_KINDS, FEEDBACK_MESSAGE_MAX, FEEDBACK_URL_MAX } from './feedback.ts';

/** The feedback API's request schema, as the server validates it (feedback.ts holds the rest). */

/** POST /api/v1/feedback. The user agent is the request's own header, not a body field. */
export const sendFeedbackBody = z.object({
  kind: z.enum(FEEDBACK_KINDS, { message: FEEDBACK_ERRORS.kind }),
  message: z
    .string({ message: FEEDBACK_ERRORS.messageEmpty })
    .trim()
    .min(1, { message: FEEDBACK_ERRORS.messageEmpty })
    .max(FEEDBACK_MESSAGE_MAX, { message: FEEDBACK_ERRORS.messageTooLong }),
  /** A storage key of type images, uploaded through /functions/v1/generate-presigned-url. */
  screenshot_key: z.string().max(500, { message: 'screenshot_key: at most 500 characters' }).nullish(),
  /** The page the user was on when they chose to report. */
  page_url: z
    .url({ protocol: /^https?$/, message: FEEDBACK_ERRORS.pageUrl })
    .max(FEEDBACK_URL_MAX, { message: `page_url: at most ${FEEDBACK_URL_MAX} characters` })
    .nullish(),
});
export type SendFeedbackBody = z.infer<typeof sendFeedbackBody>;
