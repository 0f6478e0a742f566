import type {
  GeneralIntakeData,
  GeneralIntakeSubmittedDto,
  PublicGeneralIntakeDto,
  PublicQuestionnaireDto,
  QuestionnaireData,
  QuestionnaireDraftSavedDto,
  QuestionnaireSubmittedDto,
} from '@music-review/core/marketing';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  consumePublicLink,
  type LinkVisitor,
  type PublicLink,
} from '../../platform/public-links/public-links.ts';
import * as repo from './marketing.repo.ts';
import { storedQuestionnaire } from './marketing.service.ts';
import { signedPressPhotos } from './marketing-photos.service.ts';

const REFUSAL_CODE = {
  not_found: 'not_found',
  expired: 'link_expired',
  used: 'link_used',
  revoked: 'link_revoked',
} as const;
const deadLink = () => new AppError('not_found', PUBLIC_LINK_MESSAGES.not_found);

/**
 * A public link the route has opened with openPublicLink (rate limit, refusals, use log) for the
 * page's purpose and action, with who is using it.
 */
export interface OpenedLink {
  link: PublicLink;
  visitor: LinkVisitor;
}

/**
 * The outsiders' side (no session): the artist's questionnaire and the label-wide intake. Every call
 * gets the link its route opened through openPublicLink (rate limit, refusals, use log); what
 * follows runs in `withOrg` of the link's label and reads only the link's own record.
 */
export function createMarketingPublicService(ctx: AppContext) {
  const { database } = ctx;

  async function questionnaireOf(link: PublicLink) {
    return database.withOrg(link.organizationId, async (tx) => {
      const form = link.recordId ? await repo.findForm(tx, link.organizationId, link.recordId) : null;
      if (form?.kind !== 'song' || !form.song_id) throw deadLink();
      const song = await repo.findSong(tx, link.organizationId, form.song_id);
      if (!song) throw deadLink();
      return { form, song, labelName: await repo.labelName(tx, link.organizationId) };
    });
  }

  return {
    async openQuestionnaire({ link }: OpenedLink): Promise<PublicQuestionnaireDto> {
      const { form, song, labelName } = await questionnaireOf(link);
      return {
        label_name: labelName,
        song_title: song.title,
        artist: song.artist,
        status: form.status,
        data: storedQuestionnaire(form.data),
        press_photo_files: await signedPressPhotos(ctx.storage.driver, form.data),
        updated_at: new Date(form.updated_at).toISOString(),
        expires_at: link.expiresAt.toISOString(),
      };
    },

    /** Autosave: the draft's answers, as typed (the link stays usable). */
    async saveDraft({ link }: OpenedLink, data: QuestionnaireData): Promise<QuestionnaireDraftSavedDto> {
      await questionnaireOf(link);
      const row = await database.withOrg(link.organizationId, (tx) =>
        repo.saveFormData(tx, link.organizationId, link.recordId!, data, false),
      );
      return { saved_at: new Date(row!.updated_at).toISOString() };
    },

    /** Submits the questionnaire and spends the link in the same transaction. */
    async submitQuestionnaire(
      { link, visitor }: OpenedLink,
      data: QuestionnaireData,
    ): Promise<QuestionnaireSubmittedDto> {
      await questionnaireOf(link);
      const row = await database.withOrg(link.organizationId, async (tx) => {
        const spent = await consumePublicLink(tx, link, visitor, 'consume');
        if (!spent.ok) throw new AppError(REFUSAL_CODE[spent.reason], PUBLIC_LINK_MESSAGES[spent.reason]);
        return repo.saveFormData(tx, link.organizationId, link.recordId!, data, true);
      });
      return { submitted_at: new Date(row!.submitted_at!).toISOString() };
    },

    async openGeneral({ link }: OpenedLink): Promise<PublicGeneralIntakeDto> {
      const labelName = await database.withOrg(link.organizationId, (tx) =>
        repo.labelName(tx, link.organizationId),
      );
      return { label_name: labelName, expires_at: link.expiresAt.toISOString() };
    },

    /** Each submission of the label-wide intake is a new general form; the link stays open. */
    async submitGeneral(
      { link, visitor }: OpenedLink,
      data: GeneralIntakeData,
    ): Promise<GeneralIntakeSubmittedDto> {
      const row = await database.withOrg(link.organizationId, async (tx) => {
        // Re-checked in the transaction: a link withdrawn a moment ago takes nothing more.
        const checked = await consumePublicLink(tx, link, visitor, 'consume');
        if (!checked.ok)
          throw new AppError(REFUSAL_CODE[checked.reason], PUBLIC_LINK_MESSAGES[checked.reason]);
        return repo.insertGeneralSubmission(tx, link.organizationId, data);
      });
      return { id: row.id, submitted_at: new Date(row.submitted_at!).toISOString() };
    },
  };
}
