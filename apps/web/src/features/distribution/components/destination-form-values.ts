/**
 * The destination form's values as typed, and the body the API takes from them. Every kind's
 * fields live side by side, so switching the kind back and forth loses nothing typed.
 */
import type { FieldErrors } from '@music-review/core/api-errors';
import { type DestinationKind, STORES } from '@music-review/core/distribution';
import { destinationBody, updateDestinationBody } from '@music-review/core/distribution-schemas';
import type { DestinationDto } from '../distribution-types';

export interface DestinationValues {
  name: string;
  recipient_dpid: string;
  recipient_name: string;
  /** The known stores ticked. */
  stores: string[];
  /** The label's own stores, separated by commas. */
  own_stores: string;
  enabled: boolean;
  kind: DestinationKind;
  // SFTP
  host: string;
  port: string;
  username: string;
  password: string;
  private_key: string;
  passphrase: string;
  remote_folder: string;
  host_key_sha256: string;
  /** The acknowledgement folder of an SFTP server or of a folder destination. */
  ack_folder: string;
  // S3
  bucket: string;
  region: string;
  endpoint: string;
  prefix: string;
  ack_prefix: string;
  access_key_id: string;
  secret_access_key: string;
  /** Not on the form: kept as stored (true for a new one, what most S3-compatible stores need). */
  force_path_style: boolean;
  // Folder
  folder: string;
}

export type DestinationField = Exclude<keyof DestinationValues, 'force_path_style'>;

export const NEW_DESTINATION: DestinationValues = {
  name: '',
  recipient_dpid: '',
  recipient_name: '',
  stores: [],
  own_stores: '',
  enabled: true,
  kind: 'sftp',
  host: '',
  port: '22',
  username: '',
  password: '',
  private_key: '',
  passphrase: '',
  remote_folder: '',
  host_key_sha256: '',
  ack_folder: 'acknowledgements',
  bucket: '',
  region: 'us-east-1',
  endpoint: '',
  prefix: '',
  ack_prefix: 'acknowledgements',
  access_key_id: '',
  secret_access_key: '',
  force_path_style: true,
  folder: '',
};

const KNOWN: readonly string[] = STORES;

/** A stored destination as the form shows it: its settings, never a secret (the API sends none). */
export function valuesOf(destination: DestinationDto): DestinationValues {
  const c = destination.connection;
  const text = (key: string, fallback = '') => {
    const value = c[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;
  };
  return {
    ...NEW_DESTINATION,
    name: destination.name,
    recipient_dpid: destination.recipient_dpid,
    recipient_name: destination.recipient_name,
    stores: destination.stores.filter((store) => KNOWN.includes(store)),
    own_stores: destination.stores.filter((store) => !KNOWN.includes(store)).join(', '),
    enabled: destination.enabled,
    kind: destination.kind,
    host: text('host'),
    port: text('port', '22'),
    username: text('username'),
    remote_folder: text('remote_folder'),
    host_key_sha256: text('host_key_sha256'),
    ack_folder: text('ack_folder', 'acknowledgements'),
    bucket: text('bucket'),
    region: text('region', 'us-east-1'),
    endpoint: text('endpoint'),
    prefix: text('prefix'),
    ack_prefix: text('ack_prefix', 'acknowledgements'),
    access_key_id: text('access_key_id'),
    force_path_style: c.force_path_style !== false,
    folder: text('folder'),
  };
}

/** "Label Store, My Shop" -> ["Label Store", "My Shop"]. */
export const ownStores = (text: string) =>
  text
    .split(/[,\n]/)
    .map((store) => store.trim())
    .filter(Boolean);

/** A secret is sent only when typed: left empty, the stored one stays. */
const secret = (key: string, value: string) => (value === '' ? {} : { [key]: value });

function connectionOf(values: DestinationValues) {
  switch (values.kind) {
    case 'sftp':
      return {
        kind: 'sftp' as const,
        host: values.host,
        port: values.port.trim(),
        username: values.username,
        remote_folder: values.remote_folder,
        ack_folder: values.ack_folder,
        host_key_sha256: values.host_key_sha256.trim() === '' ? null : values.host_key_sha256,
        ...secret('password', values.password),
        ...secret('private_key', values.private_key),
        ...secret('passphrase', values.passphrase),
      };
    case 's3':
      return {
        kind: 's3' as const,
        bucket: values.bucket,
        region: values.region,
        endpoint: values.endpoint.trim() === '' ? null : values.endpoint.trim(),
        prefix: values.prefix,
        ack_prefix: values.ack_prefix,
        force_path_style: values.force_path_style,
        access_key_id: values.access_key_id,
        ...secret('secret_access_key', values.secret_access_key),
      };
    default:
      return { kind: 'folder' as const, folder: values.folder, ack_folder: values.ack_folder };
  }
}

/** The request body before the schema checks it. */
export function rawBodyOf(values: DestinationValues) {
  return {
    name: values.name,
    recipient_dpid: values.recipient_dpid,
    recipient_name: values.recipient_name,
    stores: [...values.stores, ...ownStores(values.own_stores)],
    enabled: values.enabled,
    connection: connectionOf(values),
  };
}

/** A schema or API message beside its field: the "field: " front dropped, the first letter capitalised. */
export function fieldMessage(message: string): string {
  const text = message.replace(/^[a-z_]+: /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The form field a problem's path belongs to: 'connection.host' -> 'host', 'stores.2' -> 'own_stores'
 * (only a store the label typed can be malformed), 'connection.kind' -> 'kind'.
 */
export function fieldOfPath(path: string): DestinationField | null {
  const [head, second] = path.split('.');
  if (head === 'stores') return second === undefined ? 'stores' : 'own_stores';
  if (head === 'connection') {
    if (second === undefined) return 'kind';
    return second in NEW_DESTINATION && second !== 'force_path_style' ? (second as DestinationField) : null;
  }
  if (head === 'row_version') return null;
  return head !== undefined && head in NEW_DESTINATION ? (head as DestinationField) : null;
}

/** Problems by form field: the first of each. */
export function byField(problems: { path: string; message: string }[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const { path, message } of problems) {
    const field = fieldOfPath(path);
    if (field && !(field in fields)) fields[field] = fieldMessage(message);
  }
  return fields;
}

export type CheckedDestination =
  | { ok: true; body: ReturnType<typeof rawBodyOf> & { row_version?: number } }
  | { ok: false; errors: FieldErrors };

/**
 * The values checked as the server will check them, plus the one rule it applies after: an SFTP
 * server needs a password or a key, an S3 bucket a secret, unless one of the same kind is stored.
 */
export function checkDestination(
  values: DestinationValues,
  stored: DestinationDto | null,
): CheckedDestination {
  const raw = rawBodyOf(values);
  const parsed = stored
    ? updateDestinationBody.safeParse({ ...raw, row_version: stored.row_version })
    : destinationBody.safeParse(raw);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      }));
  const kept = stored !== null && stored.kind === values.kind ? stored : null;
  if (
    values.kind === 'sftp' &&
    values.password === '' &&
    values.private_key === '' &&
    !(kept?.has_password || kept?.has_private_key)
  )
    problems.push({ path: 'connection.password', message: 'Give a password or a private key' });
  if (values.kind === 's3' && values.secret_access_key === '' && !kept?.has_secret_access_key)
    problems.push({ path: 'connection.secret_access_key', message: 'Give the secret access key' });
  if (problems.length > 0) return { ok: false, errors: byField(problems) };
  return { ok: true, body: stored ? { ...raw, row_version: stored.row_version } : raw };
}
