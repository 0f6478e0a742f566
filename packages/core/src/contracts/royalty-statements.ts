/**
 * A payee's royalty statement as documents (issue 16): the label downloads its PDF and "All sales"
 * CSV; the payee opens it by the public link emailed when the period is published (no account) and
 * downloads the same files. Handlers: apps/server/src/features/royalties/statement-docs.routes.ts.
 */
import { z } from 'zod';
import { fileResponse, uuidOr404 } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';

const statementParams = z.object({ id: uuidOr404('Statement not found') });
// Any text up to 200 characters: a malformed token is answered like an unknown one (404), not a 400.
const tokenParams = z.object({ token: z.string().max(200) });
const linkRefusals = ['not_found', 'link_expired', 'link_used', 'link_revoked'] as const;

const minor = z.string().meta({ description: 'Minor units of the currency (cents), an integer as text.' });
const figures = {
  opening_minor: minor,
  earnings_minor: minor,
  advances_minor: minor,
  costs_minor: minor,
  reserves_held_minor: minor,
  reserves_released_minor: minor,
  payments_minor: minor,
  adjustments_minor: minor,
  closing_minor: minor,
};

const publicStatement = z.object({
  label_name: z.string(),
  payee_name: z.string(),
  currency: z.string(),
  period_name: z.string(),
  start_month: z.string(),
  end_month: z.string(),
  published_at: z.string().nullable(),
  ...figures,
  payable_minor: minor,
  deals: z.array(
    z.object({
      contract_title: z.string(),
      ...figures,
      cross_collateral_minor: minor,
      payable_minor: minor,
    }),
  ),
  lines: z.array(
    z.object({
      release_title: z.string().nullable(),
      upc: z.string().nullable(),
      track_title: z.string().nullable(),
      isrc: z.string().nullable(),
      store: z.string().nullable(),
      territory: z.string().nullable(),
      sale_type: z.string(),
      quantity: z.number(),
      receipts: z.string().meta({ description: "Exact decimal, in the payee's currency." }),
      rate: z.string().meta({ description: 'Percent applied.' }),
      share: z.string().meta({ description: "The payee's share of the contract, percent." }),
      earnings_minor: minor,
    }),
  ),
});
export type PublicStatementDto = z.infer<typeof publicStatement>;

export const downloadStatementPdf = endpoint({
  operationId: 'downloadStatementPdf',
  summary:
    "A payee's statement as a PDF: figures, per contract, earnings by release, track, store and territory",
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/finance/statements/:id/pdf',
  access: 'member',
  params: statementParams,
  responses: { 200: fileResponse('The statement, as a PDF attachment') },
  errors: ['not_found', 'plan_required'],
});

export const downloadStatementCsv = endpoint({
  operationId: 'downloadStatementCsv',
  summary: 'A payee\'s statement as the "All sales" CSV: one row per line of the statement',
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/finance/statements/:id/csv',
  access: 'member',
  params: statementParams,
  responses: {
    200: fileResponse("The statement's lines, as a CSV attachment (UTF-8, formulas neutralised)"),
  },
  errors: ['not_found', 'plan_required'],
});

export const openStatementByLink = endpoint({
  operationId: 'openStatementByLink',
  summary: "A payee's published statement, opened by its link (no account)",
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/public/statements/:token',
  access: 'public-link',
  params: tokenParams,
  responses: { 200: publicStatement },
  errors: [...linkRefusals],
});

export const downloadStatementPdfByLink = endpoint({
  operationId: 'downloadStatementPdfByLink',
  summary: "Downloads a statement link's statement as a PDF",
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/public/statements/:token/pdf',
  access: 'public-link',
  params: tokenParams,
  responses: { 200: fileResponse('The statement, as a PDF attachment') },
  errors: [...linkRefusals],
});

export const downloadStatementCsvByLink = endpoint({
  operationId: 'downloadStatementCsvByLink',
  summary: 'Downloads a statement link\'s "All sales" CSV',
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/public/statements/:token/csv',
  access: 'public-link',
  params: tokenParams,
  responses: {
    200: fileResponse("The statement's lines, as a CSV attachment (UTF-8, formulas neutralised)"),
  },
  errors: [...linkRefusals],
});
