import { MESSAGE_ERRORS } from '@music-review/core/messages';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { notFound } from '../../platform/errors.ts';
import * as conversations from './conversations.repo.ts';
import * as messages from './messages.repo.ts';
import { isSupportStaff } from './support-staff.ts';

export interface ConversationScope {
  /** The conversation's label: every statement runs bound to it (row-level security). */
  organizationId: string;
  conversation: conversations.ConversationRow;
  /** The caller is support staff answering another label's support conversation. */
  asSupportDesk: boolean;
}

export interface MessageScope {
  organizationId: string;
  message: messages.MessageOwnerRow;
  asSupportDesk: boolean;
}

/**
 * Who may touch a conversation: its label's members (a direct conversation only its two members),
 * and support staff for support conversations of any label. Anything else is 404, exactly like a
 * conversation that does not exist.
 */
export function createConversationAccess(ctx: AppContext) {
  const { database, config } = ctx;
  const isStaff = (member: Member) => isSupportStaff(config, member.email);

  return {
    isStaff,

    /**
     * Runs fn in one transaction bound to the conversation's label, with the conversation as the
     * caller may see it; 404 when they may not.
     */
    async inConversation<T>(
      member: Member,
      conversationId: string,
      fn: (tx: OrgTx, scope: ConversationScope) => Promise<T>,
    ): Promise<T> {
      const own = await database.withOrg(member.organizationId, async (tx) => {
        const conversation = await conversations.findVisibleConversation(
          tx,
          member.organizationId,
          member.reviewer.id,
          conversationId,
        );
        if (!conversation) return undefined;
        return {
          value: await fn(tx, { organizationId: member.organizationId, conversation, asSupportDesk: false }),
        };
      });
      if (own) return own.value;
      if (isStaff(member)) {
        const label = await conversations.findSupportConversationLabel(
          database.asOwner('support staff open a conversation of another label'),
          conversationId,
        );
        if (label && label !== member.organizationId) {
          const desk = await database.withOrg(label, async (tx) => {
            const conversation = await conversations.findVisibleConversation(
              tx,
              label,
              member.reviewer.id,
              conversationId,
            );
            if (conversation?.type !== 'support') return undefined;
            return { value: await fn(tx, { organizationId: label, conversation, asSupportDesk: true }) };
          });
          if (desk) return desk.value;
        }
      }
      throw notFound(MESSAGE_ERRORS.conversationNotFound);
    },

    /** Like inConversation, for one message (locked for the transaction); 404 when not visible. */
    async inMessage<T>(
      member: Member,
      messageId: string,
      fn: (tx: OrgTx, scope: MessageScope) => Promise<T>,
    ): Promise<T> {
      const own = await database.withOrg(member.organizationId, async (tx) => {
        const message = await messages.findVisibleMessage(
          tx,
          member.organizationId,
          member.reviewer.id,
          messageId,
        );
        if (!message) return undefined;
        return {
          value: await fn(tx, { organizationId: member.organizationId, message, asSupportDesk: false }),
        };
      });
      if (own) return own.value;
      if (isStaff(member)) {
        const label = await conversations.findSupportMessageLabel(
          database.asOwner('support staff act on a message of another label'),
          messageId,
        );
        if (label && label !== member.organizationId) {
          const desk = await database.withOrg(label, async (tx) => {
            const message = await messages.findSupportMessage(tx, label, messageId);
            if (!message) return undefined;
            return { value: await fn(tx, { organizationId: label, message, asSupportDesk: true }) };
          });
          if (desk) return desk.value;
        }
      }
      throw notFound(MESSAGE_ERRORS.messageNotFound);
    },
  };
}

export type ConversationAccess = ReturnType<typeof createConversationAccess>;
