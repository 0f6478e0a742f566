import { emptyMetadataDraft, type MetadataFormData } from '@music-review/core/metadata-forms';
import { sql } from 'drizzle-orm';
import type { OrgTx } from '../../platform/db/index.ts';
import { syncConfirmedMetadata } from '../catalogue/catalogue-sync.service.ts';
import * as repo from './metadata-forms.repo.ts';

interface DemoInput {
  organizationId: string;
  songs: { id: string; title: string; artist: string }[];
  reviewers: { id: string; name: string }[];
}

/** A finished form's data for a demo song: realistic codes (valid ISRC/ISWC check digits) and splits. */
function completeData(song: { title: string; artist: string }, n: number): MetadataFormData {
  return {
    title: song.title,
    version: '',
    primary_artists: [song.artist],
    featured_artists: n === 1 ? ['Juno Vale'] : [],
    remixers: [],
    writers: [
      { name: song.artist, role: 'composer_lyricist', pro: 'PRS', ipi: '00052210040', share: 60 },
      { name: 'Sam Ortiz', role: 'composer', pro: 'ASCAP', ipi: '00614553212', share: 40 },
    ],
    publishers: [{ name: 'Dome Publishing', pro: 'PRS', ipi: '00281234567', share: 100 }],
    isrc: `GBDMR26${String(n).padStart(5, '0')}`,
    iswc: n === 0 ? 'T0345246801' : '',
    genre: n === 0 ? 'Synth-pop' : 'Indie rock',
    language: 'en',
    explicit: false,
    bpm: n === 0 ? 118 : 96,
    key: n === 0 ? 'A minor' : 'E major',
    lyrics: '',
  };
}

/**
 * The demo's metadata forms: confirmed on the first signed song, submitted on the second and a draft
 * on the third (when there are that many). No links are issued: the label makes one when it wants
 * to send a form.
 */
export async function seedMetadataFormsDemo(tx: OrgTx, input: DemoInput) {
  const [first, second, third] = input.songs;
  const createdBy = input.reviewers[0]?.id;
  if (!createdBy) return;
  const { organizationId } = input;
  if (first) {
    const data = completeData(first, 0);
    const id = await repo.insertForm(tx, { organizationId, songId: first.id, data, createdBy });
    await tx.execute(
      sql`update metadata_forms set status = 'confirmed', submitted_at = now() - interval '3 days',
            confirmed_at = now() - interval '2 days', confirmed_by = ${createdBy},
            updated_at = now() - interval '2 days'
          where organization_id = ${organizationId} and id = ${id}`,
    );
    // Confirmed: the catalogue holds its data, as when the label confirms a form.
    await syncConfirmedMetadata(tx, { organizationId, songId: first.id, data, reviewerId: createdBy });
  }
  if (second) {
    const id = await repo.insertForm(tx, {
      organizationId,
      songId: second.id,
      data: completeData(second, 1),
      createdBy,
    });
    await tx.execute(
      sql`update metadata_forms set status = 'submitted', submitted_at = now() - interval '5 hours',
            updated_at = now() - interval '5 hours'
          where organization_id = ${organizationId} and id = ${id}`,
    );
  }
  if (third) {
    await repo.insertForm(tx, {
      organizationId,
      songId: third.id,
      data: { ...emptyMetadataDraft(third), genre: 'Electronic', isrc: 'GB-DMR-26' },
      createdBy,
    });
  }
}
