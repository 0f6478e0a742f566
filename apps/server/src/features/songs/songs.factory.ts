// Builders for songs, revisions and reviews, shared by the demo seed (in its organization's
// transaction) and the tests (which build rows as the owner, `asOwner`).
import { eq, sql } from 'drizzle-orm';
import type { OrgTx, OwnerScope } from '../../platform/db/index.ts';
import { reviews, songRevisions, songs } from '../../platform/db/schema.ts';

export async function insertSong(
  db: OrgTx | OwnerScope,
  values: {
    id?: string;
    organizationId: string;
    title: string;
    artist: string;
    submittedAt?: Date;
    status?: string;
    submissionSource?: string | null;
    audioFileKey?: string | null;
    waveformFileKey?: string | null;
    createdBy?: string | null;
  },
) {
  const [row] = await db
    .insert(songs)
    .values({
      ...(values.id ? { id: values.id } : {}),
      organizationId: values.organizationId,
      title: values.title,
      artist: values.artist,
      submittedAt: values.submittedAt ?? new Date(),
      status: values.status ?? 'pending',
      submissionSource: values.submissionSource ?? null,
      audioFileKey: values.audioFileKey ?? null,
      waveformFileKey: values.waveformFileKey ?? null,
      createdBy: values.createdBy ?? null,
    })
    .returning();
  return row!;
}

/** Adds a new current version: earlier revisions stop being current, the song's number goes up. */
export async function insertRevision(
  db: OrgTx | OwnerScope,
  values: {
    organizationId: string;
    songId: string;
    versionNumber: number;
    audioFileKey?: string | null;
    waveformFileKey?: string | null;
  },
) {
  await db
    .update(songRevisions)
    .set({ isCurrentVersion: false })
    .where(eq(songRevisions.songId, values.songId));
  const [row] = await db
    .insert(songRevisions)
    .values({
      organizationId: values.organizationId,
      songId: values.songId,
      versionNumber: values.versionNumber,
      audioFileKey: values.audioFileKey ?? null,
      waveformFileKey: values.waveformFileKey ?? null,
      isCurrentVersion: true,
    })
    .returning();
  await db
    .update(songs)
    .set({ currentVersionNumber: values.versionNumber, hasRevisions: sql`true` })
    .where(eq(songs.id, values.songId));
  return row!;
}

export async function insertReview(
  db: OrgTx | OwnerScope,
  values: {
    organizationId: string;
    songId: string;
    reviewerId: string;
    scores: [number, number, number];
    version?: number;
    comment?: string | null;
    /** A "Mark as useless" review: give scores [0, 0, 0] with it. */
    isUseless?: boolean;
  },
) {
  const [row] = await db
    .insert(reviews)
    .values({
      organizationId: values.organizationId,
      songId: values.songId,
      reviewerId: values.reviewerId,
      musicalScore: values.scores[0],
      artistScore: values.scores[1],
      overallScore: values.scores[2],
      songVersionNumber: values.version ?? 1,
      comment: values.comment ?? null,
      isUseless: values.isUseless ?? false,
    })
    .returning();
  return row!;
}
