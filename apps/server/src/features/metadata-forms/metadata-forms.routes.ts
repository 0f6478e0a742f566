import * as metadataForms from '@music-review/core/contracts/metadata-forms';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { openPublicLink } from '../../platform/public-links/open-link.ts';
import { createMetadataFormsService } from './metadata-forms.service.ts';

/**
 * Metadata forms (issue 6): the label's routes (a member of the form's label; another label's ids are
 * 404) and the artist's public routes by link (/api/v1/public/metadata-forms/{token}). Contracts:
 * packages/core/src/contracts/metadata-forms.ts.
 */
export async function metadataFormsRoutes(app: App, ctx: AppContext) {
  const service = createMetadataFormsService(ctx);
  /**
   * The artist's link, opened before the service looks at anything (the rate limit, the token, the
   * use logged as `action`): the service receives the link and its visitor.
   */
  const openLink = (req: FastifyRequest, token: string, action: string) =>
    openPublicLink(ctx, req, token, 'metadata_form', action);

  route(app, ctx, metadataForms.listMetadataForms, async ({ member, query }) => ({
    forms: await service.list(member, query),
  }));

  route(app, ctx, metadataForms.listSongMetadataForms, async ({ member, params }) => ({
    forms: await service.ofSong(member, params.songId),
  }));

  route(app, ctx, metadataForms.createMetadataForm, ({ member, params }) =>
    service.create(member, params.songId),
  );

  route(app, ctx, metadataForms.getMetadataForm, ({ member, params }) => service.get(member, params.id));

  route(app, ctx, metadataForms.updateMetadataForm, ({ member, params, body }) =>
    service.update(member, params.id, body.data),
  );

  route(app, ctx, metadataForms.confirmMetadataForm, ({ member, params, body }) =>
    service.confirm(member, params.id, body?.data),
  );

  route(app, ctx, metadataForms.reopenMetadataForm, ({ member, params }) =>
    service.reopen(member, params.id),
  );

  route(app, ctx, metadataForms.issueMetadataFormLink, ({ member, params }) =>
    service.newLink(member, params.id),
  );

  route(app, ctx, metadataForms.revokeMetadataFormLinks, ({ member, params }) =>
    service.revokeLinks(member, params.id),
  );

  route(app, ctx, metadataForms.emailMetadataFormLink, ({ member, params, body }) =>
    service.email(member, params.id, body),
  );

  route(app, ctx, metadataForms.postMetadataFormLinkToChat, ({ member, params, body }) =>
    service.sendToChat(member, params.id, body ?? {}),
  );

  // ---- public: the artist, by link -----------------------------------------------------------------

  route(app, ctx, metadataForms.openMetadataFormByLink, async ({ params, req }) =>
    service.openPublic(await openLink(req, params.token, 'open')),
  );

  route(app, ctx, metadataForms.saveMetadataFormDraft, async ({ params, body, req }) =>
    service.saveDraft(await openLink(req, params.token, 'save'), body.data),
  );

  route(app, ctx, metadataForms.submitMetadataForm, async ({ params, body, req }) => {
    await service.submit(await openLink(req, params.token, 'submit'), body.data);
    // The answer is the page as the link now opens it: opened again, like the artist's next visit
    // (counted and logged as an `open`).
    return service.openPublic(await openLink(req, params.token, 'open'));
  });
}
