/**
 * Distribution (issue 15): readiness, DDEX ERN 4.3 deliveries to the label's destinations, status
 * per store with acknowledgements read back, and the history. Gated like the catalogue
 * (has_catalogue: 403 plan_required). Handlers: apps/server/src/features/distribution/.
 */
import { z } from 'zod';
import { fileResponse, okResponse, pagingQuery, uuidOr404 } from '../contract-schemas.ts';
import {
  DELIVERY_KINDS,
  DELIVERY_STATUSES,
  DESTINATION_KINDS,
  PIPELINE_STATUSES,
  STORE_STATUSES,
  TERRITORY_MODES,
} from '../distribution.ts';
import {
  dealTermsBody,
  deliverBody,
  destinationBody,
  storeStatusBody,
  updateDestinationBody,
} from '../distribution-schemas.ts';
import { endpoint } from '../endpoint.ts';

const releaseParams = z.object({ id: uuidOr404('Release not found') });
const destinationParams = z.object({ id: uuidOr404('Destination not found') });
const deliveryParams = z.object({ id: uuidOr404('Delivery not found') });
const when = z.string().nullable();

const fixTarget = z.object({
  kind: z.enum(['release', 'recording', 'work', 'catalogue_settings', 'deal_terms']),
  id: z.string().optional(),
});
const problem = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  track: z
    .object({ disc: z.number(), number: z.number(), recordingId: z.string(), title: z.string() })
    .optional(),
  fix: fixTarget,
});
const readiness = z.object({
  checked_at: z.string(),
  /** Files not inspected yet: the check runs in the background and the page updates when it ends. */
  checking: z.number().meta({ description: 'How many files are still being inspected.' }),
  errors: z.array(problem),
  warnings: z.array(problem),
});

const storeRow = z.object({
  destination_id: z.string(),
  destination_name: z.string(),
  store: z.string(),
  status: z.enum(STORE_STATUSES),
  action: z.enum(DELIVERY_KINDS).nullable(),
  note: z.string().nullable(),
  queued_at: when,
  delivered_at: when,
  live_at: when,
  error_at: when,
  taken_down_at: when,
  updated_at: when,
});

const deliveryFile = z.object({
  path: z.string(),
  bytes: z.number(),
  md5: z.string(),
  sha256: z.string(),
});
const delivery = z.object({
  id: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  destination_id: z.string(),
  destination_name: z.string(),
  message_id: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  error: z.string().nullable(),
  files: z.array(deliveryFile),
  created_by: z.string().nullable(),
  created_at: z.string(),
  started_at: when,
  finished_at: when,
});
const validationResult = z.object({
  at: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  valid: z.boolean(),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
});
const historyEntry = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.string(),
  store: z.string().nullable(),
  destination_name: z.string().nullable(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  message: z.string().nullable(),
  by: z.string().nullable(),
});
const dealTerms = z.object({
  territory_mode: z.enum(TERRITORY_MODES),
  territories: z.array(z.string()),
  pre_order_date: z.string().nullable(),
  row_version: z.number(),
});

const releaseSummary = z.object({
  id: z.string(),
  title: z.string(),
  version: z.string().nullable(),
  display_artist: z.string(),
  release_type: z.string(),
  upc: z.string().nullable(),
  catalogue_number: z.string().nullable(),
  release_date: z.string().nullable(),
  track_count: z.number(),
});

const releaseDistribution = z.object({
  release: releaseSummary,
  readiness,
  deal_terms: dealTerms,
  stores: z.array(storeRow),
  deliveries: z.array(delivery),
  last_validation: validationResult.nullable(),
  history: z.array(historyEntry),
  in_flight: z.boolean(),
  destinations: z.array(z.object({ id: z.string(), name: z.string(), enabled: z.boolean() })),
});

const listRow = releaseSummary.extend({
  pipeline_status: z.enum(PIPELINE_STATUSES),
  readiness_errors: z.number().nullable(),
  readiness_warnings: z.number().nullable(),
  stores_total: z.number(),
  stores_live: z.number(),
  stores_error: z.number(),
  destinations: z.array(z.string()),
  last_change_at: when,
});

const destination = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(DESTINATION_KINDS),
  recipient_dpid: z.string(),
  recipient_name: z.string(),
  stores: z.array(z.string()),
  enabled: z.boolean(),
  /** The connection without any secret: which secrets are stored is said by has_* flags. */
  connection: z.record(z.string(), z.unknown()),
  has_password: z.boolean(),
  has_private_key: z.boolean(),
  has_secret_access_key: z.boolean(),
  acks_checked_at: when,
  acks_error: z.string().nullable(),
  unmatched_acks: z.array(
    z.object({ file_name: z.string(), outcome: z.string(), detail: z.string().nullable(), at: z.string() }),
  ),
  row_version: z.number(),
});

export const listDistributionReleases = endpoint({
  operationId: 'listDistributionReleases',
  summary: 'Releases with their pipeline status, filtered by status and destination',
  tag: 'distribution',
  method: 'GET',
  path: '/api/v1/distribution/releases',
  access: 'member',
  query: z.object({
    status: z.enum(PIPELINE_STATUSES, { message: 'status: not a pipeline status' }).optional(),
    destination: z.uuid({ message: 'destination: must be a destination id' }).optional(),
    q: z.string().trim().max(200, { message: 'q: at most 200 characters' }).optional(),
    ...pagingQuery(200),
  }),
  responses: {
    200: z.object({
      rows: z.array(listRow),
      total: z.number(),
      counts: z.object({
        stores_in_error: z.number(),
        releases_in_error: z.number(),
        going_live_this_week: z.number(),
      }),
    }),
  },
  errors: ['plan_required'],
});

export const getReleaseDistribution = endpoint({
  operationId: 'getReleaseDistribution',
  summary: "A release's readiness, deal terms, stores, deliveries, last validation and history",
  tag: 'distribution',
  method: 'GET',
  path: '/api/v1/distribution/releases/:id',
  access: 'member',
  params: releaseParams,
  responses: { 200: releaseDistribution },
  errors: ['not_found', 'plan_required'],
});

export const saveDealTerms = endpoint({
  operationId: 'saveDealTerms',
  summary: "Saves a release's territories and pre-order date",
  tag: 'distribution',
  method: 'PUT',
  path: '/api/v1/distribution/releases/:id/deal-terms',
  access: 'member',
  params: releaseParams,
  body: dealTermsBody,
  responses: { 200: dealTerms },
  errors: ['not_found', 'conflict', 'plan_required'],
});

export const deliverRelease = endpoint({
  operationId: 'deliverRelease',
  summary:
    'Checks the release, builds and validates its ERN, and queues one delivery per destination (new, update or takedown)',
  tag: 'distribution',
  method: 'POST',
  path: '/api/v1/distribution/releases/:id/deliver',
  access: 'member',
  params: releaseParams,
  body: deliverBody,
  responses: { 202: z.object({ deliveries: z.array(delivery) }) },
  errors: ['not_found', 'conflict', 'not_ready', 'ern_invalid', 'plan_required'],
});

export const setStoreStatus = endpoint({
  operationId: 'setStoreStatus',
  summary: "Sets a store's status by hand, with a note (recorded in the history)",
  tag: 'distribution',
  method: 'POST',
  path: '/api/v1/distribution/releases/:id/store-status',
  access: 'member',
  params: releaseParams,
  body: storeStatusBody,
  responses: { 200: z.object({ stores: z.array(storeRow) }) },
  errors: ['not_found', 'plan_required'],
});

export const downloadDeliveryErn = endpoint({
  operationId: 'downloadDeliveryErn',
  summary: "A delivery's ERN message, as sent (or as refused)",
  tag: 'distribution',
  method: 'GET',
  path: '/api/v1/distribution/deliveries/:id/ern',
  access: 'member',
  params: deliveryParams,
  responses: { 200: fileResponse('The DDEX ERN 4.3 XML message.') },
  errors: ['not_found', 'plan_required'],
});

export const previewReleaseErn = endpoint({
  operationId: 'previewReleaseErn',
  summary: 'The ERN the release would be sent as now, with its validation against the ERN 4.3 schema',
  tag: 'distribution',
  method: 'GET',
  path: '/api/v1/distribution/releases/:id/ern',
  access: 'member',
  params: releaseParams,
  responses: { 200: fileResponse('The DDEX ERN 4.3 XML message.') },
  errors: ['not_found', 'not_ready', 'plan_required'],
});

export const listDestinations = endpoint({
  operationId: 'listDestinations',
  summary: "The label's destinations (no secrets), with acknowledgements that matched no delivery",
  tag: 'distribution',
  method: 'GET',
  path: '/api/v1/distribution/destinations',
  access: 'member',
  responses: { 200: z.object({ destinations: z.array(destination) }) },
  errors: ['plan_required'],
});

export const createDestination = endpoint({
  operationId: 'createDestination',
  summary: 'Adds a destination; its password, key or secret is stored encrypted and never answered',
  tag: 'distribution',
  method: 'POST',
  path: '/api/v1/distribution/destinations',
  access: 'admin',
  body: destinationBody,
  responses: { 201: destination },
  errors: ['conflict', 'plan_required'],
});

export const updateDestination = endpoint({
  operationId: 'updateDestination',
  summary: 'Edits a destination; a secret left empty keeps the stored one',
  tag: 'distribution',
  method: 'PUT',
  path: '/api/v1/distribution/destinations/:id',
  access: 'admin',
  params: destinationParams,
  body: updateDestinationBody,
  responses: { 200: destination },
  errors: ['not_found', 'conflict', 'plan_required'],
});

export const deleteDestination = endpoint({
  operationId: 'deleteDestination',
  summary: 'Removes a destination with no delivery in progress',
  tag: 'distribution',
  method: 'DELETE',
  path: '/api/v1/distribution/destinations/:id',
  access: 'admin',
  params: destinationParams,
  responses: { 200: okResponse },
  errors: ['not_found', 'conflict', 'plan_required'],
});

export const testDestination = endpoint({
  operationId: 'testDestination',
  summary: 'Connects to a destination and lists its acknowledgement folder, to check the settings',
  tag: 'distribution',
  method: 'POST',
  path: '/api/v1/distribution/destinations/:id/test',
  access: 'admin',
  params: destinationParams,
  responses: { 200: z.object({ ok: z.boolean(), message: z.string() }) },
  errors: ['not_found', 'plan_required'],
});
