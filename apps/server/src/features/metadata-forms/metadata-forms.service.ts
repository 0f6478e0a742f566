import {
  type CreatedMetadataFormDto,
  describeMetadataErrors,
  emptyMetadataDraft,
  type IssuedMetadataLinkDto,
  METADATA_FORM_PATH,
  METADATA_LINK_DAYS,
  METADATA_MESSAGES,
  type MetadataDraftSavedDto,
  type MetadataFormDraft,
  type MetadataFormDto,
  type MetadataFormListQuery,
  type MetadataFormSummaryDto,
  type MetadataLinkEmailedDto,
  type MetadataLinkPostedDto,
  type MetadataLinkState,
  type PublicMetadataFormDto,
  toFullDraft,
  validateMetadataSubmission,
} from '@music-review/core/metadata-forms';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { linkMail } from '../../platform/mail/mailer.ts';
import {
  createPublicLink,
  type LinkVisitor,
  listPublicLinks,
  type PublicLink,
  resolvePublicLink,
} from '../../platform/public-links/public-links.ts';
import { catalogueIsrcOfSong, syncConfirmedMetadata } from '../catalogue/catalogue-sync.service.ts';
import { openSongChat } from '../messages/conversations.service.ts';
import { createMessagesService } from '../messages/messages.service.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import * as repo from './metadata-forms.repo.ts';

const DAY_MS = 86_400_000;
const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** A `metadata_form` link as the route opened it (openPublicLink), with who is using it. */
type OpenedLink = { link: PublicLink; visitor: LinkVisitor };

function toSummary(row: repo.FormRow): MetadataFormSummaryDto {
  return {
    id: row.id,
    song_id: row.song_id,
    song_title: row.song_title,
    song_artist: row.song_artist,
    status: row.status,
    submitted_at: isoOrNull(row.submitted_at),
    confirmed_at: isoOrNull(row.confirmed_at),
    updated_at: iso(row.updated_at),
  };
}

/**
 * The submission's checks; the 400 names every field at fault, in its message ("isrc: ...;
 * writers: ...") and by field in `fields`, the form's own paths.
 */
function checkedData(data: MetadataFormDraft) {
  const result = validateMetadataSubmission(data);
  if (!result.ok) {
    throw new AppError('validation_failed', describeMetadataErrors(result.errors), {}, result.errors);
  }
  return result.value;
}

export function createMetadataFormsService(ctx: AppContext) {
  const { database, config, mailer } = ctx;
  const notifications = createNotificationsService(ctx);
  const messages = createMessagesService(ctx);

  const linkOf = (token: string, expiresAt: Date): IssuedMetadataLinkDto => {
    const path = `${METADATA_FORM_PATH}${token}`;
    return { token, path, url: `${config.appUrl}${path}`, expires_at: expiresAt.toISOString() };
  };

  async function toDto(tx: OrgTx, organizationId: string, row: repo.FormRow): Promise<MetadataFormDto> {
    const [newest] = await listPublicLinks(tx, organizationId, 'metadata_form', row.id);
    const data = toFullDraft(row.data, { title: row.song_title, artist: row.song_artist });
    // The catalogue's ISRC for the song's recording fills an empty box (one source of truth, decision 0025).
    if (data.isrc === '') data.isrc = (await catalogueIsrcOfSong(tx, organizationId, row.song_id)) ?? '';
    return {
      ...toSummary(row),
      data,
      confirmed_by_name: row.confirmed_by_name,
      created_at: iso(row.created_at),
      link: newest
        ? {
            state: newest.state as MetadataLinkState,
            expires_at: newest.expiresAt.toISOString(),
            created_at: newest.createdAt.toISOString(),
          }
        : null,
    };
  }

  /** Withdraws the form's usable links and issues a new one (30 days; the form's status locks it). */
  async function issueLink(tx: OrgTx, member: Member, formId: string) {
    await repo.revokeFormLinks(tx, member.organizationId, formId);
    const { link, token } = await createPublicLink(tx, {
      organizationId: member.organizationId,
      purpose: 'metadata_form',
      recordId: formId,
      ttlMs: METADATA_LINK_DAYS * DAY_MS,
      singleUse: false,
      createdBy: member.reviewer.id,
    });
    return linkOf(token, link.expiresAt);
  }

  async function requireForm(tx: OrgTx, member: Member, formId: string, lock = false) {
    const row = await repo.findForm(tx, member.organizationId, formId, lock);
    if (!row) throw notFound(METADATA_MESSAGES.formNotFound);
    return row;
  }

  /** The link the label holds when it still opens this form; otherwise a new one (older withdrawn). */
  async function linkToShare(member: Member, formId: string, token: string | undefined) {
    if (token) {
      const resolved = await resolvePublicLink(
        database,
        token,
        'metadata_form',
        { ip: null, userAgent: 'label:share' },
        'share',
      );
      if (
        resolved.ok &&
        resolved.link.recordId === formId &&
        resolved.link.organizationId === member.organizationId
      )
        return { link: linkOf(token, resolved.link.expiresAt), isNew: false };
    }
    const link = await database.withOrg(member.organizationId, async (tx) => {
      await requireForm(tx, member, formId);
      return issueLink(tx, member, formId);
    });
    return { link, isNew: true };
  }

  /** The public side: the form an opened link is for, in the link's organization. */
  function formOf({ link, visitor }: OpenedLink) {
    if (!link.recordId) throw new AppError('not_found', PUBLIC_LINK_MESSAGES.not_found);
    return { link, visitor, formId: link.recordId, organizationId: link.organizationId };
  }

  return {
    async list(member: Member, query: MetadataFormListQuery): Promise<MetadataFormSummaryDto[]> {
      const rows = await database.withOrg(member.organizationId, (tx) =>
        repo.listForms(tx, member.organizationId, query),
      );
      return rows.map(toSummary);
    },

    /** The song's forms, newest first (one per recording version: the original, a radio edit...). */
    async ofSong(member: Member, songId: string): Promise<MetadataFormDto[]> {
      return database.withOrg(member.organizationId, async (tx) => {
        const song = await repo.findSong(tx, member.organizationId, songId);
        if (!song) throw notFound(METADATA_MESSAGES.songNotFound);
        const rows = await repo.listFormsOfSong(tx, member.organizationId, songId);
        return Promise.all(rows.map((row) => toDto(tx, member.organizationId, row)));
      });
    },

    async get(member: Member, formId: string): Promise<MetadataFormDto> {
      return database.withOrg(member.organizationId, async (tx) =>
        toDto(tx, member.organizationId, await requireForm(tx, member, formId)),
      );
    },

    /** A form for a signed song, prefilled with its title and artist, and its first link. */
    async create(member: Member, songId: string): Promise<CreatedMetadataFormDto> {
      return database.withOrg(member.organizationId, async (tx) => {
        const song = await repo.findSong(tx, member.organizationId, songId);
        if (!song) throw notFound(METADATA_MESSAGES.songNotFound);
        if (song.status !== 'signed') throw new AppError('conflict', METADATA_MESSAGES.notSigned);
        const formId = await repo.insertForm(tx, {
          organizationId: member.organizationId,
          songId,
          data: emptyMetadataDraft({ title: song.title, artist: song.artist }),
          createdBy: member.reviewer.id,
        });
        const link = await issueLink(tx, member, formId);
        const row = await requireForm(tx, member, formId);
        return { form: await toDto(tx, member.organizationId, row), link };
      });
    },

    async newLink(member: Member, formId: string): Promise<IssuedMetadataLinkDto> {
      return database.withOrg(member.organizationId, async (tx) => {
        await requireForm(tx, member, formId);
        return issueLink(tx, member, formId);
      });
    },

    async revokeLinks(member: Member, formId: string): Promise<MetadataFormDto> {
      return database.withOrg(member.organizationId, async (tx) => {
        await requireForm(tx, member, formId);
        await repo.revokeFormLinks(tx, member.organizationId, formId);
        return toDto(tx, member.organizationId, await requireForm(tx, member, formId));
      });
    },

    /** Mails the link to the artist. */
    async email(
      member: Member,
      formId: string,
      body: { email: string; token?: string | undefined; note?: string | undefined },
    ): Promise<MetadataLinkEmailedDto> {
      const { link, isNew } = await linkToShare(member, formId, body.token);
      const { form, label } = await database.withOrg(member.organizationId, async (tx) => ({
        form: await requireForm(tx, member, formId),
        label: await repo.labelName(tx, member.organizationId),
      }));
      await mailer.send(
        linkMail(
          body.email,
          `${label}: the metadata of "${form.song_title}"`,
          `${label} asks you to fill in the metadata of "${form.song_title}" (writers, publishers, ISRC and the track's details). Your answers save as you type.`,
          'Fill in the metadata',
          link.url,
          {
            note: body.note ?? null,
            footer: `The link expires on ${new Date(link.expires_at).toUTCString().slice(0, 16)}. If you did not expect this, you can ignore this email.`,
          },
        ),
      );
      return { link: isNew ? link : null, mailed_to: body.email };
    },

    /** Posts the link into the song's chat as a metadata_form attachment (spec section 3, messages). */
    async sendToChat(
      member: Member,
      formId: string,
      body: { token?: string | undefined; message?: string | undefined },
    ): Promise<MetadataLinkPostedDto> {
      const { link, isNew } = await linkToShare(member, formId, body.token);
      const { form, conversationId } = await database.withOrg(member.organizationId, async (tx) => {
        const form = await requireForm(tx, member, formId);
        const chat = await openSongChat(tx, member.organizationId, form.song_id);
        if (!chat) throw notFound(METADATA_MESSAGES.songNotFound);
        return { form, conversationId: chat.conversation.id };
      });
      const sent = await messages.send(member, conversationId, {
        message_text:
          body.message || `Metadata form for "${form.song_title}": send it to the artist to fill in.`,
        attachment: { type: 'metadata_form', link: link.path, song_title: form.song_title },
      });
      return { link: isNew ? link : null, message_id: sent.id, conversation_id: conversationId };
    },

    /** The label's edit: the same checks as the artist's submission; the status stays. */
    async update(member: Member, formId: string, data: MetadataFormDraft): Promise<MetadataFormDto> {
      const value = checkedData(data);
      return database.withOrg(member.organizationId, async (tx) => {
        const row = await requireForm(tx, member, formId, true);
        await repo.updateForm(tx, member.organizationId, formId, { data: { ...value } });
        // An edit of a confirmed form is confirmed data too: the catalogue follows it.
        if (row.status === 'confirmed')
          await syncConfirmedMetadata(tx, {
            organizationId: member.organizationId,
            songId: row.song_id,
            data: value,
            reviewerId: member.reviewer.id,
          });
        return toDto(tx, member.organizationId, await requireForm(tx, member, formId));
      });
    },

    /** Confirms the form (optionally with the label's last edits). */
    async confirm(
      member: Member,
      formId: string,
      data: MetadataFormDraft | undefined,
    ): Promise<MetadataFormDto> {
      return database.withOrg(member.organizationId, async (tx) => {
        const row = await requireForm(tx, member, formId, true);
        if (row.status === 'confirmed') throw new AppError('conflict', METADATA_MESSAGES.alreadyConfirmed);
        const value = checkedData(data ?? (row.data as MetadataFormDraft));
        await repo.updateForm(tx, member.organizationId, formId, {
          data: { ...value },
          status: 'confirmed',
          confirmedBy: member.reviewer.id,
          ...(row.submitted_at === null ? { submitted: 'now' as const } : {}),
        });
        // The confirmed data goes into the catalogue in the same transaction: the recording, its work,
        // writers and artists (an ISRC another recording has is left out there and kept on the form).
        await syncConfirmedMetadata(tx, {
          organizationId: member.organizationId,
          songId: row.song_id,
          data: value,
          reviewerId: member.reviewer.id,
        });
        return toDto(tx, member.organizationId, await requireForm(tx, member, formId));
      });
    },

    /** Back to draft: the artist's link opens the editable form again (if it is still valid). */
    async reopen(member: Member, formId: string): Promise<MetadataFormDto> {
      return database.withOrg(member.organizationId, async (tx) => {
        const row = await requireForm(tx, member, formId, true);
        if (row.status === 'draft') throw new AppError('conflict', METADATA_MESSAGES.notReopenable);
        await repo.updateForm(tx, member.organizationId, formId, {
          status: 'draft',
          submitted: 'clear',
          confirmedBy: 'clear',
        });
        return toDto(tx, member.organizationId, await requireForm(tx, member, formId));
      });
    },

    // ---- public (the artist, by link) -------------------------------------------------------------

    /** The artist's page of a link the route opened (action `open`). */
    async openPublic(opened: OpenedLink): Promise<PublicMetadataFormDto> {
      const { link, formId, organizationId } = formOf(opened);
      return database.withOrg(organizationId, async (tx) => {
        const row = await repo.findForm(tx, organizationId, formId);
        if (!row) throw new AppError('not_found', PUBLIC_LINK_MESSAGES.not_found);
        const files = await repo.currentSongFiles(tx, organizationId, row.song_id);
        return {
          label_name: await repo.labelName(tx, organizationId),
          song_title: row.song_title,
          song_artist: row.song_artist,
          audio_file_key: files.audio_file_key,
          waveform_file_key: files.waveform_file_key,
          status: row.status,
          data: toFullDraft(row.data, { title: row.song_title, artist: row.song_artist }),
          submitted_at: isoOrNull(row.submitted_at),
          expires_at: link.expiresAt.toISOString(),
          updated_at: iso(row.updated_at),
        };
      });
    },

    /** Autosave: stores what was typed as it is (merged over the stored draft). Refused once submitted. */
    async saveDraft(opened: OpenedLink, data: MetadataFormDraft): Promise<MetadataDraftSavedDto> {
      const { formId, organizationId } = formOf(opened);
      return database.withOrg(organizationId, async (tx) => saveDraftIn(tx, organizationId, formId, data));
    },

    /**
     * Submits: the typed data is saved first (so a refused submission loses nothing), then checked; a
     * valid form becomes submitted and every member of the label gets metadata_form_confirmed. The
     * route answers with the page the link opens afterwards (openPublic).
     */
    async submit(opened: OpenedLink, data: MetadataFormDraft): Promise<void> {
      const { formId, organizationId } = formOf(opened);
      await database.withOrg(organizationId, (tx) => saveDraftIn(tx, organizationId, formId, data));
      const notified = await database.withOrg(organizationId, async (tx) => {
        const row = await repo.findForm(tx, organizationId, formId, true);
        if (!row) throw new AppError('not_found', PUBLIC_LINK_MESSAGES.not_found);
        if (row.status !== 'draft') throw new AppError('link_used', METADATA_MESSAGES.submittedLocked);
        const value = checkedData(row.data as MetadataFormDraft);
        await repo.updateForm(tx, organizationId, formId, {
          data: { ...value },
          status: 'submitted',
          submitted: 'now',
        });
        return notifications.notify(tx, {
          organizationId,
          recipients: 'all_members',
          senderId: null,
          type: 'metadata_form_confirmed',
          songId: row.song_id,
          message: `${row.song_artist} submitted the metadata for "${row.song_title}"`,
        });
      });
      await notified.sendEmails();
    },
  };
}

async function saveDraftIn(tx: OrgTx, organizationId: string, formId: string, data: MetadataFormDraft) {
  const row = await repo.findForm(tx, organizationId, formId, true);
  if (!row) throw new AppError('not_found', PUBLIC_LINK_MESSAGES.not_found);
  if (row.status !== 'draft') throw new AppError('link_used', METADATA_MESSAGES.submittedLocked);
  const merged = { ...(row.data ?? {}), ...data };
  const saved = await repo.updateForm(tx, organizationId, formId, { data: merged });
  return { saved_at: iso(saved!.updated_at) };
}
