import {
  CALL_MESSAGES,
  CALL_SIGNALS_PAGE_MAX,
  type CallDto,
  type CallSignalDto,
  type CallSignalKind,
  callJoinPath,
  callStartedMessage,
  type IceServerDto,
  type JoinedCallDto,
  type SendCallSignalBody,
  type StartedCallDto,
} from '@music-review/core/calls';
import { MESSAGE_ERRORS } from '@music-review/core/messages';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { postMessage } from '../messages/messages.service.ts';
import * as repo from './calls.repo.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

function toSignalDto(row: repo.SignalRow): CallSignalDto {
  return {
    id: row.id,
    sequence: Number(row.sequence),
    call_id: row.call_id,
    sender_id: row.sender_id,
    recipient_id: row.recipient_id,
    kind: row.kind as CallSignalKind,
    payload: row.payload,
    created_at: iso(row.created_at),
  };
}

async function loadCallDto(tx: OrgTx, member: Member, call: repo.CallRow): Promise<CallDto> {
  const participants = await repo.listParticipants(tx, member.organizationId, call.id);
  return {
    id: call.id,
    conversation_id: call.conversation_id,
    // Calls are only started from these two (startCall refuses support conversations).
    conversation_type: call.conversation_type === 'dm' ? 'dm' : 'song_chat',
    title: call.title,
    started_by: call.started_by,
    created_at: iso(call.created_at),
    ended_at: call.ended_at === null ? null : iso(call.ended_at),
    participants: participants.map((p) => ({
      reviewer_id: p.reviewer_id,
      name: p.name,
      avatar_key: p.avatar_key,
      joined_at: iso(p.joined_at),
    })),
  };
}

export function createCallsService(ctx: AppContext) {
  const { database, config } = ctx;
  const callNotFound = () => notFound(CALL_MESSAGES.notFound);

  /** Runs fn with the call, in the member's organization; 404 when they may not see it. */
  async function withCall<T>(
    member: Member,
    callId: string,
    fn: (tx: OrgTx, call: repo.CallRow) => Promise<T>,
    options: { lock?: boolean } = {},
  ): Promise<T> {
    const result = await database.withOrg(member.organizationId, async (tx) => {
      const call = await repo.findVisibleCall(tx, member.organizationId, member.reviewer.id, callId, options);
      if (!call) return { found: false as const };
      return { found: true as const, value: await fn(tx, call) };
    });
    if (!result.found) throw callNotFound();
    return result.value;
  }

  return {
    iceServers(): IceServerDto[] {
      return config.ICE_SERVERS;
    },

    /**
     * Starts a call from a direct message or a song chat and posts its join link there. A call still
     * going on in that conversation is handed back instead (200), so nobody ends up in a second one.
     */
    async startCall(
      member: Member,
      conversationId: string,
    ): Promise<{ call: StartedCallDto; created: boolean }> {
      const result = await database.withOrg(member.organizationId, async (tx) => {
        const conversation = await repo.findVisibleConversation(
          tx,
          member.organizationId,
          member.reviewer.id,
          conversationId,
        );
        if (!conversation) return undefined;
        if (conversation.type === 'support')
          throw new AppError('validation_failed', CALL_MESSAGES.wrongConversation);
        const ongoing = await repo.findOngoingCall(tx, member.organizationId, conversation.id);
        if (ongoing) return { id: ongoing.id, created: false };
        const call = await repo.insertCall(tx, member.organizationId, conversation.id, member.reviewer.id);
        // The join link goes out as a message, with the messages feature's own sequence rule.
        await postMessage(
          tx,
          member.organizationId,
          conversation.id,
          member.reviewer.id,
          callStartedMessage(config.appUrl, call.id),
        );
        return { id: call.id, created: true };
      });
      if (!result) throw notFound(MESSAGE_ERRORS.conversationNotFound);
      return {
        call: { id: result.id, conversation_id: conversationId, join_url: callJoinPath(result.id) },
        created: result.created,
      };
    },

    async getCall(member: Member, callId: string): Promise<CallDto> {
      return withCall(member, callId, (tx, call) => loadCallDto(tx, member, call));
    },

    async join(member: Member, callId: string): Promise<JoinedCallDto> {
      return withCall(
        member,
        callId,
        async (tx, call) => {
          await repo.joinCall(tx, member.organizationId, call.id, call.conversation_id, member.reviewer.id);
          const signalCursor = await repo.lastSignalSequence(
            tx,
            member.organizationId,
            call.id,
            member.reviewer.id,
          );
          const refreshed = { ...call, ended_at: null };
          return { ...(await loadCallDto(tx, member, refreshed)), signal_cursor: signalCursor };
        },
        { lock: true },
      );
    },

    async leave(member: Member, callId: string, joinedAt?: string): Promise<void> {
      await withCall(
        member,
        callId,
        (tx, call) => repo.leaveCall(tx, member.organizationId, call.id, member.reviewer.id, joinedAt),
        { lock: true },
      );
    },

    /**
     * POST .../heartbeat: the participant's page is still there (every CALL_HEARTBEAT_MS). Without it
     * the call sweep drops them (call-sweep.ts). 409 once they are out of the call.
     */
    async heartbeat(member: Member, callId: string): Promise<void> {
      await withCall(member, callId, async (tx, call) => {
        if (!(await repo.touchParticipant(tx, member.organizationId, call.id, member.reviewer.id))) {
          throw new AppError('conflict', CALL_MESSAGES.notInCall);
        }
      });
    },

    /** Stores a signal from one participant to another; its change tells the recipient to fetch it. */
    async sendSignal(member: Member, callId: string, body: SendCallSignalBody) {
      const to = body.to.toLowerCase();
      return withCall(member, callId, async (tx, call) => {
        if (!(await repo.isInCall(tx, member.organizationId, call.id, member.reviewer.id))) {
          throw new AppError('conflict', CALL_MESSAGES.notInCall);
        }
        if (to === member.reviewer.id || !(await repo.isInCall(tx, member.organizationId, call.id, to))) {
          throw new AppError('validation_failed', CALL_MESSAGES.recipientNotInCall);
        }
        const row = await repo.insertSignal(tx, {
          organizationId: member.organizationId,
          callId: call.id,
          senderId: member.reviewer.id,
          recipientId: to,
          kind: body.kind,
          payload: body.payload,
        });
        return toSignalDto(row);
      });
    },

    /** Signals addressed to the caller after a sequence, in order (at most CALL_SIGNALS_PAGE_MAX). */
    async listSignals(member: Member, callId: string, after: number): Promise<CallSignalDto[]> {
      return withCall(member, callId, async (tx, call) => {
        const rows = await repo.listSignals(tx, {
          organizationId: member.organizationId,
          callId: call.id,
          recipientId: member.reviewer.id,
          after,
          limit: CALL_SIGNALS_PAGE_MAX,
        });
        return rows.map(toSignalDto);
      });
    },
  };
}
