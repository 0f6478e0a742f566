import {
  type ConversationDto,
  type ConversationSummaryDto,
  type CreateConversationBody,
  MESSAGE_ERRORS,
  SUPPORT_MESSAGES,
} from '@music-review/core/messages';
import { canUseFeature, STARTER_PLAN } from '@music-review/core/plan-rules';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { ConversationAccess } from './access.ts';
import * as repo from './conversations.repo.ts';
import { toConversationDto, toSummaryDto } from './dto.ts';

/** The gated feature support chat belongs to (trial_usage.feature_name on Starter). */
export const SUPPORT_CHAT_FEATURE = 'chat_functionality';
/** How long the photo links in conversation answers stay valid. */
const AVATAR_URL_SECONDS = 3600;

const planRequired = () => new AppError('plan_required', SUPPORT_MESSAGES.noPlan);

/** A signed link to a member's photo, or null without one (or when it cannot be signed). */
export function createAvatarUrls(ctx: AppContext) {
  return async (key: string | null | undefined): Promise<string | null> => {
    if (!key) return null;
    try {
      return (await ctx.storage.driver.signedGetUrl(key, AVATAR_URL_SECONDS)).url;
    } catch {
      return null;
    }
  };
}

/**
 * The song's chat, made when missing, in the caller's transaction bound to organizationId; undefined
 * when the label has no such song. `created` says whether this call made it. Metadata forms post
 * their link into it.
 */
export function openSongChat(
  tx: OrgTx,
  organizationId: string,
  songId: string,
): Promise<{ conversation: repo.ConversationRow; created: boolean } | undefined> {
  return repo.createOrGetSongChat(tx, organizationId, songId);
}

export function createConversationsService(ctx: AppContext, access: ConversationAccess) {
  const { database } = ctx;
  const avatarUrl = createAvatarUrls(ctx);

  const summaryDto = async (row: repo.ConversationSummaryRow, withOrganization: boolean) =>
    toSummaryDto(row, { avatarUrl: await avatarUrl(row.other_avatar_key), withOrganization });

  /** The member's support conversation: theirs if it exists; a new one only when the plan allows it. */
  async function openSupport(tx: OrgTx, member: Member) {
    const organizationId = member.organizationId;
    const existing = await repo.findSupportOf(tx, organizationId, member.reviewer.id);
    if (existing) return { conversation: existing, created: false };
    const { plan, usedTrials } = await repo.planAndTrials(tx, organizationId);
    if (!plan || !canUseFeature(plan, SUPPORT_CHAT_FEATURE, usedTrials)) throw planRequired();
    if (plan.name === STARTER_PLAN && !(await repo.recordTrial(tx, organizationId, SUPPORT_CHAT_FEATURE))) {
      // The trial went to a request that committed meanwhile: theirs, if it was this member's own.
      const opened = await repo.findSupportOf(tx, organizationId, member.reviewer.id);
      if (opened) return { conversation: opened, created: false };
      throw planRequired();
    }
    const inserted = await repo.insertSupport(tx, organizationId, member.reviewer.id);
    if (inserted) return { conversation: inserted, created: true };
    const opened = await repo.findSupportOf(tx, organizationId, member.reviewer.id);
    return { conversation: opened!, created: false };
  }

  return {
    /** GET /api/v1/conversations: the caller's direct messages, the label's song chats and support chats. */
    async list(member: Member): Promise<ConversationSummaryDto[]> {
      const rows = await database.withOrg(member.organizationId, (tx) =>
        repo.listVisibleSummaries(tx, member.organizationId, member.reviewer.id),
      );
      return Promise.all(rows.map((row) => summaryDto(row, false)));
    },

    /** GET /api/v1/conversations/:id (support staff: any label's support conversation). */
    async get(member: Member, conversationId: string): Promise<ConversationSummaryDto> {
      const { row, asSupportDesk } = await access.inConversation(
        member,
        conversationId,
        async (tx, scope) => ({
          row: await repo.findVisibleSummary(tx, scope.organizationId, member.reviewer.id, conversationId),
          asSupportDesk: scope.asSupportDesk,
        }),
      );
      if (!row) throw notFound(MESSAGE_ERRORS.conversationNotFound);
      return summaryDto(row, asSupportDesk);
    },

    /** POST /api/v1/conversations: create or get; `created` says which (201 or 200). */
    async open(
      member: Member,
      body: CreateConversationBody,
    ): Promise<{ conversation: ConversationDto; created: boolean }> {
      if (body.type === 'dm') {
        const other = body.user_id.toLowerCase();
        if (other === member.reviewer.id)
          throw new AppError('validation_failed', MESSAGE_ERRORS.withYourself);
        const result = await database.withOrg(member.organizationId, async (tx) => {
          // Another label's member looks exactly like nobody.
          if (!(await repo.isMemberOf(tx, member.organizationId, other))) return undefined;
          return repo.createOrGetDm(tx, member.organizationId, member.reviewer.id, other);
        });
        if (!result) throw notFound(MESSAGE_ERRORS.memberNotFound);
        return { conversation: toConversationDto(result.conversation), created: result.created };
      }
      if (body.type === 'song_chat') {
        const result = await database.withOrg(member.organizationId, (tx) =>
          repo.createOrGetSongChat(tx, member.organizationId, body.song_id.toLowerCase()),
        );
        if (!result) throw notFound(MESSAGE_ERRORS.songNotFound);
        return { conversation: toConversationDto(result.conversation), created: result.created };
      }
      const result = await database.withOrg(member.organizationId, (tx) => openSupport(tx, member));
      return { conversation: toConversationDto(result.conversation), created: result.created };
    },

    /**
     * GET /api/v1/support/conversations, support staff only (others: 404): every label's support
     * conversations, with the label's name, newest activity first.
     */
    async supportInbox(member: Member, limit: number): Promise<ConversationSummaryDto[]> {
      if (!access.isStaff(member)) throw notFound();
      const rows = await repo.listSupportSummaries(
        database.asOwner('the support inbox lists every label'),
        member.reviewer.id,
        limit,
      );
      return Promise.all(rows.map((row) => summaryDto(row, true)));
    },
  };
}
