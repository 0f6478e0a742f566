import { CATALOGUE_MESSAGES, upcRange } from '@music-review/core/catalogue';
import type { catalogueSettingsBody, upcRangeBody } from '@music-review/core/catalogue-schemas';
import type { CatalogueSettingsDto } from '@music-review/core/contracts/catalogue';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors.ts';
import { diff, writeAudit } from './audit.repo.ts';
import { changedSinceRead, requireCatalogue } from './catalogue.access.ts';
import { nextIsrc } from './settings.isrc.ts';
import * as repo from './settings.repo.ts';

type SettingsBody = z.output<typeof catalogueSettingsBody>;
type UpcRangeBody = z.output<typeof upcRangeBody>;

async function readSettings(
  tx: OrgTx,
  organizationId: string,
  row?: repo.SettingsRecord,
): Promise<CatalogueSettingsDto> {
  const settings = row ?? (await repo.findSettings(tx, organizationId)) ?? repo.DEFAULT_SETTINGS;
  const next = await nextIsrc(tx, organizationId, settings);
  return {
    isrc_prefix: settings.isrc_prefix,
    next_isrc: next && 'isrc' in next ? next.isrc : null,
    label_name: settings.label_name,
    default_p_owner: settings.default_p_owner,
    default_c_owner: settings.default_c_owner,
    ddex_dpid: settings.ddex_dpid,
    upc_pool: await repo.upcPoolSummary(tx, organizationId),
    row_version: settings.row_version,
  };
}

export function createSettingsService(ctx: AppContext) {
  const inCatalogue = async <T>(member: Member, fn: (tx: OrgTx, organizationId: string) => Promise<T>) => {
    requireCatalogue(member);
    return ctx.database.withOrg(member.organizationId, (tx) => fn(tx, member.organizationId));
  };

  return {
    /** GET /api/v1/catalogue/settings: the defaults (row_version 1) until the label saves some. */
    get(member: Member): Promise<CatalogueSettingsDto> {
      return inCatalogue(member, (tx, org) => readSettings(tx, org));
    },

    /**
     * PATCH /api/v1/catalogue/settings (admins): saves what changed as the next version; the first
     * save creates the row (version 2, after the defaults' 1). A stale row_version answers 409.
     */
    update(member: Member, body: SettingsBody): Promise<CatalogueSettingsDto> {
      return inCatalogue(member, async (tx, org) => {
        const current = await repo.findSettings(tx, org, { lock: true });
        const before = current ?? repo.DEFAULT_SETTINGS;
        if (before.row_version !== body.row_version) throw changedSinceRead();
        const values: Partial<Record<repo.SettingsField, string | null>> = {};
        for (const field of repo.SETTINGS_FIELDS) {
          const value = body[field];
          if (value !== undefined) values[field] = value === '' ? null : value;
        }
        const changes = diff({ ...before }, values);
        if (Object.keys(changes).length === 0) return readSettings(tx, org, before);
        const changed = Object.fromEntries(
          Object.entries(changes).map(([field, [, after]]) => [field, after]),
        ) as Partial<Record<repo.SettingsField, string | null>>;
        const saved = current
          ? await repo.updateSettings(tx, org, changed)
          : await repo.insertSettings(tx, org, changed);
        // Another admin's first save landed between our read and our insert.
        if (!saved) throw changedSinceRead();
        await writeAudit(tx, org, [
          {
            entityKind: 'settings',
            entityId: org,
            action: 'update',
            changes,
            reviewerId: member.reviewer.id,
          },
        ]);
        return readSettings(tx, org, saved);
      });
    },

    /** POST /api/v1/catalogue/upc-pool (admins): a GS1 range into the pool; codes already there are skipped. */
    addUpcRange(member: Member, body: UpcRangeBody): Promise<CatalogueSettingsDto & { added: number }> {
      const codes = upcRange(body.first, body.count);
      return inCatalogue(member, async (tx, org) => {
        if (!codes) throw new AppError('bad_request', CATALOGUE_MESSAGES.upcRangeInvalid);
        const added = await repo.insertUpcCodes(tx, org, codes);
        await writeAudit(tx, org, [
          {
            entityKind: 'settings',
            entityId: org,
            action: 'upc_range',
            changes: { first: codes[0], last: codes[codes.length - 1], count: codes.length, added },
            reviewerId: member.reviewer.id,
          },
        ]);
        return { ...(await readSettings(tx, org)), added };
      });
    },
  };
}
