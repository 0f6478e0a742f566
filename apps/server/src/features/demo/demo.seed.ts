import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { DEMO_SUPPORT_EMAIL } from '../../platform/config.ts';
import type { Database, OwnerScope } from '../../platform/db/index.ts';
import { organizations, reviewers, subscriptionPlans, users } from '../../platform/db/schema.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import { seedCatalogueDemo } from '../catalogue/catalogue.demo.ts';
import { seedDistributionDemo } from '../distribution/distribution.demo.ts';
import { newInviteCode } from '../organizations/organizations.service.ts';
import { seedRoyaltiesDemo } from '../royalties/royalties.demo.ts';
import { seedAfterSigningDemo } from './demo-after-signing.ts';
import { seedDemoSongs } from './demo-songs.ts';

export const DEMO_LABEL = 'Demo Records';
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.test', name: 'Dana Admin', isAdmin: true },
  { email: 'alex@demo.test', name: 'Alex Rivera', isAdmin: false },
  { email: 'sam@demo.test', name: 'Sam Okafor', isAdmin: false },
] as const;

/**
 * The product's own support desk, in an organization of its own: with SUPPORT_EMAILS unset, outside
 * production, this account is support staff (see platform/config.ts) and answers every label's
 * support conversations from /support-inbox.
 */
export const DEMO_SUPPORT_ORGANIZATION = 'Music Review Support';
export const DEMO_SUPPORT_ACCOUNT = {
  email: DEMO_SUPPORT_EMAIL,
  name: 'Music Review Support',
  isAdmin: true,
};

/**
 * Seeds the demo label and its accounts once, and its back catalogue (recordings, releases, works,
 * people and payees: catalogue.demo.ts; payment details sealed when `secrets` is given). With a
 * storage driver also its songs (synthesised audio and waveforms, see demo-songs.ts), which are
 * added on a later start too when missing. With the app's context, the published demo statement's
 * payee gets its link by mail (the dev mailbox when no SMTP is set), as publishing does. Returns
 * whether the label was created now.
 */
export async function seedDemo(
  database: Database,
  storage?: StorageDriver,
  secrets?: SecretBox,
  ctx?: AppContext,
): Promise<boolean> {
  const created = await seedDemoLabel(database);
  await seedSupportDesk(database);
  const [admin] = await database
    .asOwner('the demo label is found by its admin before its organization is known')
    .select({ organizationId: reviewers.organizationId })
    .from(reviewers)
    .where(eq(reviewers.email, DEMO_ACCOUNTS[0].email));
  if (!admin?.organizationId) return created;
  // First, so that the signed songs' metadata and label copy find its people by name.
  await seedCatalogueDemo(database, admin.organizationId, { secrets });
  if (storage) {
    await seedDemoSongs(database, storage, admin.organizationId);
    await seedAfterSigningDemo(database, storage, admin.organizationId);
    await seedDistributionDemo(database, storage, admin.organizationId);
    await seedRoyaltiesDemo(database, storage, admin.organizationId, new Date(), ctx);
  }
  return created;
}

async function seedDemoLabel(database: Database): Promise<boolean> {
  const db = database.global;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS[0].email));
  if (existing) return false;
  const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'Label'));
  if (!plan) throw new Error('The Label plan is missing: migrations did not run');
  const passwordHash = await hash(DEMO_PASSWORD);
  await database.asOwnerTransaction('the demo seed creates its organization', async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ name: DEMO_LABEL, inviteCode: newInviteCode(), subscriptionPlanId: plan.id })
      .returning();
    for (const account of DEMO_ACCOUNTS) await insertAccount(tx, org!.id, account, passwordHash);
  });
  return true;
}

/** The support organization and its account, once (also on a database seeded before it existed). */
async function seedSupportDesk(database: Database) {
  const db = database.global;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_SUPPORT_EMAIL));
  if (existing) return;
  const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'Label'));
  if (!plan) throw new Error('The Label plan is missing: migrations did not run');
  const passwordHash = await hash(DEMO_PASSWORD);
  await database.asOwnerTransaction('the demo seed creates its organization', async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ name: DEMO_SUPPORT_ORGANIZATION, inviteCode: newInviteCode(), subscriptionPlanId: plan.id })
      .returning();
    await insertAccount(tx, org!.id, DEMO_SUPPORT_ACCOUNT, passwordHash);
  });
}

/** A confirmed account with its reviewer record in the organization. */
async function insertAccount(
  tx: OwnerScope,
  organizationId: string,
  account: { email: string; name: string; isAdmin: boolean },
  passwordHash: string,
) {
  const [user] = await tx
    .insert(users)
    .values({
      email: account.email,
      passwordHash,
      userMetadata: { name: account.name, full_name: account.name },
      emailConfirmedAt: new Date(),
    })
    .returning();
  await tx.insert(reviewers).values({
    userId: user!.id,
    name: account.name,
    email: account.email,
    organizationId,
    isAdmin: account.isAdmin,
  });
}
