import * as labelCopy from '@music-review/core/contracts/label-copy';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { openPublicLink } from '../../platform/public-links/open-link.ts';
import { createLabelCopyService, type ExportFile } from './label-copy.service.ts';

/** An attachment with an ASCII fallback name and the UTF-8 one (RFC 6266 / 5987). */
function sendFile(reply: FastifyReply, file: ExportFile) {
  const ascii = file.filename
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

/** The label copy endpoints (contracts: packages/core/src/contracts/label-copy.ts). */
export async function labelCopyRoutes(app: App, ctx: AppContext) {
  const service = createLabelCopyService(ctx);

  // ---- the label's side -------------------------------------------------------------------------

  route(app, ctx, labelCopy.getSongLabelCopy, ({ member, params }) =>
    service.getForSong(member, params.songId),
  );

  route(app, ctx, labelCopy.createLabelCopy, ({ member, params }) => service.create(member, params.songId));

  route(app, ctx, labelCopy.getLabelCopy, ({ member, params }) => service.get(member, params.id));

  route(app, ctx, labelCopy.saveLabelCopy, ({ member, params, body }) =>
    service.update(member, params.id, body.data),
  );

  route(app, ctx, labelCopy.finalizeLabelCopy, ({ member, params }) => service.markFinal(member, params.id));

  route(app, ctx, labelCopy.reopenLabelCopy, ({ member, params }) => service.reopen(member, params.id));

  route(app, ctx, labelCopy.listLabelCopyLinks, ({ member, params }) => service.listLinks(member, params.id));

  route(app, ctx, labelCopy.createLabelCopyLink, ({ member, params, body }) =>
    service.createLink(member, params.id, body.purpose),
  );

  route(app, ctx, labelCopy.revokeLabelCopyLink, async ({ member, params, reply }) => {
    await service.revokeLink(member, params.id, params.linkId);
    return reply.send();
  });

  route(app, ctx, labelCopy.getLabelCopyGeneratorState, ({ member }) => service.generatorState(member));

  route(app, ctx, labelCopy.generateLabelCopy, ({ member, params }) => service.generate(member, params.id));

  route(app, ctx, labelCopy.downloadGeneratedLabelCopy, async ({ member, params, reply }) =>
    sendFile(reply, await service.exportGenerated(member, params.id, params.format)),
  );

  // ---- public pages (no session: the token is the credential) ----------------------------------
  // Each opens its link for the page's purpose, logged as the page's action, before the service
  // reads anything (rate limit, then 404 or 410 for a link that cannot be used).

  route(app, ctx, labelCopy.openLabelCopyForm, async ({ params, req }) =>
    service.openForm(await openPublicLink(ctx, req, params.token, 'label_copy_form')),
  );

  route(app, ctx, labelCopy.saveLabelCopyForm, async ({ params, body, req }) =>
    service.saveForm(await openPublicLink(ctx, req, params.token, 'label_copy_form', 'save'), body.data),
  );

  route(app, ctx, labelCopy.submitLabelCopyForm, async ({ params, body, req }) =>
    service.submitForm(
      await openPublicLink(ctx, req, params.token, 'label_copy_form', 'submit_open'),
      body.data,
    ),
  );

  route(app, ctx, labelCopy.openLabelCopyShare, async ({ params, req }) =>
    service.openShare(await openPublicLink(ctx, req, params.token, 'label_copy_share')),
  );

  route(app, ctx, labelCopy.downloadLabelCopyShare, async ({ params, req, reply }) => {
    const opened = await openPublicLink(
      ctx,
      req,
      params.token,
      'label_copy_share',
      `download_${params.format}`,
    );
    return sendFile(reply, await service.exportShare(opened, params.format));
  });

  route(app, ctx, labelCopy.openLabelCopyGeneratorLink, async ({ params, req }) =>
    service.openGenerator(await openPublicLink(ctx, req, params.token, 'label_copy_generator')),
  );

  route(app, ctx, labelCopy.downloadLabelCopyGeneratorLink, async ({ params, req, reply }) => {
    const opened = await openPublicLink(
      ctx,
      req,
      params.token,
      'label_copy_generator',
      `download_${params.format}`,
    );
    return sendFile(reply, await service.exportGeneratorLink(opened, params.format));
  });
}
