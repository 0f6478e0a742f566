import type { FeedbackKind } from '@music-review/core/feedback';
import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

export type FeedbackRow = {
  id: string;
  kind: FeedbackKind;
  message: string;
  screenshot_key: string | null;
  page_url: string | null;
  user_agent: string | null;
  created_at: Date | string;
};

const COLUMNS = sql`id, kind, message, screenshot_key, page_url, user_agent, created_at`;

export async function insertFeedback(
  db: OrgTx,
  values: {
    organizationId: string;
    reviewerId: string;
    kind: FeedbackKind;
    message: string;
    screenshotKey: string | null;
    pageUrl: string | null;
    userAgent: string | null;
  },
) {
  const [row] = await queryRows<FeedbackRow>(
    db,
    sql`insert into feedback (organization_id, reviewer_id, kind, message, screenshot_key, page_url, user_agent)
        values (${values.organizationId}, ${values.reviewerId}, ${values.kind}, ${values.message},
          ${values.screenshotKey}, ${values.pageUrl}, ${values.userAgent})
        returning ${COLUMNS}`,
  );
  return row!;
}

/** What one member sent, newest first (index feedback_organization_created_idx). */
export async function listFeedbackOf(db: OrgTx, organizationId: string, reviewerId: string, limit: number) {
  return queryRows<FeedbackRow>(
    db,
    sql`select ${COLUMNS} from feedback
        where organization_id = ${organizationId} and reviewer_id = ${reviewerId}
        order by created_at desc, id desc
        limit ${limit}`,
  );
}
