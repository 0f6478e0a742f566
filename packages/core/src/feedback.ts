import { z } from 'zod';

/** "Report bugs / Send feedback" (spec section 2, /feedback). */

export const FEEDBACK_KINDS = ['bug', 'idea'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];
export const FEEDBACK_KIND_LABELS: Record<FeedbackKind, string> = { bug: 'Bug', idea: 'Idea' };

export const FEEDBACK_MESSAGE_MAX = 5000;
export const FEEDBACK_URL_MAX = 2000;

export const FEEDBACK_ERRORS = {
  kind: 'Choose Bug or Idea',
  messageEmpty: 'Please describe the bug or your idea',
  messageTooLong: `Feedback can be at most ${FEEDBACK_MESSAGE_MAX} characters`,
  pageUrl: 'page_url: must be an http or https address',
  screenshotType: 'The screenshot must be a PNG, JPEG or WebP image',
  screenshotNotFound: 'Screenshot not found. Please attach it again.',
} as const;

/** The types a screenshot may have (the storage's "images" family). */
export const SCREENSHOT_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** The first rule the text breaks, or null: the form checks before sending, the server again. */
export function feedbackMessageError(raw: string): string | null {
  const text = raw.trim();
  if (text.length === 0) return FEEDBACK_ERRORS.messageEmpty;
  if (text.length > FEEDBACK_MESSAGE_MAX) return FEEDBACK_ERRORS.messageTooLong;
  return null;
}

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

export interface FeedbackDto {
  id: string;
  kind: FeedbackKind;
  message: string;
  screenshot_key: string | null;
  page_url: string | null;
  user_agent: string | null;
  created_at: string;
}
