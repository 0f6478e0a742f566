import type { createPartyBody, updatePartyBody } from '@music-review/core/catalogue-schemas';
import type { PartyDto, PartyRowDto } from '@music-review/core/contracts/parties';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors.ts';
import { diff, writeAudit } from '../catalogue/audit.repo.ts';
import { changedSinceRead, requireCatalogue } from '../catalogue/catalogue.access.ts';
import { partyNotFound, partyRowDto, readPartyDetail } from './parties.dto.ts';
import * as repo from './parties.repo.ts';

type CreateBody = z.output<typeof createPartyBody>;
type UpdateBody = z.output<typeof updatePartyBody>;

const payeeNotFound = () => new AppError('not_found', 'Payee not found', {}, { payee_id: 'Payee not found' });

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const stillCredited = (counts: { recordings: number; works: number }) => {
  const where = [
    counts.recordings > 0 ? plural(counts.recordings, 'recording') : null,
    counts.works > 0 ? plural(counts.works, 'work') : null,
  ].filter(Boolean);
  return new AppError(
    'conflict',
    `This person is credited on ${where.join(' and ')}. Remove those credits, or merge this person into another, before deleting.`,
  );
};

/** Other credited names: trimmed, each once (case ignored), never the main name again. */
export function cleanAliases(name: string, aliases: readonly string[]): string[] {
  const seen = new Set([name.trim().toLowerCase()]);
  const kept: string[] = [];
  for (const alias of aliases) {
    const value = alias.trim();
    if (value === '' || seen.has(value.toLowerCase())) continue;
    seen.add(value.toLowerCase());
    kept.push(value);
  }
  return kept;
}

/** The fields of a body that name columns, without the ones left out; '' clears a field. */
function fieldsOf(body: Partial<CreateBody>, currentName: string | null): repo.PartyValues {
  const values: repo.PartyValues = {};
  for (const field of repo.PARTY_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    values[field] = value === '' ? null : value;
  }
  if (values.roles) values.roles = [...new Set(values.roles as string[])];
  const name = (values.name as string | undefined) ?? currentName;
  if (values.aliases && name !== null) values.aliases = cleanAliases(name, values.aliases as string[]);
  return values;
}

async function checkPayee(tx: OrgTx, organizationId: string, payeeId: unknown) {
  if (typeof payeeId === 'string' && !(await repo.payeeExists(tx, organizationId, payeeId)))
    throw payeeNotFound();
}

export function createPartiesService(ctx: AppContext) {
  const { database } = ctx;

  return {
    /** GET /api/v1/parties */
    async list(member: Member, query: repo.PartiesQuery): Promise<{ rows: PartyRowDto[]; total: number }> {
      const org = member.organizationId;
      const { rows, total } = await database.withOrg(org, async (tx) => {
        requireCatalogue(member);
        return repo.listParties(tx, org, query);
      });
      return { rows: rows.map(partyRowDto), total };
    },

    /** GET /api/v1/parties/{id}: the person page. */
    async get(member: Member, id: string): Promise<PartyDto> {
      const org = member.organizationId;
      return database.withOrg(org, async (tx) => {
        requireCatalogue(member);
        return readPartyDetail(tx, org, id);
      });
    },

    /**
     * GET /api/v1/parties/by-name: signed songs and search link an artist's name to their person
     * page. Without the catalogue on the plan there is no page to link to: null, not a refusal.
     */
    async findByName(member: Member, name: string): Promise<{ id: string | null }> {
      const org = member.organizationId;
      return database.withOrg(org, async (tx) => {
        try {
          requireCatalogue(member);
        } catch (err) {
          if (err instanceof AppError && err.code === 'plan_required') return { id: null };
          throw err;
        }
        return { id: await repo.findPartyIdByName(tx, org, name) };
      });
    },

    /** POST /api/v1/parties ("Add person") */
    async create(member: Member, body: CreateBody): Promise<PartyDto> {
      const org = member.organizationId;
      return database.withOrg(org, async (tx) => {
        requireCatalogue(member);
        const values = fieldsOf(body, null);
        await checkPayee(tx, org, values.payee_id);
        const id = await repo.insertParty(tx, org, values, member.reviewer.id);
        await writeAudit(tx, org, [
          {
            entityKind: 'party',
            entityId: id,
            action: 'create',
            changes: diff({}, values),
            reviewerId: member.reviewer.id,
          },
        ]);
        return readPartyDetail(tx, org, id);
      });
    },

    /** PATCH /api/v1/parties/{id} */
    async update(member: Member, id: string, body: UpdateBody): Promise<PartyDto> {
      const org = member.organizationId;
      return database.withOrg(org, async (tx) => {
        requireCatalogue(member);
        const before = await repo.lockParty(tx, org, id);
        if (!before) throw partyNotFound();
        if (before.row_version !== body.row_version) throw changedSinceRead();
        const values = fieldsOf(body, before.name);
        // A new main name that was an other credited name is no longer listed twice.
        if (values.name !== undefined && values.aliases === undefined) {
          const aliases = cleanAliases(values.name as string, before.aliases);
          if (aliases.length !== before.aliases.length) values.aliases = aliases;
        }
        const changes = diff(before as unknown as Record<string, unknown>, values);
        if (Object.keys(changes).length === 0) return readPartyDetail(tx, org, id);
        if ('payee_id' in changes) await checkPayee(tx, org, values.payee_id);
        const changed = Object.fromEntries(
          Object.entries(values).filter(([field]) => field in changes),
        ) as repo.PartyValues;
        await repo.updateParty(tx, org, id, changed);
        await writeAudit(tx, org, [
          { entityKind: 'party', entityId: id, action: 'update', changes, reviewerId: member.reviewer.id },
        ]);
        return readPartyDetail(tx, org, id);
      });
    },

    /** DELETE /api/v1/parties/{id}: only a person credited nowhere. */
    async remove(member: Member, id: string) {
      const org = member.organizationId;
      await database.withOrg(org, async (tx) => {
        requireCatalogue(member);
        const row = await repo.lockParty(tx, org, id);
        if (!row) throw partyNotFound();
        const counts = await repo.creditCounts(tx, org, id);
        if (counts.recordings > 0 || counts.works > 0) throw stillCredited(counts);
        await repo.deleteParty(tx, org, id);
        await writeAudit(tx, org, [
          {
            entityKind: 'party',
            entityId: id,
            action: 'delete',
            changes: { name: [row.name, null] },
            reviewerId: member.reviewer.id,
          },
        ]);
      });
      return { ok: true as const };
    },
  };
}
