/**
 * Artists & Writers (issue 14): the people behind the catalogue (parties: artists, writers,
 * producers, publishers) and the payees they are paid through; merging duplicates. Gated by the
 * plan's has_catalogue (403 plan_required). Handlers: apps/server/src/features/parties/.
 */
import { z } from 'zod';
import { PARTY_ROLES, PARTY_TYPES, PAYMENT_METHODS, RECORDING_ARTIST_ROLES } from '../catalogue.ts';
import {
  createPartyBody,
  createPayeeBody,
  mergePartiesBody,
  updatePartyBody,
  updatePayeeBody,
} from '../catalogue-schemas.ts';
import { okResponse, pagingQuery, uuidOr404 } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';
import { WRITER_ROLES } from '../metadata-forms.ts';

const PAGE_MAX = 200;
const idParams = z.object({ id: uuidOr404() });
const search = z
  .string()
  .trim()
  .max(200, { message: 'q: at most 200 characters' })
  .optional()
  .meta({ description: 'A credited name, the legal name, an IPI or ISNI contains it.' });

const partyRow = z.object({
  id: z.string(),
  name: z.string(),
  aliases: z.array(z.string()),
  legal_name: z.string().nullable(),
  party_type: z.enum(PARTY_TYPES),
  roles: z.array(z.enum(PARTY_ROLES)),
  ipi: z.string().nullable(),
  pro: z.string().nullable(),
  country: z.string().nullable(),
  recording_count: z.number(),
  work_count: z.number(),
  payee: z.object({ id: z.string(), name: z.string() }).nullable(),
  updated_at: z.string(),
  row_version: z.number(),
});
const party = partyRow.extend({
  isni: z.string().nullable(),
  pro_member_number: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  recordings: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      display_artist: z.string(),
      isrc: z.string().nullable(),
      role: z.enum(RECORDING_ARTIST_ROLES),
    }),
  ),
  releases: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      upc: z.string().nullable(),
      release_date: z.string().nullable(),
    }),
  ),
  works: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      iswc: z.string().nullable(),
      role: z.union([z.enum(WRITER_ROLES), z.literal('publisher')]),
      share: z.number().nullable(),
    }),
  ),
  contracts: z
    .array(
      z.object({
        id: z.string(),
        title: z.string(),
        status: z.string(),
        song_id: z.string().meta({ description: 'The signed song whose Contracts tab holds it.' }),
        song_title: z.string(),
      }),
    )
    .meta({
      description: "Contracts of the signed songs this person is credited on (by the song's artist name).",
    }),
  balance: z.null().meta({
    description: 'The royalty balance of their payee; null until royalties are accounted (issue 16).',
  }),
  audit: z.array(
    z.object({
      at: z.string(),
      by: z.string().nullable(),
      action: z.string(),
      changes: z.record(z.string(), z.unknown()),
    }),
  ),
  created_at: z.string(),
});
export type PartyRowDto = z.infer<typeof partyRow>;
export type PartyDto = z.infer<typeof party>;

export const listParties = endpoint({
  operationId: 'listParties',
  summary: 'A page of the label’s people: artists, writers, or everyone',
  tag: 'parties',
  method: 'GET',
  path: '/api/v1/parties',
  access: 'member',
  query: z.object({
    q: search,
    role: z
      .enum(PARTY_ROLES, { message: `role: one of ${PARTY_ROLES.join(', ')}` })
      .optional()
      .meta({
        description:
          'Artists tab: artist; Writers tab: writer (publishers are listed with writer=publisher).',
      }),
    sort: z.enum(['name', 'updated'], { message: 'sort: name or updated' }).default('name'),
    ...pagingQuery(PAGE_MAX),
  }),
  responses: { 200: z.object({ rows: z.array(partyRow), total: z.number() }) },
  errors: ['plan_required'],
});

export const getParty = endpoint({
  operationId: 'getParty',
  summary: 'A person page: names, identifiers, contact, recordings, releases, works, contracts',
  tag: 'parties',
  method: 'GET',
  path: '/api/v1/parties/:id',
  access: 'member',
  params: idParams,
  responses: { 200: party },
  errors: ['not_found', 'plan_required'],
});

export const findPartyByName = endpoint({
  operationId: 'findPartyByName',
  summary: 'The person credited under a name (main or other credited name, case ignored), if any',
  tag: 'parties',
  method: 'GET',
  path: '/api/v1/parties/by-name',
  access: 'member',
  query: z.object({ name: z.string().trim().min(1, { message: 'name: required' }).max(200) }),
  responses: { 200: z.object({ id: z.string().nullable() }) },
  errors: [],
});

export const createParty = endpoint({
  operationId: 'createParty',
  summary: 'Adds a person ("Add person")',
  tag: 'parties',
  method: 'POST',
  path: '/api/v1/parties',
  access: 'member',
  body: createPartyBody,
  responses: { 201: party },
  errors: ['not_found', 'plan_required'],
});

export const updateParty = endpoint({
  operationId: 'updateParty',
  summary: 'Edits a person; a stale row_version answers 409',
  tag: 'parties',
  method: 'PATCH',
  path: '/api/v1/parties/:id',
  access: 'member',
  params: idParams,
  body: updatePartyBody,
  responses: { 200: party },
  errors: ['not_found', 'conflict', 'plan_required'],
});

export const deleteParty = endpoint({
  operationId: 'deleteParty',
  summary: 'Deletes a person credited nowhere',
  tag: 'parties',
  method: 'DELETE',
  path: '/api/v1/parties/:id',
  access: 'member',
  params: idParams,
  responses: { 200: okResponse },
  errors: ['not_found', 'conflict', 'plan_required'],
});

export const mergeParties = endpoint({
  operationId: 'mergeParties',
  summary: 'Merges a duplicate into this person: every credit, writer share and link moves here',
  tag: 'parties',
  method: 'POST',
  path: '/api/v1/parties/:id/merge',
  access: 'member',
  params: idParams,
  body: mergePartiesBody,
  responses: { 200: party },
  errors: ['not_found', 'bad_request', 'plan_required'],
});

// ---------------------------------------------------------------------------------------------------
// Payees

const payeeRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  currency: z.string(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  has_payment_details: z.boolean(),
  minimum_payout_minor: z.number(),
  party_count: z.number(),
  updated_at: z.string(),
  row_version: z.number(),
});
const payee = payeeRow.extend({
  tax_id: z.string().nullable(),
  payment_details_masked: z
    .string()
    .nullable()
    .meta({ description: 'The payment details with all but the last 4 characters hidden.' }),
  parties: z.array(z.object({ id: z.string(), name: z.string() })),
  master_splits: z.array(
    z.object({ recording_id: z.string(), title: z.string(), display_artist: z.string(), share: z.number() }),
  ),
  created_at: z.string(),
});
export type PayeeRowDto = z.infer<typeof payeeRow>;
export type PayeeDto = z.infer<typeof payee>;

export const listPayees = endpoint({
  operationId: 'listPayees',
  summary: 'A page of the label’s payees',
  tag: 'parties',
  method: 'GET',
  path: '/api/v1/payees',
  access: 'member',
  query: z.object({ q: search, ...pagingQuery(PAGE_MAX) }),
  responses: { 200: z.object({ rows: z.array(payeeRow), total: z.number() }) },
  errors: ['plan_required'],
});

export const getPayee = endpoint({
  operationId: 'getPayee',
  summary: 'A payee with the people paying into it and the master shares it is owed',
  tag: 'parties',
  method: 'GET',
  path: '/api/v1/payees/:id',
  access: 'member',
  params: idParams,
  responses: { 200: payee },
  errors: ['not_found', 'plan_required'],
});

export const createPayee = endpoint({
  operationId: 'createPayee',
  summary: 'Adds a payee (payment details are stored encrypted)',
  tag: 'parties',
  method: 'POST',
  path: '/api/v1/payees',
  access: 'member',
  body: createPayeeBody,
  responses: { 201: payee },
  errors: ['plan_required'],
});

export const updatePayee = endpoint({
  operationId: 'updatePayee',
  summary: 'Edits a payee; a stale row_version answers 409',
  tag: 'parties',
  method: 'PATCH',
  path: '/api/v1/payees/:id',
  access: 'member',
  params: idParams,
  body: updatePayeeBody,
  responses: { 200: payee },
  errors: ['not_found', 'conflict', 'plan_required'],
});
