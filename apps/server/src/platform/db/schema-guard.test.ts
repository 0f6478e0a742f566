import { REALTIME_TABLES, UNANNOUNCED_TABLES } from '@music-review/core/realtime';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { type Database, queryRows } from './index.ts';

// Guards for later migrations: a new tenant table that forgets row-level security or the realtime
// trigger fails here, not in production.
describe('the migrated schema', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const tablesWithOrganization = () =>
    queryRows<{ table_name: string }>(
      database.global,
      sql`select table_name from information_schema.columns
          where table_schema = 'public' and column_name = 'organization_id' order by table_name`,
    ).then((rows) => rows.map((r) => r.table_name));

  it('enables row-level security with a policy on every table that has an organization_id', async () => {
    const tables = [...(await tablesWithOrganization()), 'organizations'];
    const rows = await queryRows<{ relname: string; relrowsecurity: boolean; policies: number }>(
      database.global,
      sql`select c.relname, c.relrowsecurity,
            (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'`,
    );
    const byName = new Map(rows.map((r) => [r.relname, r]));
    for (const table of tables) {
      expect(byName.get(table)?.relrowsecurity, `${table} has row-level security`).toBe(true);
      expect(byName.get(table)?.policies, `${table} has a policy`).toBeGreaterThan(0);
    }
  });

  it('raises realtime changes from exactly the tables the socket protocol names', async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.global,
      sql`select distinct event_object_table as table_name from information_schema.triggers
          where trigger_name = 'mr_notify_change'`,
    );
    const triggered = rows.map((r) => r.table_name).sort();
    expect(triggered).toEqual([...REALTIME_TABLES].sort());
    // organization_data_versions counts changes to other tables, which announce them themselves;
    // statement lines are announced by their import.
    const unannounced: readonly string[] = ['organization_data_versions', ...UNANNOUNCED_TABLES];
    const announced = (await tablesWithOrganization()).filter((t) => !unannounced.includes(t));
    expect(triggered).not.toEqual(expect.arrayContaining([...UNANNOUNCED_TABLES]));
    expect(triggered).toEqual(expect.arrayContaining(announced));
  });

  it('raises the data version on every change to what the cached answers show (dashboard, search, catalogue totals, analytics)', async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.global,
      sql`select distinct event_object_table as table_name from information_schema.triggers
          where trigger_name like 'mr_bump_data_version%' order by 1`,
    );
    expect(rows.map((r) => r.table_name)).toEqual([
      'contracts',
      'finance_settings',
      'income_alerts',
      'ledger_entries',
      'master_splits',
      'metadata_forms',
      'parties',
      'payees',
      'recording_artists',
      'recordings',
      'release_tracks',
      'releases',
      'reviewers',
      'reviews',
      'royalty_deal_payees',
      'royalty_deals',
      'royalty_imports',
      'royalty_mappings',
      'royalty_periods',
      'song_revisions',
      'songs',
      'statement_rollups_monthly',
      'statement_rollups_recording',
      'work_writers',
      'works',
    ]);
  });

  it('raises the income version only on the tables the statement-derived analytics answers read', async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.global,
      sql`select distinct event_object_table as table_name from information_schema.triggers
          where trigger_name like 'mr_bump_income_version%' order by 1`,
    );
    expect(rows.map((r) => r.table_name)).toEqual([
      'finance_settings',
      'income_alerts',
      'ledger_entries',
      'payees',
      'recordings',
      'release_tracks',
      'releases',
      'royalty_deal_payees',
      'royalty_deals',
      'royalty_imports',
      'royalty_mappings',
      'royalty_periods',
      'statement_rollups_monthly',
      'statement_rollups_recording',
    ]);
  });

  it('seeds the three plans with their limits and flags', async () => {
    const plans = await queryRows<Record<string, unknown>>(
      database.global,
      sql`select name, track_limit, user_limit, has_label_copy_generator, has_contract_generator,
            has_chat_functionality, has_catalogue, has_email_support from subscription_plans order by user_limit`,
    );
    const flags = (v: boolean) => ({
      has_label_copy_generator: v,
      has_contract_generator: v,
      has_chat_functionality: v,
      has_catalogue: v,
      has_email_support: v,
    });
    expect(plans).toEqual([
      { name: 'Starter', track_limit: 25, user_limit: 3, ...flags(false) },
      { name: 'Pro', track_limit: 500, user_limit: 15, ...flags(true) },
      { name: 'Label', track_limit: -1, user_limit: 100, ...flags(true) },
    ]);
  });
});
