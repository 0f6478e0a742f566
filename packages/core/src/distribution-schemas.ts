/**
 * The bodies of the distribution endpoints (issue 15), shared by the contracts and the web's
 * forms: each message names its field, as the rest of the API does.
 */
import { z } from 'zod';
import {
  DELIVERY_KINDS,
  DESTINATION_KINDS,
  MANUAL_STORE_STATUSES,
  OWN_STORE_PATTERN,
  TERRITORY_MODES,
} from './distribution.ts';
import { isCountryCode } from './label-copy.ts';

const text = (field: string, max: number) =>
  z
    .string({ message: `${field}: is required` })
    .trim()
    .min(1, { message: `${field}: is required` })
    .max(max, { message: `${field}: at most ${max} characters` });

/** A relative folder on the destination: no leading slash needed, never `..`. */
const folder = (field: string) =>
  z
    .string({ message: `${field}: must be text` })
    .trim()
    .max(500, { message: `${field}: at most 500 characters` })
    .refine((v) => !v.split('/').some((part) => part === '..'), {
      message: `${field}: may not contain ".."`,
    });

/** DDEX party ids are "PADPIDA" followed by 11 letters or digits (PADPIDA2007050901U). */
export const DPID_PATTERN = /^PADPIDA[0-9A-Z]{11}$/;
const dpid = (field: string) =>
  z
    .string({ message: `${field}: is required` })
    .trim()
    .toUpperCase()
    .regex(DPID_PATTERN, { message: `${field}: a DDEX party id looks like PADPIDA2007050901U` });

const storeName = z
  .string()
  .trim()
  .regex(OWN_STORE_PATTERN, { message: 'stores: each store is 1-60 letters, digits or spaces' });
const stores = z
  .array(storeName, { message: 'stores: a list of stores' })
  .min(1, { message: 'stores: choose at least one store' })
  .max(40, { message: 'stores: at most 40 stores' })
  .refine((list) => new Set(list).size === list.length, { message: 'stores: each store once' });

const secretText = (field: string, max: number) =>
  z
    .string()
    .max(max, { message: `${field}: at most ${max} characters` })
    .optional();

const sftpConfig = z.object({
  kind: z.literal('sftp'),
  host: text('host', 253).regex(/^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:]+\]$/, {
    message: 'host: a host name or address, like sftp.distributor.com',
  }),
  port: z.coerce
    .number({ message: 'port: must be a number' })
    .int({ message: 'port: must be a whole number' })
    .min(1, { message: 'port: 1 to 65535' })
    .max(65535, { message: 'port: 1 to 65535' })
    .default(22),
  username: text('username', 100),
  remote_folder: folder('remote_folder').default(''),
  ack_folder: folder('ack_folder').default('acknowledgements'),
  host_key_sha256: z
    .string()
    .trim()
    .regex(/^(SHA256:)?[A-Za-z0-9+/]{43}=?$/, {
      message: 'host_key_sha256: the SHA256 fingerprint ssh-keyscan | ssh-keygen -lf - prints',
    })
    .nullable()
    .optional(),
  password: secretText('password', 500),
  private_key: secretText('private_key', 20_000),
  passphrase: secretText('passphrase', 500),
});

const s3Config = z.object({
  kind: z.literal('s3'),
  bucket: text('bucket', 63).regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
    message: 'bucket: 3-63 lower-case letters, digits, dots and hyphens',
  }),
  region: text('region', 50).default('us-east-1'),
  endpoint: z
    .url({ message: 'endpoint: a URL like https://s3.example.com' })
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  prefix: folder('prefix').default(''),
  ack_prefix: folder('ack_prefix').default('acknowledgements'),
  force_path_style: z.boolean().default(true),
  access_key_id: text('access_key_id', 128),
  secret_access_key: secretText('secret_access_key', 256),
});

const folderConfig = z.object({
  kind: z.literal('folder'),
  /** A folder under the server's data directory (DATA_DIR/distribution/<this>). */
  folder: text('folder', 100).regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, {
    message: 'folder: letters, digits, hyphens and underscores',
  }),
  ack_folder: folder('ack_folder').default('acknowledgements'),
});

export const destinationConnection = z.discriminatedUnion('kind', [sftpConfig, s3Config, folderConfig], {
  message: `kind: one of ${DESTINATION_KINDS.join(', ')}`,
});

export const destinationBody = z.object({
  name: text('name', 80),
  recipient_dpid: dpid('recipient_dpid'),
  recipient_name: text('recipient_name', 120),
  stores,
  enabled: z.boolean().default(true),
  connection: destinationConnection,
});
export type DestinationBody = z.input<typeof destinationBody>;

/** An edit: the same fields; a secret left out (or empty) keeps the stored one. */
export const updateDestinationBody = destinationBody.extend({
  row_version: z.number({ message: 'row_version: is required' }).int(),
});

export const dealTermsBody = z
  .object({
    territory_mode: z.enum(TERRITORY_MODES, { message: 'territory_mode: worldwide, include or exclude' }),
    territories: z
      .array(
        z
          .string()
          .trim()
          .toUpperCase()
          .refine(isCountryCode, { message: 'territories: use 2-letter country codes, like GB' }),
      )
      .max(250, { message: 'territories: at most 250' })
      .default([]),
    pre_order_date: z.iso
      .date({ message: 'pre_order_date: a date like 2026-12-01' })
      .nullable()
      .default(null),
    row_version: z.number({ message: 'row_version: is required' }).int().optional(),
  })
  .refine((b) => b.territory_mode === 'worldwide' || b.territories.length > 0, {
    message: 'territories: name at least one territory',
    path: ['territories'],
  });

export const deliverBody = z.object({
  kind: z.enum(DELIVERY_KINDS, { message: 'kind: new, update or takedown' }),
  /** The destinations to send to; all the label's enabled ones when left out. */
  destination_ids: z
    .array(z.uuid({ message: 'destination_ids: ids of destinations' }))
    .max(50)
    .optional(),
});

export const storeStatusBody = z.object({
  destination_id: z.uuid({ message: 'destination_id: is required' }),
  store: storeName,
  status: z.enum(MANUAL_STORE_STATUSES, {
    message: `status: one of ${MANUAL_STORE_STATUSES.join(', ')}`,
  }),
  note: text('note', 1000),
});
