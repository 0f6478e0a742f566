import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import { organizations, reviewers, subscriptionPlans, users } from '../../platform/db/schema.ts';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import { newInviteCode } from '../organizations/organizations.service.ts';
import { seedDemoSongs } from './demo-songs.ts';

export const DEMO_LABEL = 'Demo Records';
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.test', name: 'Dana Admin', isAdmin: true },
  { email: 'alex@demo.test', name: 'Alex Rivera', isAdmin: false },
  { email: 'sam@demo.test', name: 'Sam Okafor', isAdmin: false },
] as const;

/**
 * Seeds the demo label and its accounts once; with a storage driver also its catalogue of songs
 * (synthesised audio and waveforms, see demo-songs.ts), which is added on a later start too when
 * missing. Returns whether the label was created now.
 */
export async function seedDemo(database: Database, storage?: StorageDriver): Promise<boolean> {
  const created = await seedDemoLabel(database);
  if (storage) {
    const [admin] = await database.db
      .select({ organizationId: reviewers.organizationId })
      .from(reviewers)
      .where(eq(reviewers.email, DEMO_ACCOUNTS[0].email));
    if (admin?.organizationId) await seedDemoSongs(database, storage, admin.organizationId);
  }
  return created;
}

async function seedDemoLabel(database: Database): Promise<boolean> {
  const db = database.db;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS[0].email));
  if (existing) return false;
  const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'Label'));
  if (!plan) throw new Error('The Label plan is missing: migrations did not run');
  const passwordHash = await hash(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ name: DEMO_LABEL, inviteCode: newInviteCode(), subscriptionPlanId: plan.id })
      .returning();
    for (const account of DEMO_ACCOUNTS) {
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
        organizationId: org!.id,
        isAdmin: account.isAdmin,
      });
    }
  });
  return true;
}
