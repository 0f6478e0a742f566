import { type LabelCopyData, labelCopyDataSchema } from '@music-review/core/label-copy';
import type { OrgTx } from '../../platform/db/index.ts';
import { syncLabelCopy } from '../catalogue/catalogue-sync.service.ts';
import * as repo from './label-copy.repo.ts';

/**
 * Demo label copies for the demo label's signed songs: the first one complete and final (a valid
 * UPC, ISRCs, credits, writers), the second a draft the artist still has to fill in. Songs that
 * already have a label copy are left alone. Each is written into the catalogue (the song's release
 * and recording) as when the label saves one.
 */
export async function seedLabelCopyDemo(
  tx: OrgTx,
  input: {
    organizationId: string;
    songs: { id: string; title: string; artist: string }[];
    reviewers: { id: string; name: string }[];
  },
) {
  const [first, second] = input.songs;
  const year = new Date().getUTCFullYear();
  const created: string[] = [];
  const reviewerId = input.reviewers[0]?.id ?? null;
  const intoCatalogue = async (id: string, songId: string, data: LabelCopyData) =>
    repo.updateData(
      tx,
      input.organizationId,
      id,
      await syncLabelCopy(tx, { organizationId: input.organizationId, songId, data, reviewerId }),
    );
  if (first) {
    const data = labelCopyDataSchema.parse({
      release_title: first.title,
      primary_artist: first.artist,
      label: 'Demo Records',
      catalogue_number: 'DEMO001',
      upc: '036000291452',
      release_date: `${year}-09-12`,
      original_release_date: `${year}-09-12`,
      genre: 'Indie pop',
      worldwide: true,
      p_line: { year, owner: 'Demo Records' },
      c_line: { year, owner: 'Demo Publishing' },
      credits: {
        producer: 'Sam Reed',
        engineer: 'Lena Fischer',
        mixer: 'Marco Díaz',
        mastering_engineer: 'Akiko Sato',
        performers: [
          { name: first.artist, role: 'Lead vocals' },
          { name: 'Jonas Berg', role: 'Bass guitar' },
          { name: 'Priya Shah', role: 'Drums' },
        ],
      },
      tracks: [
        {
          title: first.title,
          artists: first.artist,
          isrc: `GBDMO${String(year % 100).padStart(2, '0')}00001`,
          duration_seconds: 214,
          explicit: false,
        },
        {
          title: first.title,
          version: 'Instrumental',
          artists: first.artist,
          isrc: `GBDMO${String(year % 100).padStart(2, '0')}00002`,
          duration_seconds: 214,
          explicit: false,
        },
      ],
      writers: [
        { name: first.artist, role: 'composer_lyricist', pro: 'PRS', ipi: '00052210040', share: 50 },
        { name: 'Sam Reed', role: 'composer', pro: 'ASCAP', ipi: '00114568233', share: 50 },
      ],
      publishers: [{ name: 'Demo Publishing', pro: 'PRS', ipi: '00398120471', share: 100 }],
    });
    const id = await repo.insertLabelCopy(tx, {
      organizationId: input.organizationId,
      songId: first.id,
      data,
      status: 'final',
    });
    if (id) {
      await intoCatalogue(id, first.id, data);
      await repo.setStatus(tx, input.organizationId, id, 'final');
      created.push(id);
    }
  }
  if (second) {
    const data = labelCopyDataSchema.parse({
      release_title: second.title,
      primary_artist: second.artist,
      label: 'Demo Records',
      genre: 'Electronic',
      worldwide: false,
      territories: ['GB', 'IE', 'DE', 'FR'],
      p_line: { year, owner: 'Demo Records' },
      credits: { producer: input.reviewers[0]?.name ?? '' },
      tracks: [{ title: second.title, artists: second.artist, explicit: true }],
    });
    const id = await repo.insertLabelCopy(tx, {
      organizationId: input.organizationId,
      songId: second.id,
      data,
    });
    if (id) {
      await intoCatalogue(id, second.id, data);
      created.push(id);
    }
  }
  return created;
}
