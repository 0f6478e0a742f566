import {
  type CreatedLabelCopyLinkDto,
  LABEL_COPY_EXPORT_TYPES,
  LABEL_COPY_LINK_DAYS,
  LABEL_COPY_LINK_PURPOSES,
  LABEL_COPY_MESSAGES,
  type LabelCopyData,
  type LabelCopyDocument,
  type LabelCopyDto,
  type LabelCopyExportFormat,
  type LabelCopyGeneratorStateDto,
  type LabelCopyLinkDto,
  type LabelCopyLinkPurpose,
  labelCopyCsv,
  labelCopyFileName,
  labelCopyIssues,
  type PublicLabelCopyFormDto,
  type PublicLabelCopyGeneratorDto,
  type PublicLabelCopyShareDto,
  type SongLabelCopyDto,
} from '@music-review/core/label-copy';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { featureAccess, planAndTrials, useGatedFeature } from '../../platform/plans/feature-access.ts';
import {
  consumePublicLink,
  createPublicLink,
  type LinkVisitor,
  listPublicLinks,
  type PublicLink,
  revokePublicLink,
} from '../../platform/public-links/public-links.ts';
import {
  type LabelCopyView,
  newLabelCopy,
  readLabelCopy,
  syncLabelCopy,
} from '../catalogue/catalogue-sync.service.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import {
  assembleDocument,
  documentOfCopy,
  prefillLabelCopy,
  renderLabelCopyPdf,
} from './label-copy.document.ts';
import * as repo from './label-copy.repo.ts';

const M = LABEL_COPY_MESSAGES;
const REFUSAL_CODE = {
  not_found: 'not_found',
  expired: 'link_expired',
  used: 'link_used',
  revoked: 'link_revoked',
} as const;
const DAY_MS = 86_400_000;
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * A public link the route has opened with openPublicLink (rate limit, refusals, use log) for the
 * purpose and action of its page, with who is using it.
 */
export interface OpenedLink {
  link: PublicLink;
  visitor: LinkVisitor;
}

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

/**
 * A label copy as the label reads it: the catalogue's values over the stored ones (decision 0025),
 * and among what stops "Mark as final", a code another release or recording of the label has.
 */
function toDto(row: repo.LabelCopyRow, view: LabelCopyView): LabelCopyDto {
  const { data } = view;
  return {
    id: row.id,
    song_id: row.song_id,
    song_title: row.song_title,
    song_artist: row.song_artist,
    status: row.status,
    data,
    missing: [...labelCopyIssues(data, 'final'), ...view.conflicts],
    submitted_at: iso(row.submitted_at),
    finalized_at: iso(row.finalized_at),
    updated_at: iso(row.updated_at)!,
    generated_at: row.generated?.at ?? null,
  };
}

const linkDto = (link: {
  id: string;
  purpose: string;
  state: string;
  createdAt: Date;
  expiresAt: Date;
}): LabelCopyLinkDto => ({
  id: link.id,
  purpose: link.purpose as LabelCopyLinkPurpose,
  state: link.state as LabelCopyLinkDto['state'],
  created_at: link.createdAt.toISOString(),
  expires_at: link.expiresAt.toISOString(),
});

const PUBLIC_PATHS: Record<LabelCopyLinkPurpose, (token: string) => string> = {
  label_copy_form: (t) => `/label-copy-form/${t}`,
  label_copy_share: (t) => `/label-copy/${t}`,
  label_copy_generator: (t) => `/label-copy-generator/${t}`,
};

export function createLabelCopyService(ctx: AppContext) {
  const { database } = ctx;
  const notifications = createNotificationsService(ctx);

  async function loadPrefillSources(tx: OrgTx, organizationId: string, songId: string) {
    const [metadata, contract, organizationName] = [
      await repo.metadataForPrefill(tx, organizationId, songId),
      await repo.signedContractForPrefill(tx, organizationId, songId),
      await repo.organizationName(tx, organizationId),
    ];
    return { metadata, contract, organizationName };
  }

  /** The label copy's links of every purpose, newest first. */
  async function linksOf(tx: OrgTx, organizationId: string, id: string) {
    const links = [];
    for (const purpose of LABEL_COPY_LINK_PURPOSES)
      links.push(...(await listPublicLinks(tx, organizationId, purpose, id)));
    return links.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  async function requireCopy(tx: OrgTx, organizationId: string, id: string, lock = false) {
    const row = await repo.findLabelCopy(tx, organizationId, id, lock);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  /** The stored label copy with the catalogue's values over it (the song's release and recording). */
  const viewOf = (tx: OrgTx, organizationId: string, row: repo.LabelCopyRow) =>
    readLabelCopy(tx, organizationId, row.song_id, row.data);

  /** The label copy's answer, read again after a change. */
  async function dtoOf(tx: OrgTx, organizationId: string, id: string) {
    const row = await requireCopy(tx, organizationId, id);
    return toDto(row, await viewOf(tx, organizationId, row));
  }

  /** Stores what the label saved and writes it into the catalogue (its release and the song's recording). */
  async function saveAndSync(tx: OrgTx, member: Member, row: repo.LabelCopyRow, data: LabelCopyData) {
    const stored = await syncLabelCopy(tx, {
      organizationId: member.organizationId,
      songId: row.song_id,
      data,
      reviewerId: member.reviewer.id,
    });
    await repo.updateData(tx, member.organizationId, row.id, stored);
  }

  async function generatorState(tx: OrgTx, organizationId: string): Promise<LabelCopyGeneratorStateDto> {
    const access = await featureAccess(tx, organizationId, 'label_copy_generator');
    const exports = await repo.exportState(tx, organizationId, Object.values(LABEL_COPY_EXPORT_TYPES));
    const { plan } = await planAndTrials(tx, organizationId);
    return {
      plan_name: plan?.name ?? '',
      allowed: access.allowed,
      is_trial: access.isTrial,
      trial_used: access.trialUsed,
      export_limit: exports.limit,
      exports_this_month: {
        pdf: exports.used(LABEL_COPY_EXPORT_TYPES.pdf),
        csv: exports.used(LABEL_COPY_EXPORT_TYPES.csv),
      },
    };
  }

  /** Counts one export inside the caller's transaction; refused past the plan's monthly limit. */
  async function countExport(tx: OrgTx, organizationId: string, format: LabelCopyExportFormat) {
    const type = LABEL_COPY_EXPORT_TYPES[format];
    if (!(await repo.checkExportLimit(tx, organizationId, type))) {
      const { limit } = await repo.exportState(tx, organizationId, [type]);
      throw new AppError('plan_limit_reached', M.exportLimit(format.toUpperCase(), limit));
    }
    await repo.recordExportUsage(tx, organizationId, type);
  }

  async function renderFile(doc: LabelCopyDocument, format: LabelCopyExportFormat): Promise<ExportFile> {
    if (format === 'pdf') {
      return {
        filename: labelCopyFileName(doc.title, 'pdf'),
        contentType: 'application/pdf',
        body: Buffer.from(await renderLabelCopyPdf(doc)),
      };
    }
    return {
      filename: labelCopyFileName(doc.title, 'csv'),
      contentType: 'text/csv; charset=utf-8',
      body: Buffer.from(labelCopyCsv(doc.data), 'utf8'),
    };
  }

  /** The label copy of an opened public link (the link's own record, in its own label). */
  async function openLink(opened: OpenedLink) {
    const { link } = opened;
    if (!link.recordId) throw new AppError('not_found', PUBLIC_LINK_MESSAGES.not_found);
    const found = await database.withOrg(link.organizationId, async (tx) => {
      const row = await repo.findLabelCopy(tx, link.organizationId, link.recordId!);
      return {
        row,
        data: row ? (await viewOf(tx, link.organizationId, row)).data : null,
        organizationName: await repo.organizationName(tx, link.organizationId),
      };
    });
    if (!found.row || !found.data) throw new AppError('not_found', PUBLIC_LINK_MESSAGES.not_found);
    return { ...opened, row: found.row, data: found.data, organizationName: found.organizationName };
  }

  /**
   * The artist's form: saves as draft, or spends the link and submits (the route opens the link
   * as 'save' or 'submit_open').
   */
  async function saveFromForm(
    opened: OpenedLink,
    data: LabelCopyData,
    submit: boolean,
  ): Promise<PublicLabelCopyFormDto> {
    const { link, visitor, row, organizationName } = await openLink(opened);
    if (submit) {
      const issues = labelCopyIssues(data, 'submit');
      if (issues.length > 0) throw new AppError('validation_failed', M.notReadyToSubmit(issues));
    }
    const updated = await database.withOrg(link.organizationId, async (tx) => {
      const current = await requireCopy(tx, link.organizationId, row.id, true);
      if (current.status === 'final') throw new AppError('conflict', M.formFinal);
      if (submit) {
        const spent = await consumePublicLink(tx, link, visitor);
        if (!spent.ok) throw new AppError(REFUSAL_CODE[spent.reason], PUBLIC_LINK_MESSAGES[spent.reason]);
      }
      await repo.updateData(tx, link.organizationId, row.id, data);
      let notified: Awaited<ReturnType<typeof notifications.notify>> | null = null;
      if (submit) {
        await repo.setStatus(tx, link.organizationId, row.id, 'submitted');
        // The label hears of it: every member, with the song (the bell opens its Label Copy tab).
        notified = await notifications.notify(tx, {
          organizationId: link.organizationId,
          recipients: 'all_members',
          senderId: null,
          type: 'label_copy_submitted',
          songId: current.song_id,
          message: `The artist sent the label copy of "${current.song_title}"`,
        });
      }
      return { copy: await dtoOf(tx, link.organizationId, row.id), notified };
    });
    await updated.notified?.sendEmails();
    const dto = updated.copy;
    return {
      organization_name: organizationName,
      song_title: dto.song_title,
      status: dto.status,
      data: dto.data,
      missing: labelCopyIssues(dto.data, 'submit'),
      expires_at: link.expiresAt.toISOString(),
      updated_at: dto.updated_at,
    };
  }

  return {
    async getForSong(member: Member, songId: string): Promise<SongLabelCopyDto> {
      return database.withOrg(member.organizationId, async (tx) => {
        const song = await repo.findSong(tx, member.organizationId, songId);
        if (!song) throw notFound(M.songNotFound);
        const row = await repo.findLabelCopyOfSong(tx, member.organizationId, songId);
        return {
          song: { id: song.id, title: song.title, artist: song.artist, status: song.status },
          label_copy: row ? toDto(row, await viewOf(tx, member.organizationId, row)) : null,
          generator: await generatorState(tx, member.organizationId),
        };
      });
    },

    /** A new label copy for a signed song, prefilled from the song, its metadata and its contract. */
    async create(member: Member, songId: string): Promise<LabelCopyDto> {
      return database.withOrg(member.organizationId, async (tx) => {
        const song = await repo.findSong(tx, member.organizationId, songId);
        if (!song) throw notFound(M.songNotFound);
        if (song.status !== 'signed') throw new AppError('conflict', M.notSigned);
        const sources = await loadPrefillSources(tx, member.organizationId, songId);
        // What the catalogue already holds for the song's release and recording wins over the prefill.
        const data = await newLabelCopy(
          tx,
          member.organizationId,
          songId,
          prefillLabelCopy({ song, ...sources }),
        );
        const id = await repo.insertLabelCopy(tx, { organizationId: member.organizationId, songId, data });
        if (!id) throw new AppError('conflict', M.exists);
        return dtoOf(tx, member.organizationId, id);
      });
    },

    async get(member: Member, id: string): Promise<LabelCopyDto> {
      return database.withOrg(member.organizationId, (tx) => dtoOf(tx, member.organizationId, id));
    },

    /** Saves the draft (a final label copy must be reopened first), and the catalogue with it. */
    async update(member: Member, id: string, data: LabelCopyData): Promise<LabelCopyDto> {
      return database.withOrg(member.organizationId, async (tx) => {
        const row = await requireCopy(tx, member.organizationId, id, true);
        if (row.status === 'final') throw new AppError('conflict', M.isFinal);
        await saveAndSync(tx, member, row, data);
        return dtoOf(tx, member.organizationId, id);
      });
    },

    /** Marks final what the label reads (the catalogue's values included), and writes it into the catalogue. */
    async markFinal(member: Member, id: string): Promise<LabelCopyDto> {
      return database.withOrg(member.organizationId, async (tx) => {
        const row = await requireCopy(tx, member.organizationId, id, true);
        const view = await viewOf(tx, member.organizationId, row);
        if (row.status === 'final') return toDto(row, view);
        const issues = [...labelCopyIssues(view.data, 'final'), ...view.conflicts];
        if (issues.length > 0) throw new AppError('validation_failed', M.notReadyToFinal(issues));
        await saveAndSync(tx, member, row, view.data);
        await repo.setStatus(tx, member.organizationId, id, 'final');
        return dtoOf(tx, member.organizationId, id);
      });
    },

    async reopen(member: Member, id: string): Promise<LabelCopyDto> {
      return database.withOrg(member.organizationId, async (tx) => {
        const row = await requireCopy(tx, member.organizationId, id, true);
        if (row.status === 'final') await repo.setStatus(tx, member.organizationId, id, 'draft');
        return dtoOf(tx, member.organizationId, id);
      });
    },

    async listLinks(member: Member, id: string): Promise<LabelCopyLinkDto[]> {
      return database.withOrg(member.organizationId, async (tx) => {
        await requireCopy(tx, member.organizationId, id);
        return (await linksOf(tx, member.organizationId, id)).map(linkDto);
      });
    },

    async createLink(
      member: Member,
      id: string,
      purpose: LabelCopyLinkPurpose,
    ): Promise<CreatedLabelCopyLinkDto> {
      return database.withOrg(member.organizationId, async (tx) => {
        const row = await requireCopy(tx, member.organizationId, id);
        if (purpose === 'label_copy_form' && row.status === 'final')
          throw new AppError('conflict', M.isFinal);
        if (purpose === 'label_copy_generator' && !row.generated)
          throw new AppError('conflict', 'Generate the label copy first, then share the generator view.');
        const { link, token } = await createPublicLink(tx, {
          organizationId: member.organizationId,
          purpose,
          recordId: id,
          ttlMs: LABEL_COPY_LINK_DAYS[purpose] * DAY_MS,
          // The artist's form is spent by its submission; the read-only views are not.
          singleUse: purpose === 'label_copy_form',
          createdBy: member.reviewer.id,
        });
        return {
          ...linkDto({ ...link, state: 'active', createdAt: new Date() }),
          token,
          path: PUBLIC_PATHS[purpose](token),
        };
      });
    },

    async revokeLink(member: Member, id: string, linkId: string) {
      await database.withOrg(member.organizationId, async (tx) => {
        await requireCopy(tx, member.organizationId, id);
        const links = await linksOf(tx, member.organizationId, id);
        if (!links.some((l) => l.id === linkId)) throw notFound('Link not found');
        await revokePublicLink(tx, member.organizationId, linkId);
      });
    },

    async generatorState(member: Member) {
      return database.withOrg(member.organizationId, (tx) => generatorState(tx, member.organizationId));
    },

    /**
     * Runs the generator: assembles the document from the label copy, the metadata form and the
     * signed contract, and keeps it for the downloads and the generator link. On Starter this spends
     * the one trial in the same transaction (a failure leaves it unspent).
     */
    async generate(member: Member, id: string): Promise<LabelCopyDto> {
      return database.withOrg(member.organizationId, async (tx) => {
        const row = await requireCopy(tx, member.organizationId, id, true);
        if (!(await useGatedFeature(tx, member.organizationId, 'label_copy_generator'))) {
          const access = await featureAccess(tx, member.organizationId, 'label_copy_generator');
          throw new AppError('plan_required', access.isTrial ? M.generatorTrialUsed : M.generatorNotInPlan);
        }
        const sources = await loadPrefillSources(tx, member.organizationId, row.song_id);
        const document = assembleDocument({
          copy: (await viewOf(tx, member.organizationId, row)).data,
          status: row.status,
          songTitle: row.song_title,
          organizationName: sources.organizationName,
          metadata: sources.metadata,
          contract: sources.contract,
        });
        await repo.setGenerated(tx, member.organizationId, id, { at: document.generated_at, document });
        return dtoOf(tx, member.organizationId, id);
      });
    },

    /** A download of the generated document (counted against the plan's monthly exports). */
    async exportGenerated(member: Member, id: string, format: LabelCopyExportFormat): Promise<ExportFile> {
      const document = await database.withOrg(member.organizationId, async (tx) => {
        const row = await requireCopy(tx, member.organizationId, id);
        if (!row.generated) throw new AppError('conflict', M.notGenerated);
        await countExport(tx, member.organizationId, format);
        return row.generated.document;
      });
      return renderFile(document, format);
    },

    // ---- public pages ---------------------------------------------------------------------------

    async openForm(opened: OpenedLink): Promise<PublicLabelCopyFormDto> {
      const { link, row, data, organizationName } = await openLink(opened);
      return {
        organization_name: organizationName,
        song_title: row.song_title,
        status: row.status,
        data,
        missing: labelCopyIssues(data, 'submit'),
        expires_at: link.expiresAt.toISOString(),
        updated_at: iso(row.updated_at)!,
      };
    },

    saveForm: (opened: OpenedLink, data: LabelCopyData) => saveFromForm(opened, data, false),
    submitForm: (opened: OpenedLink, data: LabelCopyData) => saveFromForm(opened, data, true),

    async openShare(opened: OpenedLink): Promise<PublicLabelCopyShareDto> {
      const { link, row, data, organizationName } = await openLink(opened);
      return {
        organization_name: organizationName,
        song_title: row.song_title,
        status: row.status,
        data,
        updated_at: iso(row.updated_at)!,
        expires_at: link.expiresAt.toISOString(),
      };
    },

    /** A download by a share link (the route opens the link as `download_<format>`). */
    async exportShare(opened: OpenedLink, format: LabelCopyExportFormat): Promise<ExportFile> {
      const { link, row, data, organizationName } = await openLink(opened);
      await database.withOrg(link.organizationId, (tx) => countExport(tx, link.organizationId, format));
      const document = documentOfCopy({
        copy: data,
        status: row.status,
        songTitle: row.song_title,
        organizationName,
        at: row.updated_at,
      });
      return renderFile(document, format);
    },

    async openGenerator(opened: OpenedLink): Promise<PublicLabelCopyGeneratorDto> {
      const { link, row, organizationName } = await openLink(opened);
      return {
        organization_name: organizationName,
        song_title: row.song_title,
        document: row.generated?.document ?? null,
        expires_at: link.expiresAt.toISOString(),
      };
    },

    /** A download by a generator link (the route opens the link as `download_<format>`). */
    async exportGeneratorLink(opened: OpenedLink, format: LabelCopyExportFormat): Promise<ExportFile> {
      const { link, row } = await openLink(opened);
      if (!row.generated) throw new AppError('conflict', M.notGenerated);
      await database.withOrg(link.organizationId, (tx) => countExport(tx, link.organizationId, format));
      return renderFile(row.generated.document, format);
    },
  };
}

export type LabelCopyService = ReturnType<typeof createLabelCopyService>;
