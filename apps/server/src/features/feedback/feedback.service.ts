import { FEEDBACK_ERRORS, type FeedbackDto, type SendFeedbackBody } from '@music-review/core/feedback';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { AppError } from '../../platform/errors.ts';
import { finalizeUpload } from '../../platform/storage/finalize-upload.ts';
import { parseKey } from '../../platform/storage/keys.ts';
import * as repo from './feedback.repo.ts';

/** The list shows the latest this many. */
export const FEEDBACK_LIST_LIMIT = 100;
/** Browsers' user agents are a few hundred characters; anything longer is cut, not refused. */
const USER_AGENT_MAX = 512;

function toDto(row: repo.FeedbackRow): FeedbackDto {
  return {
    id: row.id,
    kind: row.kind,
    message: row.message,
    screenshot_key: row.screenshot_key,
    page_url: row.page_url,
    user_agent: row.user_agent,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function createFeedbackService(ctx: AppContext) {
  const { database } = ctx;

  /** A screenshot must be an image the caller's label uploaded; its bytes are checked again. */
  async function checkedScreenshot(member: Member, key: string) {
    const parsed = parseKey(key);
    if (!parsed || parsed.organizationId !== member.organizationId) {
      throw new AppError('not_found', FEEDBACK_ERRORS.screenshotNotFound);
    }
    if (parsed.type !== 'images') throw new AppError('validation_failed', FEEDBACK_ERRORS.screenshotType);
    try {
      await finalizeUpload(ctx.storage.driver, key, ctx.storage.limits);
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') {
        throw new AppError('not_found', FEEDBACK_ERRORS.screenshotNotFound);
      }
      throw error;
    }
  }

  return {
    async send(member: Member, body: SendFeedbackBody, userAgent: string | undefined): Promise<FeedbackDto> {
      const screenshotKey = body.screenshot_key || null;
      if (screenshotKey) await checkedScreenshot(member, screenshotKey);
      const row = await database.withOrg(member.organizationId, (tx) =>
        repo.insertFeedback(tx, {
          organizationId: member.organizationId,
          reviewerId: member.reviewer.id,
          kind: body.kind,
          message: body.message,
          screenshotKey,
          pageUrl: body.page_url || null,
          userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
        }),
      );
      return toDto(row);
    },

    /** The caller's own feedback, newest first. */
    async listMine(member: Member): Promise<FeedbackDto[]> {
      const rows = await database.withOrg(member.organizationId, (tx) =>
        repo.listFeedbackOf(tx, member.organizationId, member.reviewer.id, FEEDBACK_LIST_LIMIT),
      );
      return rows.map(toDto);
    },
  };
}
