import {
  type CampaignPatch,
  type CampaignValues,
  campaignInput,
  GENERAL_LINK_DAYS,
  type GeneralIntakeDto,
  generalIntakeData,
  type IssuedLinkDto,
  MARKETING_ERRORS,
  type MarketingCampaignDto,
  type MarketingLinkDto,
  type MarketingTaskDto,
  QUESTIONNAIRE_LINK_DAYS,
  type QuestionnaireData,
  type QuestionnaireDto,
  questionnaireData,
  type SongMarketingDto,
  type TaskPatch,
  type TaskValues,
} from '@music-review/core/marketing';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { createPublicLink, revokePublicLink } from '../../platform/public-links/public-links.ts';
import { createNotificationsService, type Notified } from '../notifications/notifications.service.ts';
import * as repo from './marketing.repo.ts';
import { signedPressPhotos } from './marketing-photos.service.ts';

const DAY_MS = 86_400_000;
const iso = (d: Date | string) => new Date(d).toISOString();

export const songNotFound = () => notFound('Song not found');
export const campaignNotFound = () => notFound('Campaign not found');
export const taskNotFound = () => notFound('Task not found');
export const linkNotFound = () => notFound('Link not found');

function toTaskDto(row: repo.TaskRow): MarketingTaskDto {
  return {
    id: row.id,
    campaign_id: row.campaign_id,
    song_id: row.song_id,
    title: row.title,
    assignee_id: row.assignee_id,
    assignee_name: row.assignee_name,
    due_date: row.due_date,
    status: row.status,
    created_at: iso(row.created_at),
  };
}

function toCampaignDto(row: repo.CampaignRow, tasks: repo.TaskRow[]): MarketingCampaignDto {
  return {
    id: row.id,
    song_id: row.song_id,
    name: row.name,
    status: row.status,
    budget_cents: Number(row.budget_cents),
    currency: row.currency,
    start_date: row.start_date,
    end_date: row.end_date,
    channels: Array.isArray(row.channels) ? row.channels : [],
    notes: row.notes,
    created_by: row.created_by,
    created_at: iso(row.created_at),
    tasks: tasks.filter((t) => t.campaign_id === row.id).map(toTaskDto),
  };
}

export function toLinkDto(row: repo.LinkRow): MarketingLinkDto {
  const state = row.used_at ? 'used' : row.revoked_at ? 'revoked' : row.is_expired ? 'expired' : 'active';
  return { id: row.id, state, created_at: iso(row.created_at), expires_at: iso(row.expires_at) };
}

/** Stored answers read back through the schema: old or partial drafts come back complete. */
export function storedQuestionnaire(data: unknown): QuestionnaireData {
  const parsed = questionnaireData.safeParse(data ?? {});
  return parsed.success ? parsed.data : questionnaireData.parse({});
}

export function createMarketingService(ctx: AppContext) {
  const { database } = ctx;
  const notifications = createNotificationsService(ctx);

  async function songOf(tx: OrgTx, member: Member, songId: string) {
    const song = await repo.findSong(tx, member.organizationId, songId);
    if (!song) throw songNotFound();
    return song;
  }

  async function checkAssignee(tx: OrgTx, member: Member, assigneeId: string | null) {
    if (assigneeId && !(await repo.isMember(tx, member.organizationId, assigneeId))) {
      throw new AppError('validation_failed', MARKETING_ERRORS.assignee);
    }
  }

  /** campaign_task_assigned to the new assignee (never to yourself), in the task's transaction. */
  async function notifyAssigned(
    tx: OrgTx,
    member: Member,
    task: { title: string; song_id: string; due_date: string | null },
    assigneeId: string | null,
  ): Promise<Notified | null> {
    if (!assigneeId || assigneeId === member.reviewer.id) return null;
    const song = await repo.findSong(tx, member.organizationId, task.song_id);
    const due = task.due_date ? `, due ${task.due_date}` : '';
    return notifications.notify(tx, {
      organizationId: member.organizationId,
      recipients: [assigneeId],
      senderId: member.reviewer.id,
      type: 'campaign_task_assigned',
      message: `assigned you "${task.title}" for ${song?.title ?? 'a song'}${due}`,
      songId: task.song_id,
    });
  }

  async function issueLink(
    member: Member,
    purpose: 'marketing_form' | 'marketing_general',
    recordId: string | null,
    days: number,
    tx: OrgTx,
  ): Promise<IssuedLinkDto> {
    await repo.revokeActiveLinks(tx, member.organizationId, purpose, recordId);
    const { link, token } = await createPublicLink(tx, {
      organizationId: member.organizationId,
      purpose,
      recordId,
      ttlMs: days * DAY_MS,
      // The questionnaire is spent by its submission; the label-wide intake takes many.
      singleUse: purpose === 'marketing_form',
      createdBy: member.reviewer.id,
    });
    const path = purpose === 'marketing_form' ? 'marketing' : 'marketing-general';
    return {
      token,
      url: `${ctx.config.appUrl}/${path}/${token}`,
      link: {
        id: link.id,
        state: 'active',
        created_at: new Date().toISOString(),
        expires_at: link.expiresAt.toISOString(),
      },
    };
  }

  return {
    /** The Marketing tab: the song's campaigns with their tasks, and its questionnaire. */
    async songMarketing(member: Member, songId: string): Promise<SongMarketingDto> {
      const { dto, formData } = await database.withOrg(member.organizationId, async (tx) => {
        const song = await songOf(tx, member, songId);
        const org = member.organizationId;
        const [campaigns, tasks, form] = [
          await repo.listCampaigns(tx, org, song.id),
          await repo.listTasksOfSong(tx, org, song.id),
          await repo.findSongForm(tx, org, song.id),
        ];
        const links = form ? await repo.listLinks(tx, org, 'marketing_form', form.id) : [];
        const questionnaire: QuestionnaireDto = {
          form_id: form?.id ?? null,
          status: form ? form.status : 'none',
          data: form ? storedQuestionnaire(form.data) : null,
          submitted_at: form?.submitted_at ? iso(form.submitted_at) : null,
          updated_at: form ? iso(form.updated_at) : null,
          links: links.map(toLinkDto),
        };
        const dto: SongMarketingDto = {
          song: { id: song.id, title: song.title, artist: song.artist },
          campaigns: campaigns.map((c) => toCampaignDto(c, tasks)),
          questionnaire,
        };
        return { dto, formData: form?.data ?? null };
      });
      dto.questionnaire.press_photo_files = await signedPressPhotos(ctx.storage.driver, formData);
      return dto;
    },

    async createCampaign(member: Member, songId: string, v: CampaignValues) {
      return database.withOrg(member.organizationId, async (tx) => {
        const song = await songOf(tx, member, songId);
        const id = await repo.insertCampaign(tx, member.organizationId, song.id, member.reviewer.id, v);
        return toCampaignDto((await repo.findCampaign(tx, member.organizationId, id))!, []);
      });
    },

    async updateCampaign(member: Member, id: string, patch: CampaignPatch) {
      return database.withOrg(member.organizationId, async (tx) => {
        const row = await repo.findCampaign(tx, member.organizationId, id);
        if (!row) throw campaignNotFound();
        const merged = campaignInput.safeParse({
          name: row.name,
          status: row.status,
          budget_cents: Number(row.budget_cents),
          currency: row.currency,
          start_date: row.start_date,
          end_date: row.end_date,
          channels: row.channels,
          notes: row.notes,
          ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)),
        });
        if (!merged.success) {
          throw new AppError('validation_failed', merged.error.issues[0]?.message ?? 'Invalid campaign');
        }
        await repo.updateCampaign(tx, member.organizationId, id, merged.data);
        const tasks = await repo.listTasksOfSong(tx, member.organizationId, row.song_id);
        return toCampaignDto((await repo.findCampaign(tx, member.organizationId, id))!, tasks);
      });
    },

    async deleteCampaign(member: Member, id: string) {
      const deleted = await database.withOrg(member.organizationId, (tx) =>
        repo.deleteCampaign(tx, member.organizationId, id),
      );
      if (!deleted) throw campaignNotFound();
    },

    async createTask(member: Member, campaignId: string, v: TaskValues) {
      const { task, notified } = await database.withOrg(member.organizationId, async (tx) => {
        const campaign = await repo.findCampaign(tx, member.organizationId, campaignId);
        if (!campaign) throw campaignNotFound();
        await checkAssignee(tx, member, v.assignee_id);
        const id = await repo.insertTask(tx, member.organizationId, campaign, member.reviewer.id, v);
        const task = (await repo.findTask(tx, member.organizationId, id))!;
        const notified = await notifyAssigned(tx, member, task, v.assignee_id);
        return { task, notified };
      });
      await notified?.sendEmails();
      return toTaskDto(task);
    },

    async updateTask(member: Member, id: string, patch: TaskPatch) {
      const { task, notified } = await database.withOrg(member.organizationId, async (tx) => {
        const row = await repo.findTask(tx, member.organizationId, id);
        if (!row) throw taskNotFound();
        const v: repo.TaskValues = {
          title: patch.title ?? row.title,
          assignee_id: patch.assignee_id === undefined ? row.assignee_id : patch.assignee_id,
          due_date: patch.due_date === undefined ? row.due_date : patch.due_date,
          status: patch.status ?? row.status,
        };
        const reassigned = v.assignee_id !== row.assignee_id;
        if (reassigned) await checkAssignee(tx, member, v.assignee_id);
        await repo.updateTask(tx, member.organizationId, id, v);
        const task = (await repo.findTask(tx, member.organizationId, id))!;
        const notified = reassigned ? await notifyAssigned(tx, member, task, v.assignee_id) : null;
        return { task, notified };
      });
      await notified?.sendEmails();
      return toTaskDto(task);
    },

    async deleteTask(member: Member, id: string) {
      const deleted = await database.withOrg(member.organizationId, (tx) =>
        repo.deleteTask(tx, member.organizationId, id),
      );
      if (!deleted) throw taskNotFound();
    },

    /**
     * A new questionnaire link for the song (the form is made on first use). Earlier links that
     * still work are withdrawn, so one link is live; a submitted questionnaire opens for changes again.
     */
    async issueQuestionnaireLink(member: Member, songId: string): Promise<IssuedLinkDto> {
      return database.withOrg(member.organizationId, async (tx) => {
        const song = await songOf(tx, member, songId);
        let form = await repo.findSongForm(tx, member.organizationId, song.id);
        if (!form) form = await repo.insertSongForm(tx, member.organizationId, song.id, member.reviewer.id);
        else if (form.status === 'submitted') await repo.reopenForm(tx, member.organizationId, form.id);
        return issueLink(member, 'marketing_form', form.id, QUESTIONNAIRE_LINK_DAYS, tx);
      });
    },

    /** Withdraws a marketing link (questionnaire or intake) of the caller's label. */
    async revokeLink(member: Member, linkId: string) {
      await database.withOrg(member.organizationId, async (tx) => {
        const link = await repo.findMarketingLink(tx, member.organizationId, linkId);
        if (!link) throw linkNotFound();
        await revokePublicLink(tx, member.organizationId, link.id);
      });
    },

    async generalIntake(member: Member): Promise<GeneralIntakeDto> {
      return database.withOrg(member.organizationId, async (tx) => {
        const links = await repo.listLinks(tx, member.organizationId, 'marketing_general', null);
        const rows = await repo.listGeneralSubmissions(tx, member.organizationId, 50);
        return {
          links: links.map(toLinkDto),
          submissions: rows.flatMap((row) => {
            const parsed = generalIntakeData.safeParse(row.data);
            return parsed.success
              ? [{ id: row.id, data: parsed.data, submitted_at: iso(row.submitted_at ?? row.updated_at) }]
              : [];
          }),
        };
      });
    },

    async issueGeneralLink(member: Member): Promise<IssuedLinkDto> {
      return database.withOrg(member.organizationId, (tx) =>
        issueLink(member, 'marketing_general', null, GENERAL_LINK_DAYS, tx),
      );
    },
  };
}
