import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../platform/db/index.ts';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import { seedAssetsDemo } from '../assets/assets.demo.ts';
import { seedContractsDemo } from '../contracts/contracts.demo.ts';
import { seedLabelCopyDemo } from '../label-copy/label-copy.demo.ts';
import { seedMarketingDemo } from '../marketing/marketing.demo.ts';
import { seedMetadataFormsDemo } from '../metadata-forms/metadata-forms.demo.ts';
import { seedProjectFolderDemo } from '../project-folder/project-folder.demo.ts';

/** The signed demo songs that get records, furthest along first. */
export const AFTER_SIGNING_DEMO_SONGS = ['Harbour Lights', 'Paper Moons'] as const;
/**
 * Signed songs with only their signed recording agreement: 'Summer Static', Lumen Vale's second,
 * whose royalty terms the finance demo cross-collateralises with Harbour Lights'.
 */
export const AGREEMENT_ONLY_DEMO_SONGS = ['Summer Static'] as const;

/**
 * The demo label's work after signing (issue 6): contracts with their PDFs, metadata forms, label
 * copy, assets, a marketing campaign with tasks, and project files on the signed songs named above,
 * each area seeded by its own feature. Runs once: skipped when the label already has a contract.
 */
export async function seedAfterSigningDemo(
  database: Database,
  storage: StorageDriver,
  organizationId: string,
) {
  await database.withOrg(organizationId, async (tx) => {
    const [existing] = await queryRows<{ id: string }>(
      tx,
      sql`select id from contracts where organization_id = ${organizationId} limit 1`,
    );
    if (existing) return;
    const found = await queryRows<{ id: string; title: string; artist: string }>(
      tx,
      sql`select id, title, artist from songs
          where organization_id = ${organizationId} and status = 'signed'`,
    );
    const songs = AFTER_SIGNING_DEMO_SONGS.flatMap((title) => found.filter((s) => s.title === title));
    if (songs.length === 0) return;
    const reviewers = await queryRows<{ id: string; name: string }>(
      tx,
      sql`select id, name from reviewers where organization_id = ${organizationId}
          order by is_admin desc, created_at`,
    );
    const input = { organizationId, songs, reviewers };
    const agreementsOnly = AGREEMENT_ONLY_DEMO_SONGS.flatMap((title) =>
      found.filter((s) => s.title === title),
    );
    await seedContractsDemo(tx, { ...input, agreementsOnly }, storage);
    await seedMetadataFormsDemo(tx, input);
    await seedLabelCopyDemo(tx, input);
    await seedAssetsDemo(tx, input, storage);
    await seedMarketingDemo(tx, input);
    await seedProjectFolderDemo(tx, input, storage);
  });
}
