import type { AppContext } from '../../context.ts';
import { createContractDocuments } from './contracts.documents.ts';
import { createContractMemberActions } from './contracts.members.ts';
import { createContractSigning } from './contracts.signing.ts';
import { createContractTemplates } from './contracts.templates.ts';

/**
 * The contracts feature's service, as the routes and other features use it. Its use cases live
 * beside it: templates and the generator (contracts.templates.ts), the label's actions on a
 * contract (contracts.members.ts), the signer's public pages (contracts.signing.ts), and the
 * stored PDFs with their hash chain and download URLs (contracts.documents.ts).
 */

export {
  type ContractFileKind,
  documentKey,
  signatureBlock,
  signedKey,
  stepKey,
} from './contracts.documents.ts';
export { CONTRACT_LINK_TTL_MS } from './contracts.members.ts';

export function createContractsService(ctx: AppContext) {
  const documents = createContractDocuments(ctx);
  return {
    ...createContractTemplates(ctx),
    ...createContractMemberActions(ctx, documents),
    ...createContractSigning(ctx, documents),
    /** A file of the contract through a URL the signing page was given (publicFileUrl). */
    publicFile: documents.publicFile,
    /** For the signed PDF's verification in tests and support: the bytes stored under a key. */
    readAll: documents.readAll,
  };
}
