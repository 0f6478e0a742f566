/**
 * Contracts (issue 6): the label's templates, the generator, sending for signature, voiding and
 * downloads (members of the label), and the signer's public pages by link. The contract of each
 * endpoint (packages/core/src/endpoint.ts); handlers: apps/server/src/features/contracts/contracts.routes.ts.
 *
 * The request bodies are the domain's schemas (packages/core/src/contracts.ts), which the web's
 * forms validate with too; the answers are declared here.
 */
import { z } from 'zod';
import { fileResponse, idParams, uuid, uuidOr404 } from '../contract-schemas.ts';
import {
  CONTRACT_KINDS,
  CONTRACT_STATUSES,
  type ContractTerms,
  contractTemplateBody,
  declineContractBody,
  generateContractBody,
  SIGNATURE_KINDS,
  sendContractBody,
  signContractBody,
} from '../contracts.ts';
import { endpoint } from '../endpoint.ts';
import { PUBLIC_LINK_MESSAGES } from '../public-links.ts';

/** An instant as the API writes it (ISO 8601, UTC). */
const instant = z.string();
const kind = z.enum(CONTRACT_KINDS);
const status = z.enum(CONTRACT_STATUSES);
const linkRefusals = ['not_found', 'link_expired', 'link_used', 'link_revoked'] as const;

// The terms as stored (contracts.terms): what the generator checked, without its input rules (the
// currency's upper-casing is a transform, which an answer's schema cannot hold).
const terms = z.object({
  parties: z.array(z.object({ name: z.string(), role: z.string(), email: z.string() })),
  artist_name: z.string(),
  term: z.string(),
  territory: z.string(),
  royalty_rate: z.number(),
  advance_cents: z.number(),
  currency: z.string(),
  writers: z.array(z.object({ name: z.string(), share: z.number() })),
  effective_date: z.string().meta({ description: 'YYYY-MM-DD, the date as agreed.' }),
}) satisfies z.ZodType<ContractTerms>;

const template = z.object({
  id: z.string().meta({ description: "A UUID for the label's own; `default-<kind>` for a built-in one." }),
  kind,
  name: z.string(),
  body: z.string(),
  builtin: z.boolean(),
  updated_at: instant.nullable().meta({ description: 'Null for a built-in template.' }),
});

const signer = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  position: z.number(),
  status: z.enum(['pending', 'signed', 'declined']),
  signature_kind: z.enum(SIGNATURE_KINDS).nullable(),
  signed_at: instant.nullable(),
  declined_at: instant.nullable(),
  decline_reason: z.string().nullable(),
});

const event = z.object({
  id: z.string(),
  action: z.string(),
  actor_name: z.string(),
  actor_email: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  hash_before: z.string().nullable(),
  hash_after: z.string().nullable(),
  created_at: instant,
});

const contract = z.object({
  id: z.string(),
  song_id: z.string(),
  artist_name: z.string(),
  status,
  kind,
  title: z.string(),
  template_id: z.string().nullable(),
  terms,
  body_text: z.string(),
  document_sha256: z.string().nullable(),
  signed_sha256: z.string().nullable(),
  has_document: z.boolean(),
  has_signed_document: z.boolean(),
  sent_at: instant.nullable(),
  completed_at: instant.nullable(),
  declined_at: instant.nullable(),
  decline_reason: z.string().nullable(),
  voided_at: instant.nullable(),
  created_by_name: z.string().nullable(),
  created_at: instant,
  signers: z.array(signer),
});

const contractDetail = contract.extend({
  events: z.array(event).meta({ description: 'The audit trail, oldest first, with its hash chain.' }),
});

const signerLink = z
  .object({
    signer_id: z.string(),
    name: z.string(),
    email: z.string(),
    sign_url: z.string(),
    decline_url: z.string(),
  })
  .meta({ description: 'The tokens are in this answer only: just their hashes are kept.' });

const sentContract = z.object({
  contract: contractDetail,
  links: z.array(signerLink),
  mail_failed: z
    .array(z.string())
    .meta({ description: 'Signers whose mail could not be sent (their links are above to pass on).' }),
});

const generatorAccess = z.object({
  allowed: z.boolean(),
  is_trial: z.boolean(),
  trial_used: z.boolean(),
  message: z.string().meta({ description: 'What the tab shows before anything is filled in.' }),
});

const downloadUrl = z.object({ url: z.string(), expires_at: instant });

const publicContract = z.object({
  contract_id: z.string(),
  title: z.string(),
  kind,
  status,
  label_name: z.string(),
  song_title: z.string(),
  artist_name: z.string(),
  body_text: z.string(),
  document_url: z.string().nullable(),
  signed_document_url: z.string().nullable(),
  signer: z
    .object({ name: z.string(), email: z.string(), role: z.string(), status: z.string() })
    .meta({ description: 'The signer this link is for; no internal id of the label or the signer.' }),
  signers: z.array(
    z.object({
      position: z.number(),
      name: z.string(),
      role: z.string(),
      status: z.string(),
      signed_at: instant.nullable(),
    }),
  ),
});

const publicSigned = z.object({
  status,
  signed_at: instant,
  signed_document_url: z
    .string()
    .nullable()
    .meta({ description: 'The completed PDF, when this was the last signature.' }),
});

const publicDecline = z.object({
  contract_id: z.string(),
  title: z.string(),
  label_name: z.string(),
  song_title: z.string(),
  artist_name: z.string(),
  signer_name: z.string(),
});

export type ContractTemplateDto = z.infer<typeof template>;
export type ContractSignerDto = z.infer<typeof signer>;
export type ContractEventDto = z.infer<typeof event>;
export type ContractDto = z.infer<typeof contract>;
export type ContractDetailDto = z.infer<typeof contractDetail>;
/** The links made when sending or reissuing (the tokens are shown once). */
export type SignerLinkDto = z.infer<typeof signerLink>;
export type SentContractDto = z.infer<typeof sentContract>;
export type ContractGeneratorAccessDto = z.infer<typeof generatorAccess>;
/** The public signing page's view: the document, who signs, and the signer the link is for. */
export type PublicContractDto = z.infer<typeof publicContract>;
export type PublicSignedDto = z.infer<typeof publicSigned>;
/** The public decline page's view of the contract. */
export type PublicDeclineDto = z.infer<typeof publicDecline>;

// ---------- Templates ----------

export const listContractTemplates = endpoint({
  operationId: 'listContractTemplates',
  summary: "The built-in contract templates, then the label's own",
  tag: 'contracts',
  method: 'GET',
  path: '/api/v1/contract-templates',
  access: 'member',
  responses: { 200: z.array(template) },
  errors: [],
});

export const createContractTemplate = endpoint({
  operationId: 'createContractTemplate',
  summary: 'Saves a template of the label (unknown placeholders are refused)',
  tag: 'contracts',
  method: 'POST',
  path: '/api/v1/contract-templates',
  access: 'member',
  body: contractTemplateBody,
  responses: { 201: template },
  errors: [],
});

export const updateContractTemplate = endpoint({
  operationId: 'updateContractTemplate',
  summary: "Changes a template of the label's",
  tag: 'contracts',
  method: 'PUT',
  path: '/api/v1/contract-templates/:id',
  access: 'member',
  params: idParams,
  body: contractTemplateBody,
  responses: { 200: template },
  errors: ['not_found'],
});

export const deleteContractTemplate = endpoint({
  operationId: 'deleteContractTemplate',
  summary: "Deletes a template of the label's (contracts made from it keep their text)",
  tag: 'contracts',
  method: 'DELETE',
  path: '/api/v1/contract-templates/:id',
  access: 'member',
  params: idParams,
  responses: { 204: null },
  errors: ['not_found'],
});

// ---------- The label's contracts ----------

export const getContractGeneratorAccess = endpoint({
  operationId: 'getContractGeneratorAccess',
  summary: "Whether the label's plan lets it generate contracts (Starter: one trial)",
  tag: 'contracts',
  method: 'GET',
  path: '/api/v1/contracts/generator',
  access: 'member',
  responses: { 200: generatorAccess },
  errors: [],
});

export const listSongContracts = endpoint({
  operationId: 'listSongContracts',
  summary: "A song's contracts with their signers, newest first",
  tag: 'contracts',
  method: 'GET',
  path: '/api/v1/songs/:songId/contracts',
  access: 'member',
  params: z.object({ songId: uuid }),
  responses: { 200: z.array(contract) },
  errors: ['not_found'],
});

export const generateContract = endpoint({
  operationId: 'generateContract',
  summary: 'Generates a draft contract for a signed song from a template and its terms, with its PDF',
  tag: 'contracts',
  method: 'POST',
  path: '/api/v1/songs/:songId/contracts',
  access: 'member',
  params: z.object({ songId: uuid }),
  body: generateContractBody,
  responses: { 201: contractDetail },
  errors: ['not_found', 'conflict', 'plan_required'],
});

export const getContract = endpoint({
  operationId: 'getContract',
  summary: 'A contract with its signers and audit trail',
  tag: 'contracts',
  method: 'GET',
  path: '/api/v1/contracts/:id',
  access: 'member',
  params: idParams,
  responses: { 200: contractDetail },
  errors: ['not_found'],
});

export const updateContract = endpoint({
  operationId: 'updateContract',
  summary: "Changes a draft's template, title and terms (text and PDF rendered again)",
  tag: 'contracts',
  method: 'PUT',
  path: '/api/v1/contracts/:id',
  access: 'member',
  params: idParams,
  body: generateContractBody,
  responses: { 200: contractDetail },
  errors: ['not_found', 'conflict'],
});

export const deleteContract = endpoint({
  operationId: 'deleteContract',
  summary: 'Deletes a draft contract and its PDF (a sent one is voided instead)',
  tag: 'contracts',
  method: 'DELETE',
  path: '/api/v1/contracts/:id',
  access: 'member',
  params: idParams,
  responses: { 204: null },
  errors: ['not_found', 'conflict'],
});

export const sendContract = endpoint({
  operationId: 'sendContract',
  summary: 'Sends a draft for signature: freezes its PDF, issues and mails each signer their links',
  tag: 'contracts',
  method: 'POST',
  path: '/api/v1/contracts/:id/send',
  access: 'member',
  params: idParams,
  body: sendContractBody,
  responses: { 200: sentContract },
  errors: ['not_found', 'conflict'],
});

export const reissueContractSignerLinks = endpoint({
  operationId: 'reissueContractSignerLinks',
  summary: "A pending signer's fresh signing and decline links (the old ones withdrawn)",
  tag: 'contracts',
  method: 'POST',
  path: '/api/v1/contracts/:id/signers/:signerId/links',
  access: 'member',
  params: z.object({ id: uuid, signerId: uuid }),
  responses: { 200: signerLink },
  errors: ['not_found', 'conflict'],
});

export const voidContract = endpoint({
  operationId: 'voidContract',
  summary: 'Voids a contract waiting for signatures; its signing links stop working',
  tag: 'contracts',
  method: 'POST',
  path: '/api/v1/contracts/:id/void',
  access: 'member',
  params: idParams,
  responses: { 200: contractDetail },
  errors: ['not_found', 'conflict'],
});

export const getContractDownloadUrl = endpoint({
  operationId: 'getContractDownloadUrl',
  summary: "A 15-minute download URL of the contract's PDF, as sent or as signed",
  tag: 'contracts',
  method: 'GET',
  path: '/api/v1/contracts/:id/download',
  access: 'member',
  params: idParams,
  query: z.object({ which: z.enum(['document', 'signed']).default('document') }),
  responses: { 200: downloadUrl },
  errors: ['not_found'],
});

// ---------- Public: the signer, by link ----------

export const openContractForSigning = endpoint({
  operationId: 'openContractForSigning',
  summary: 'The public signing page: the document, who signs, and the signer the link is for',
  tag: 'contracts',
  method: 'GET',
  path: '/api/v1/public/contracts/:id',
  access: 'public-link',
  params: z.object({
    // The signer's page shows a malformed id as a dead link (404 with the page's text), as it does
    // an unknown token, not as a bad request.
    id: uuidOr404(PUBLIC_LINK_MESSAGES.not_found),
  }),
  query: z.object({ token: z.string().max(100).default('') }),
  responses: { 200: publicContract },
  errors: [...linkRefusals],
});

export const downloadPublicContractFile = endpoint({
  operationId: 'downloadPublicContractFile',
  summary: "The contract's PDF through a URL the signing page gave (signed, valid 15 minutes)",
  tag: 'contracts',
  method: 'GET',
  path: '/api/v1/public/contracts/:id/files/:which',
  access: 'public-link',
  params: z.object({ id: uuid, which: z.enum(['document', 'signed']) }),
  query: z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
  responses: { 200: fileResponse('The PDF, as an attachment') },
  errors: ['forbidden', 'not_found'],
});

export const signContract = endpoint({
  operationId: 'signContract',
  summary: "A signer's typed or drawn signature (spends the link; the last one completes the PDF)",
  tag: 'contracts',
  method: 'POST',
  path: '/api/v1/public/contracts/:id/sign',
  access: 'public-link',
  params: idParams,
  body: signContractBody,
  responses: { 200: publicSigned },
  errors: [...linkRefusals],
});

export const openContractDecline = endpoint({
  operationId: 'openContractDecline',
  summary: 'The public decline page: the contract a decline link is for',
  tag: 'contracts',
  method: 'GET',
  path: '/api/v1/public/contract-declines/:token',
  access: 'public-link',
  params: z.object({ token: z.string().max(100) }),
  responses: { 200: publicDecline },
  errors: [...linkRefusals],
});

export const declineContract = endpoint({
  operationId: 'declineContract',
  summary: 'A signer declines to sign, with a reason: the contract ends and the label is told',
  tag: 'contracts',
  method: 'POST',
  path: '/api/v1/public/contract-declines/:token',
  access: 'public-link',
  params: z.object({ token: z.string().max(100) }),
  body: declineContractBody,
  responses: { 200: z.object({ status: z.literal('declined') }) },
  errors: [...linkRefusals],
});
