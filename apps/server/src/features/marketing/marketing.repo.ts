import type { CampaignStatus, TaskStatus } from '@music-review/core/marketing';
import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/**
 * Marketing's SQL. Every statement filters on the organization (and runs in `withOrg`, so row-level
 * security hides other labels' rows as well), except the reminder scan in reminders.repo.ts.
 * Dates come back as text (YYYY-MM-DD): node-postgres would turn a `date` into a local midnight.
 */

export type SongRow = { id: string; title: string; artist: string; status: string };

export type CampaignRow = {
  id: string;
  song_id: string;
  name: string;
  status: CampaignStatus;
  budget_cents: string | number;
  currency: string;
  start_date: string | null;
  end_date: string | null;
  channels: string[];
  notes: string;
  created_by: string | null;
  created_at: Date | string;
};

export type TaskRow = {
  id: string;
  campaign_id: string;
  song_id: string;
  title: string;
  assignee_id: string | null;
  assignee_name: string | null;
  due_date: string | null;
  status: TaskStatus;
  created_at: Date | string;
};

export type FormRow = {
  id: string;
  song_id: string | null;
  kind: 'song' | 'general';
  status: 'draft' | 'submitted';
  data: Record<string, unknown>;
  submitted_at: Date | string | null;
  updated_at: Date | string;
};

export type LinkRow = {
  id: string;
  purpose: string;
  created_at: Date | string;
  expires_at: Date | string;
  used_at: Date | string | null;
  revoked_at: Date | string | null;
  is_expired: boolean;
};

const CAMPAIGN_COLUMNS = sql`c.id, c.song_id, c.name, c.status, c.budget_cents, c.currency,
  c.start_date::text as start_date, c.end_date::text as end_date, c.channels, c.notes, c.created_by, c.created_at`;

const TASK_COLUMNS = sql`t.id, t.campaign_id, t.song_id, t.title, t.assignee_id, r.name as assignee_name,
  t.due_date::text as due_date, t.status, t.created_at`;

const FORM_COLUMNS = sql`id, song_id, kind, status, data, submitted_at, updated_at`;

export async function findSong(db: OrgTx, organizationId: string, songId: string) {
  const rows = await queryRows<SongRow>(
    db,
    sql`select id, title, artist, status from songs where organization_id = ${organizationId} and id = ${songId}`,
  );
  return rows[0] ?? null;
}

export async function isMember(db: OrgTx, organizationId: string, reviewerId: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from reviewers where organization_id = ${organizationId} and id = ${reviewerId}`,
  );
  return rows.length > 0;
}

// Campaigns ----------------------------------------------------------------------------------------

export async function listCampaigns(db: OrgTx, organizationId: string, songId: string) {
  return queryRows<CampaignRow>(
    db,
    sql`select ${CAMPAIGN_COLUMNS} from marketing_campaigns c
        where c.organization_id = ${organizationId} and c.song_id = ${songId}
        order by c.start_date nulls last, c.created_at, c.id`,
  );
}

export async function findCampaign(db: OrgTx, organizationId: string, id: string) {
  const rows = await queryRows<CampaignRow>(
    db,
    sql`select ${CAMPAIGN_COLUMNS} from marketing_campaigns c
        where c.organization_id = ${organizationId} and c.id = ${id}`,
  );
  return rows[0] ?? null;
}

export interface CampaignValues {
  name: string;
  status: CampaignStatus;
  budget_cents: number;
  currency: string;
  start_date: string | null;
  end_date: string | null;
  channels: string[];
  notes: string;
}

export async function insertCampaign(
  db: OrgTx,
  organizationId: string,
  songId: string,
  createdBy: string,
  v: CampaignValues,
) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into marketing_campaigns
          (organization_id, song_id, name, status, budget_cents, currency, start_date, end_date, channels, notes, created_by)
        values (${organizationId}, ${songId}, ${v.name}, ${v.status}, ${v.budget_cents}, ${v.currency},
          ${v.start_date}::date, ${v.end_date}::date, ${JSON.stringify(v.channels)}::jsonb, ${v.notes}, ${createdBy})
        returning id`,
  );
  return rows[0]!.id;
}

export async function updateCampaign(db: OrgTx, organizationId: string, id: string, v: CampaignValues) {
  await db.execute(
    sql`update marketing_campaigns set name = ${v.name}, status = ${v.status}, budget_cents = ${v.budget_cents},
          currency = ${v.currency}, start_date = ${v.start_date}::date, end_date = ${v.end_date}::date,
          channels = ${JSON.stringify(v.channels)}::jsonb, notes = ${v.notes}, updated_at = now()
        where organization_id = ${organizationId} and id = ${id}`,
  );
}

export async function deleteCampaign(db: OrgTx, organizationId: string, id: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from marketing_campaigns where organization_id = ${organizationId} and id = ${id} returning id`,
  );
  return rows.length > 0;
}

// Tasks --------------------------------------------------------------------------------------------

export async function listTasksOfSong(db: OrgTx, organizationId: string, songId: string) {
  return queryRows<TaskRow>(
    db,
    sql`select ${TASK_COLUMNS} from marketing_tasks t
        left join reviewers r on r.id = t.assignee_id and r.organization_id = t.organization_id
        where t.organization_id = ${organizationId} and t.song_id = ${songId}
        order by t.due_date nulls last, t.created_at, t.id`,
  );
}

export async function findTask(db: OrgTx, organizationId: string, id: string) {
  const rows = await queryRows<TaskRow>(
    db,
    sql`select ${TASK_COLUMNS} from marketing_tasks t
        left join reviewers r on r.id = t.assignee_id and r.organization_id = t.organization_id
        where t.organization_id = ${organizationId} and t.id = ${id}`,
  );
  return rows[0] ?? null;
}

export interface TaskValues {
  title: string;
  assignee_id: string | null;
  due_date: string | null;
  status: TaskStatus;
}

export async function insertTask(
  db: OrgTx,
  organizationId: string,
  campaign: { id: string; song_id: string },
  createdBy: string,
  v: TaskValues,
) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into marketing_tasks (organization_id, campaign_id, song_id, title, assignee_id, due_date, status, created_by)
        values (${organizationId}, ${campaign.id}, ${campaign.song_id}, ${v.title}, ${v.assignee_id},
          ${v.due_date}::date, ${v.status}, ${createdBy})
        returning id`,
  );
  return rows[0]!.id;
}

export async function updateTask(db: OrgTx, organizationId: string, id: string, v: TaskValues) {
  await db.execute(
    sql`update marketing_tasks set title = ${v.title}, assignee_id = ${v.assignee_id},
          due_date = ${v.due_date}::date, status = ${v.status}, updated_at = now()
        where organization_id = ${organizationId} and id = ${id}`,
  );
}

export async function deleteTask(db: OrgTx, organizationId: string, id: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from marketing_tasks where organization_id = ${organizationId} and id = ${id} returning id`,
  );
  return rows.length > 0;
}

// Forms --------------------------------------------------------------------------------------------

/** The song's questionnaire (one per song; the newest if there were ever more). */
export async function findSongForm(db: OrgTx, organizationId: string, songId: string) {
  const rows = await queryRows<FormRow>(
    db,
    sql`select ${FORM_COLUMNS} from marketing_forms
        where organization_id = ${organizationId} and song_id = ${songId} and kind = 'song'
        order by created_at desc limit 1`,
  );
  return rows[0] ?? null;
}

export async function findForm(db: OrgTx, organizationId: string, id: string) {
  const rows = await queryRows<FormRow>(
    db,
    sql`select ${FORM_COLUMNS} from marketing_forms where organization_id = ${organizationId} and id = ${id}`,
  );
  return rows[0] ?? null;
}

export async function insertSongForm(db: OrgTx, organizationId: string, songId: string, createdBy: string) {
  const rows = await queryRows<FormRow>(
    db,
    sql`insert into marketing_forms (organization_id, song_id, kind, status, created_by)
        values (${organizationId}, ${songId}, 'song', 'draft', ${createdBy})
        returning ${FORM_COLUMNS}`,
  );
  return rows[0]!;
}

export async function reopenForm(db: OrgTx, organizationId: string, id: string) {
  await db.execute(
    sql`update marketing_forms set status = 'draft', updated_at = now()
        where organization_id = ${organizationId} and id = ${id}`,
  );
}

export async function saveFormData(
  db: OrgTx,
  organizationId: string,
  id: string,
  data: unknown,
  submit: boolean,
) {
  const rows = await queryRows<FormRow>(
    db,
    // The answers come from the form; the uploaded photos are kept by their own calls, never by these.
    sql`update marketing_forms set data = ${JSON.stringify(data)}::jsonb
          || jsonb_build_object('press_photo_files', coalesce(data -> 'press_photo_files', '[]'::jsonb)),
          updated_at = now(),
          status = case when ${submit} then 'submitted' else status end,
          submitted_at = case when ${submit} then now() else submitted_at end
        where organization_id = ${organizationId} and id = ${id}
        returning ${FORM_COLUMNS}`,
  );
  return rows[0] ?? null;
}

/** The form, locked until the transaction ends (uploaded photos change one at a time). */
export async function lockForm(db: OrgTx, organizationId: string, id: string) {
  const rows = await queryRows<FormRow>(
    db,
    sql`select ${FORM_COLUMNS} from marketing_forms
        where organization_id = ${organizationId} and id = ${id} for update`,
  );
  return rows[0] ?? null;
}

/** Replaces the form's uploaded press photos (`data.press_photo_files`), leaving the answers as they are. */
export async function setPressPhotoFiles(db: OrgTx, organizationId: string, id: string, files: unknown[]) {
  await db.execute(
    sql`update marketing_forms
        set data = jsonb_set(coalesce(data, '{}'::jsonb), '{press_photo_files}', ${JSON.stringify(files)}::jsonb),
          updated_at = now()
        where organization_id = ${organizationId} and id = ${id}`,
  );
}

export async function insertGeneralSubmission(db: OrgTx, organizationId: string, data: unknown) {
  const rows = await queryRows<FormRow>(
    db,
    sql`insert into marketing_forms (organization_id, song_id, kind, status, data, submitted_at)
        values (${organizationId}, null, 'general', 'submitted', ${JSON.stringify(data)}::jsonb, now())
        returning ${FORM_COLUMNS}`,
  );
  return rows[0]!;
}

export async function listGeneralSubmissions(db: OrgTx, organizationId: string, limit: number) {
  return queryRows<FormRow>(
    db,
    sql`select ${FORM_COLUMNS} from marketing_forms
        where organization_id = ${organizationId} and kind = 'general' and status = 'submitted'
        order by submitted_at desc nulls last, id desc
        limit ${limit}`,
  );
}

export async function labelName(db: OrgTx, organizationId: string) {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select name from organizations where id = ${organizationId}`,
  );
  return rows[0]?.name ?? '';
}

// Links --------------------------------------------------------------------------------------------

export async function listLinks(
  db: OrgTx,
  organizationId: string,
  purpose: 'marketing_form' | 'marketing_general',
  recordId: string | null,
) {
  return queryRows<LinkRow>(
    db,
    sql`select id, purpose, created_at, expires_at, used_at, revoked_at, expires_at <= now() as is_expired
        from public_links
        where organization_id = ${organizationId} and purpose = ${purpose}
          and record_id is not distinct from ${recordId}
        order by created_at desc
        limit 20`,
  );
}

export async function findMarketingLink(db: OrgTx, organizationId: string, id: string) {
  const rows = await queryRows<{ id: string; purpose: string; record_id: string | null }>(
    db,
    sql`select id, purpose, record_id from public_links
        where organization_id = ${organizationId} and id = ${id}
          and purpose in ('marketing_form', 'marketing_general')`,
  );
  return rows[0] ?? null;
}

/** Withdraws the record's links that can still be used (a new link replaces them). */
export async function revokeActiveLinks(
  db: OrgTx,
  organizationId: string,
  purpose: 'marketing_form' | 'marketing_general',
  recordId: string | null,
) {
  await db.execute(
    sql`update public_links set revoked_at = now()
        where organization_id = ${organizationId} and purpose = ${purpose}
          and record_id is not distinct from ${recordId}
          and revoked_at is null and used_at is null and expires_at > now()`,
  );
}
