import { CATALOGUE_LIMITS, CATALOGUE_TAB_LABELS, type CatalogueTab } from '@music-review/core/catalogue';
import type { SavedViewDto } from '@music-review/core/contracts/catalogue';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { requireCatalogue } from './catalogue.access.ts';
import * as repo from './saved-views.repo.ts';

const tooManyViews = (tab: CatalogueTab) =>
  `You can keep at most ${CATALOGUE_LIMITS.savedViews} saved views on ${CATALOGUE_TAB_LABELS[tab]}: delete one to save another`;

/** A member's saved grid views: their own, per tab, never another member's. */
export function createSavedViewsService(ctx: AppContext) {
  return {
    /** GET /api/v1/catalogue/views */
    list(member: Member): Promise<{ views: SavedViewDto[] }> {
      const org = member.organizationId;
      return ctx.database.withOrg(org, async (tx) => {
        requireCatalogue(member);
        return { views: await repo.listSavedViews(tx, org, member.reviewer.id) };
      });
    },

    /** POST /api/v1/catalogue/views: at most CATALOGUE_LIMITS.savedViews per member and tab. */
    create(member: Member, view: Omit<SavedViewDto, 'id'>): Promise<SavedViewDto> {
      const org = member.organizationId;
      return ctx.database.withOrg(org, async (tx) => {
        requireCatalogue(member);
        const count = await repo.countSavedViewsLocked(tx, org, member.reviewer.id, view.tab);
        if (count >= CATALOGUE_LIMITS.savedViews)
          throw new AppError('plan_limit_reached', tooManyViews(view.tab));
        return repo.insertSavedView(tx, org, member.reviewer.id, view);
      });
    },

    /** DELETE /api/v1/catalogue/views/{id}: only the member's own view (404 otherwise). */
    async remove(member: Member, id: string): Promise<{ ok: true }> {
      const org = member.organizationId;
      await ctx.database.withOrg(org, async (tx) => {
        requireCatalogue(member);
        if (!(await repo.deleteSavedView(tx, org, member.reviewer.id, id)))
          throw notFound('Saved view not found');
      });
      return { ok: true };
    },
  };
}
