import { join, resolve } from 'node:path';
import { DISTRIBUTION_MESSAGES } from '@music-review/core/distribution';
import type { destinationBody, updateDestinationBody } from '@music-review/core/distribution-schemas';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { iso, isoOrNull } from '../../platform/dates.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import { requireCatalogue } from '../catalogue/catalogue.access.ts';
import * as repo from './distribution.repo.ts';
import {
  type DeliveryTransport,
  type DestinationConfig,
  type DestinationSecret,
  openTransport,
  TransportError,
} from './transports/transport.ts';

type Body = z.output<typeof destinationBody>;
type UpdateBody = z.output<typeof updateDestinationBody>;

const destinationNotFound = () => notFound(DISTRIBUTION_MESSAGES.destinationNotFound);

/** Folder destinations live under DATA_DIR/distribution/<folder> (never elsewhere on the disk). */
export function folderRoot(ctx: Pick<AppContext, 'config'>, folder: string) {
  return resolve(join(ctx.config.DATA_DIR, 'distribution', folder));
}

/** The stored, showable part of a connection (no secret), and the secret apart. */
function split(connection: Body['connection']): {
  config: Record<string, unknown>;
  secret: DestinationSecret;
} {
  switch (connection.kind) {
    case 'sftp': {
      const { password, private_key, passphrase, ...config } = connection;
      return {
        config,
        secret: {
          ...(password ? { password } : {}),
          ...(private_key ? { privateKey: private_key } : {}),
          ...(passphrase ? { passphrase } : {}),
        },
      };
    }
    case 's3': {
      const { secret_access_key, ...config } = connection;
      return { config, secret: secret_access_key ? { secretAccessKey: secret_access_key } : {} };
    }
    default:
      return { config: { ...connection }, secret: {} };
  }
}

/** The transport's settings from a stored row. */
export function transportConfig(
  ctx: Pick<AppContext, 'config'>,
  row: repo.DestinationRow,
): DestinationConfig {
  const c = row.config as Record<string, string | number | boolean | null | undefined>;
  switch (row.kind) {
    case 'sftp':
      return {
        kind: 'sftp',
        host: String(c.host),
        port: Number(c.port ?? 22),
        username: String(c.username),
        remoteFolder: String(c.remote_folder ?? ''),
        ackFolder: String(c.ack_folder ?? 'acknowledgements'),
        hostKeySha256: (c.host_key_sha256 as string | null | undefined) ?? null,
      };
    case 's3':
      return {
        kind: 's3',
        bucket: String(c.bucket),
        region: String(c.region ?? 'us-east-1'),
        endpoint: (c.endpoint as string | null | undefined) ?? null,
        prefix: String(c.prefix ?? ''),
        ackPrefix: String(c.ack_prefix ?? 'acknowledgements'),
        forcePathStyle: c.force_path_style !== false,
        accessKeyId: String(c.access_key_id),
      };
    default:
      return {
        kind: 'folder',
        path: folderRoot(ctx, String(c.folder)),
        ackFolder: String(c.ack_folder ?? 'acknowledgements'),
      };
  }
}

export const ackFolderOf = (config: DestinationConfig) =>
  config.kind === 's3' ? config.ackPrefix : config.ackFolder;

/** Opens the destination's transport with its secret unsealed (never logged, never answered). */
export async function openDestination(ctx: AppContext, row: repo.DestinationRow): Promise<DeliveryTransport> {
  const secret = row.secret_sealed
    ? (JSON.parse(ctx.secrets.open(row.secret_sealed)) as DestinationSecret)
    : ({} as DestinationSecret);
  return openTransport(transportConfig(ctx, row), secret);
}

export function toDestinationDto(
  row: repo.DestinationRow,
  secret: DestinationSecret,
  acks: repo.UnmatchedAckRow[],
) {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    recipient_dpid: row.recipient_dpid,
    recipient_name: row.recipient_name,
    stores: row.stores,
    enabled: row.enabled,
    connection: { kind: row.kind, ...row.config },
    has_password: !!secret.password,
    has_private_key: !!secret.privateKey,
    has_secret_access_key: !!secret.secretAccessKey,
    acks_checked_at: isoOrNull(row.acks_checked_at),
    acks_error: row.acks_error,
    unmatched_acks: acks
      .filter((a) => a.destination_id === row.id)
      .slice(0, 20)
      .map((a) => ({ file_name: a.file_name, outcome: a.outcome, detail: a.detail, at: iso(a.created_at) })),
    row_version: row.row_version,
  };
}

export function createDestinationsService(ctx: AppContext) {
  const { database, secrets } = ctx;
  const unseal = (row: repo.DestinationRow): DestinationSecret =>
    row.secret_sealed ? (JSON.parse(secrets.open(row.secret_sealed)) as DestinationSecret) : {};

  function values(body: Body, keep: DestinationSecret): repo.DestinationValues {
    const { config, secret } = split(body.connection);
    const merged: DestinationSecret = { ...keep, ...secret };
    // A kind change drops secrets the new kind has no use for.
    if (body.connection.kind !== 'sftp') {
      delete merged.password;
      delete merged.privateKey;
      delete merged.passphrase;
    }
    if (body.connection.kind !== 's3') delete merged.secretAccessKey;
    if (body.connection.kind === 'sftp' && !merged.password && !merged.privateKey)
      throw validationError({ 'connection.password': 'password: give a password or a private key' });
    if (body.connection.kind === 's3' && !merged.secretAccessKey)
      throw validationError({ 'connection.secret_access_key': 'secret_access_key: is required' });
    return {
      name: body.name,
      kind: body.connection.kind,
      config,
      secret_sealed: Object.keys(merged).length > 0 ? secrets.seal(JSON.stringify(merged)) : null,
      recipient_dpid: body.recipient_dpid,
      recipient_name: body.recipient_name,
      stores: body.stores,
      enabled: body.enabled,
    };
  }

  const nameTaken = () =>
    new AppError(
      'conflict',
      DISTRIBUTION_MESSAGES.destinationNameTaken,
      {},
      {
        name: DISTRIBUTION_MESSAGES.destinationNameTaken,
      },
    );

  return {
    async list(member: Member) {
      requireCatalogue(member);
      return database.withOrg(member.organizationId, async (tx) => {
        const rows = await repo.listDestinations(tx, member.organizationId);
        const acks = await repo.unmatchedAcks(tx, member.organizationId);
        return { destinations: rows.map((row) => toDestinationDto(row, unseal(row), acks)) };
      });
    },

    async create(member: Member, body: Body) {
      requireCatalogue(member);
      return database.withOrg(member.organizationId, async (tx) => {
        const org = member.organizationId;
        if (await repo.nameTaken(tx, org, body.name, null)) throw nameTaken();
        const row = await repo.insertDestination(tx, org, values(body, {}));
        if (!row) throw nameTaken();
        return toDestinationDto(row, unseal(row), []);
      });
    },

    async update(member: Member, id: string, body: UpdateBody) {
      requireCatalogue(member);
      return database.withOrg(member.organizationId, async (tx) => {
        const org = member.organizationId;
        const current = await repo.findDestination(tx, org, id);
        if (!current) throw destinationNotFound();
        if (await repo.nameTaken(tx, org, body.name, id)) throw nameTaken();
        const keep = current.kind === body.connection.kind ? unseal(current) : {};
        const row = await repo.updateDestination(tx, org, id, body.row_version, values(body, keep));
        if (!row) throw new AppError('conflict', 'This destination was changed by someone else: reload it.');
        return toDestinationDto(row, unseal(row), await repo.unmatchedAcks(tx, org));
      });
    },

    async remove(member: Member, id: string) {
      requireCatalogue(member);
      await database.withOrg(member.organizationId, async (tx) => {
        const org = member.organizationId;
        if (!(await repo.findDestination(tx, org, id))) throw destinationNotFound();
        if (await repo.destinationHasDeliveryInFlight(tx, org, id))
          throw new AppError('conflict', DISTRIBUTION_MESSAGES.inFlight);
        await repo.deleteDestination(tx, org, id);
      });
      return { ok: true as const };
    },

    /** Connects and lists the acknowledgement folder: says plainly what failed, never a secret. */
    async test(member: Member, id: string) {
      requireCatalogue(member);
      const row = await database.withOrg(member.organizationId, (tx) =>
        repo.findDestination(tx, member.organizationId, id),
      );
      if (!row) throw destinationNotFound();
      let transport: DeliveryTransport | undefined;
      try {
        transport = await openDestination(ctx, row);
        const files = await transport.list(ackFolderOf(transportConfig(ctx, row)));
        return {
          ok: true,
          message: `Connected. The acknowledgement folder holds ${files.length} ${files.length === 1 ? 'file' : 'files'}.`,
        };
      } catch (error) {
        if (error instanceof TransportError) return { ok: false, message: error.message };
        throw error;
      } finally {
        await transport?.close().catch(() => {});
      }
    },
  };
}
