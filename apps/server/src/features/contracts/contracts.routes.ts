import * as contracts from '@music-review/core/contracts/contracts';
import type { PublicLinkPurpose } from '@music-review/core/public-links';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { openPublicLink } from '../../platform/public-links/open-link.ts';
import { createContractsService } from './contracts.service.ts';

/**
 * Issue 6: contract templates, the generator, sending for signature, voiding and downloads (members
 * of the label), and the signer's public pages (`/api/v1/public/...`, by token). Contracts:
 * packages/core/src/contracts/contracts.ts.
 */
export async function contractsRoutes(app: App, ctx: AppContext) {
  const service = createContractsService(ctx);
  /**
   * The signer's link, opened before the service looks at anything (the rate limit, the token's
   * purpose, the use logged as `action`): the service receives the link and its visitor.
   */
  const openLink = (
    req: FastifyRequest,
    token: string,
    purpose: Extract<PublicLinkPurpose, 'contract_signature' | 'contract_decline'>,
    action: string,
  ) => openPublicLink(ctx, req, token, purpose, action);

  // ---------- Templates ----------

  route(app, ctx, contracts.listContractTemplates, ({ member }) => service.listTemplates(member));

  route(app, ctx, contracts.createContractTemplate, ({ member, body }) =>
    service.createTemplate(member, body),
  );

  route(app, ctx, contracts.updateContractTemplate, ({ member, params, body }) =>
    service.updateTemplate(member, params.id, body),
  );

  // The 204 answers carry no body: the handler sends the empty reply (the route set the status).
  route(app, ctx, contracts.deleteContractTemplate, async ({ member, params, reply }) => {
    await service.deleteTemplate(member, params.id);
    return reply.send();
  });

  // ---------- Contracts ----------

  route(app, ctx, contracts.getContractGeneratorAccess, ({ member }) => service.generatorAccess(member));

  route(app, ctx, contracts.listSongContracts, ({ member, params }) =>
    service.listForSong(member, params.songId),
  );

  route(app, ctx, contracts.generateContract, ({ member, params, body }) =>
    service.generate(member, params.songId, body),
  );

  route(app, ctx, contracts.getContract, ({ member, params }) => service.get(member, params.id));

  route(app, ctx, contracts.updateContract, ({ member, params, body }) =>
    service.update(member, params.id, body),
  );

  route(app, ctx, contracts.deleteContract, async ({ member, params, reply }) => {
    await service.remove(member, params.id);
    return reply.send();
  });

  route(app, ctx, contracts.sendContract, ({ member, params, body }) =>
    service.send(member, params.id, body),
  );

  route(app, ctx, contracts.reissueContractSignerLinks, ({ member, params }) =>
    service.reissueLinks(member, params.id, params.signerId),
  );

  route(app, ctx, contracts.voidContract, ({ member, params }) => service.void(member, params.id));

  route(app, ctx, contracts.getContractDownloadUrl, ({ member, params, query }) =>
    service.documentUrl(member, params.id, query.which),
  );

  // ---------- Public: the signer, by token ----------

  route(app, ctx, contracts.openContractForSigning, async ({ params, query, req }) =>
    service.openForSigning(await openLink(req, query.token, 'contract_signature', 'open'), params.id),
  );

  // The signer's downloads (the links the signing page gives, valid 15 minutes).
  route(app, ctx, contracts.downloadPublicContractFile, async ({ params, query, reply }) => {
    const file = await service.publicFile(params.id, params.which, query);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(file.size))
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });

  route(app, ctx, contracts.signContract, async ({ params, body, req }) =>
    service.sign(await openLink(req, body.token, 'contract_signature', 'sign'), params.id, body),
  );

  route(app, ctx, contracts.openContractDecline, async ({ params, req }) =>
    service.openForDecline(await openLink(req, params.token, 'contract_decline', 'open')),
  );

  route(app, ctx, contracts.declineContract, async ({ params, body, req }) =>
    service.decline(await openLink(req, params.token, 'contract_decline', 'decline'), body.reason),
  );
}
