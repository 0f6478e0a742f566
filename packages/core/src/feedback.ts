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

export type { FeedbackDto } from './contracts/feedback.ts';
// The request body's schema is in feedback-schemas.ts and the answer's in contracts/feedback.ts,
// apart so that the feedback page loads no zod; their types, type-only:
export type { SendFeedbackBody } from './feedback-schemas.ts';
