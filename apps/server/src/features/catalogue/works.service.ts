import { bpToPercent, CATALOGUE_MESSAGES, percentToBp } from '@music-review/core/catalogue';
import type { createWorkBody, updateWorkBody } from '@music-review/core/catalogue-schemas';
import type { WorkDto, WorkRowDto } from '@music-review/core/contracts/catalogue';
import { normalizeIswc } from '@music-review/core/music-codes';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { iso } from '../../platform/dates.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  deleteSplitVersions,
  diff,
  readAudit,
  readSplitHistory,
  writeAudit,
  writeSplitVersion,
} from './audit.repo.ts';
import { changedSinceRead, requireCatalogue } from './catalogue.access.ts';
import { labelParties } from './recordings.repo.ts';
import { createListPages, createListTotals, PERSON_NOT_FOUND } from './recordings.service.ts';
import * as repo from './works.repo.ts';

type CreateBody = z.output<typeof createWorkBody>;
type UpdateBody = z.output<typeof updateWorkBody>;
type WriterInput = NonNullable<CreateBody['writers']>[number];

const WORK_NOT_FOUND = 'Work not found';
const workNotFound = () => notFound(WORK_NOT_FOUND);

const toRow = (row: repo.WorkListRow): WorkRowDto => ({
  id: row.id,
  title: row.title,
  iswc: row.iswc,
  writers: row.writers,
  shares_total: bpToPercent(row.shares_bp),
  recording_count: row.recording_count,
  updated_at: iso(row.updated_at),
  row_version: row.row_version,
});

/** What `q` may be as an ISWC fragment: T and digits, typed with or without separators. */
function iswcFragment(q: string) {
  const fragment = normalizeIswc(q);
  return /^T?\d{3,10}$/.test(fragment) ? fragment : undefined;
}

async function readWork(tx: OrgTx, organizationId: string, id: string): Promise<WorkDto | undefined> {
  const work = await repo.findWork(tx, organizationId, id);
  if (!work) return undefined;
  // One statement at a time: a transaction is one connection, which runs them in turn anyway.
  const writers = await repo.workWriters(tx, organizationId, id);
  const recordings = await repo.workRecordings(tx, organizationId, id);
  const history = await readSplitHistory(tx, organizationId, 'writer', id);
  const audit = await readAudit(tx, organizationId, id);
  const shares = writers.reduce((sum, w) => sum + w.share_bp, 0);
  return {
    id: work.id,
    title: work.title,
    iswc: work.iswc,
    writers: writers.map((w) => w.name).join(', '),
    shares_total: bpToPercent(shares),
    recording_count: recordings.length,
    updated_at: iso(work.updated_at),
    row_version: work.row_version,
    writer_rows: writers.map((w) => ({
      party_id: w.party_id,
      name: w.name,
      role: w.role,
      share: bpToPercent(w.share_bp),
      ipi: w.ipi,
      pro: w.pro,
      publisher: w.publisher_id && w.publisher_name ? { id: w.publisher_id, name: w.publisher_name } : null,
    })),
    recordings,
    split_history: history,
    audit,
    created_at: iso(work.created_at),
  };
}

/** The ISWC no other work of the label uses: 409 naming that work otherwise. */
async function checkIswc(tx: OrgTx, organizationId: string, iswc: string, workId: string | null) {
  await repo.lockIswc(tx, organizationId, iswc);
  const other = await repo.workWithIswc(tx, organizationId, iswc, workId);
  if (other) {
    const message = CATALOGUE_MESSAGES.iswcTaken(other.title);
    throw new AppError('conflict', message, {}, { iswc: message });
  }
}

/** The writers as stored, once every writer and publisher is known to be the label's (404 otherwise). */
async function writerValues(tx: OrgTx, organizationId: string, input: readonly WriterInput[]) {
  // Ids compare as the database writes them (a UUID may be sent in capitals).
  const writers = input.map((w) => ({
    ...w,
    party_id: w.party_id.toLowerCase(),
    publisher_id: w.publisher_id?.toLowerCase() ?? null,
  }));
  const ids = [...new Set(writers.flatMap((w) => [w.party_id, ...(w.publisher_id ? [w.publisher_id] : [])]))];
  const names = await labelParties(tx, organizationId, ids);
  if (names.size !== ids.length) throw notFound(PERSON_NOT_FOUND);
  const values: repo.WriterValues[] = writers.map((w) => ({
    party_id: w.party_id,
    role: w.role,
    share_bp: percentToBp(w.share),
    publisher_id: w.publisher_id,
  }));
  return { values, names };
}

/** The writer split as a version and the audit log keep it. */
const sharesOf = (values: readonly repo.WriterValues[], names: ReadonlyMap<string, string>) =>
  values.map((w) => ({
    id: w.party_id,
    name: names.get(w.party_id) ?? '',
    share_bp: w.share_bp,
    role: w.role,
  }));

/** Writers with the names of the writer and publisher, for the audit log. */
const named = (values: readonly repo.WriterValues[], names: ReadonlyMap<string, string>) =>
  values.map((w) => ({
    name: names.get(w.party_id) ?? '',
    role: w.role,
    share_bp: w.share_bp,
    publisher: w.publisher_id ? (names.get(w.publisher_id) ?? null) : null,
  }));

const writersForAudit = (
  rows: readonly { name: string; role: string; share_bp: number; publisher: string | null }[],
) => rows.map((w) => ({ name: w.name, role: w.role, share: w.share_bp / 100, publisher: w.publisher }));

export function createWorksService(ctx: AppContext) {
  const withTotal = createListTotals(ctx);
  const listPage = createListPages(ctx, 'count');
  const inCatalogue = async <T>(member: Member, fn: (tx: OrgTx, organizationId: string) => Promise<T>) => {
    requireCatalogue(member);
    return ctx.database.withOrg(member.organizationId, (tx) => fn(tx, member.organizationId));
  };
  const answer = async (tx: OrgTx, organizationId: string, id: string) => {
    const dto = await readWork(tx, organizationId, id);
    if (!dto) throw workNotFound();
    return dto;
  };

  return {
    /** GET /api/v1/catalogue/works */
    async list(
      member: Member,
      query: Omit<repo.WorksQuery, 'iswcFragment'>,
    ): Promise<{ rows: WorkRowDto[]; total: number }> {
      const q = query.q?.trim() || undefined;
      const { artist, missing } = query;
      const filters = { ...query, q, iswcFragment: q ? iswcFragment(q) : undefined };
      return listPage(member, 'works', filters, async () => {
        const { rows, total } = await withTotal(member, 'works', { q, artist, missing }, (known) =>
          inCatalogue(member, (tx, org) => repo.listWorks(tx, org, filters, known)),
        );
        return { rows: rows.map(toRow), total };
      });
    },

    /** GET /api/v1/catalogue/works/{id} */
    get(member: Member, id: string): Promise<WorkDto> {
      return inCatalogue(member, (tx, org) => answer(tx, org, id));
    },

    /** POST /api/v1/catalogue/works: writers given start the writer split's history (version 1). */
    create(member: Member, body: CreateBody): Promise<WorkDto> {
      return inCatalogue(member, async (tx, org) => {
        const iswc = body.iswc ?? null;
        if (iswc) await checkIswc(tx, org, iswc, null);
        const writers = body.writers?.length ? await writerValues(tx, org, body.writers) : null;
        const id = await repo.insertWork(tx, org, { title: body.title, iswc });
        const changes: Record<string, unknown> = diff({}, { title: body.title, iswc });
        if (writers) {
          await repo.replaceWriters(tx, org, id, writers.values);
          const shares = sharesOf(writers.values, writers.names);
          await writeSplitVersion(tx, org, {
            kind: 'writer',
            subjectId: id,
            shares,
            changedBy: member.reviewer.id,
          });
          changes.writers = [[], writersForAudit(named(writers.values, writers.names))];
        }
        await writeAudit(tx, org, [
          { entityKind: 'work', entityId: id, action: 'create', changes, reviewerId: member.reviewer.id },
        ]);
        return answer(tx, org, id);
      });
    },

    /** PATCH /api/v1/catalogue/works/{id}: a writer change is versioned; a stale row_version answers 409. */
    update(member: Member, id: string, body: UpdateBody): Promise<WorkDto> {
      return inCatalogue(member, async (tx, org) => {
        const before = await repo.findWork(tx, org, id, { lock: true });
        if (!before) throw workNotFound();
        if (before.row_version !== body.row_version) throw changedSinceRead();
        const fieldChanges = diff({ ...before }, { title: body.title, iswc: body.iswc });
        const values = Object.fromEntries(
          Object.entries(fieldChanges).map(([k, [, after]]) => [k, after]),
        ) as Partial<{
          title: string;
          iswc: string | null;
        }>;
        const changes: Record<string, unknown> = { ...fieldChanges };
        if (values.iswc) await checkIswc(tx, org, values.iswc, id);
        if (body.writers) {
          const current = await repo.workWriters(tx, org, id);
          const next = body.writers.length
            ? await writerValues(tx, org, body.writers)
            : { values: [], names: new Map<string, string>() };
          const key = (
            list: readonly {
              party_id: string;
              role: string;
              share_bp: number;
              publisher_id: string | null;
            }[],
          ) => JSON.stringify(list.map((w) => [w.party_id, w.role, w.share_bp, w.publisher_id]));
          if (key(current) !== key(next.values)) {
            await repo.replaceWriters(tx, org, id, next.values);
            const shares = sharesOf(next.values, next.names);
            await writeSplitVersion(tx, org, {
              kind: 'writer',
              subjectId: id,
              shares,
              changedBy: member.reviewer.id,
            });
            changes.writers = [
              writersForAudit(current.map((w) => ({ ...w, publisher: w.publisher_name }))),
              writersForAudit(named(next.values, next.names)),
            ];
          }
        }
        if (Object.keys(changes).length === 0) return answer(tx, org, id);
        await repo.updateWork(tx, org, id, values);
        await writeAudit(tx, org, [
          { entityKind: 'work', entityId: id, action: 'update', changes, reviewerId: member.reviewer.id },
        ]);
        return answer(tx, org, id);
      });
    },

    /** DELETE /api/v1/catalogue/works/{id}: its recordings keep existing without it. */
    async remove(member: Member, id: string): Promise<{ ok: true }> {
      await inCatalogue(member, async (tx, org) => {
        const work = await repo.findWork(tx, org, id, { lock: true });
        if (!work) throw workNotFound();
        await deleteSplitVersions(tx, org, 'writer', id);
        await repo.deleteWork(tx, org, id);
        await writeAudit(tx, org, [
          {
            entityKind: 'work',
            entityId: id,
            action: 'delete',
            changes: { title: [work.title, null], iswc: [work.iswc, null] },
            reviewerId: member.reviewer.id,
          },
        ]);
      });
      return { ok: true };
    },
  };
}
