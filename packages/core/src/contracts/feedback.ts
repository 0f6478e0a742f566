/**
 * "Report bugs / Send feedback" (spec section 2, /feedback). The contract of each endpoint
 * (packages/core/src/endpoint.ts); handlers: apps/server/src/features/feedback/feedback.routes.ts.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { FEEDBACK_KINDS } from '../feedback.ts';
import { sendFeedbackBody } from '../feedback-schemas.ts';

const feedback = z.object({
  id: z.string(),
  kind: z.enum(FEEDBACK_KINDS),
  message: z.string(),
  screenshot_key: z.string().nullable(),
  page_url: z.string().nullable(),
  user_agent: z.string().nullable().meta({ description: "The sender's browser, from the request's header." }),
  created_at: z.string(),
});

export type FeedbackDto = z.infer<typeof feedback>;

export const sendFeedback = endpoint({
  operationId: 'sendFeedback',
  summary: 'Sends a bug report or an idea, with an optional screenshot already uploaded to storage',
  tag: 'feedback',
  method: 'POST',
  path: '/api/v1/feedback',
  access: 'member',
  body: sendFeedbackBody,
  responses: { 201: feedback },
  // not_found: the screenshot is not an upload of the caller's label (or is gone); validation_failed
  // (common): it is not an image; 413 and 415: its bytes are too many or not an accepted image.
  errors: ['not_found', 'payload_too_large', 'unsupported_media_type'],
});

export const listMyFeedback = endpoint({
  operationId: 'listMyFeedback',
  summary: 'The feedback the caller sent, newest first (the latest 100)',
  tag: 'feedback',
  method: 'GET',
  path: '/api/v1/feedback',
  access: 'member',
  responses: { 200: z.array(feedback) },
  errors: [],
});
