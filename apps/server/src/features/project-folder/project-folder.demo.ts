import type { OrgTx } from '../../platform/db/index.ts';
import { PdfWriter } from '../../platform/pdf/pdf-writer.ts';
import { recordStorageUsage } from '../../platform/plans/storage-quota.ts';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import { buildKey } from '../../platform/storage/keys.ts';
import { makePng, makeWavWith } from '../../platform/storage/test-media.ts';
import type { DemoInput } from '../assets/assets.demo.ts';
import { insertFile, insertFolder } from './project-folder.repo.ts';

/**
 * A small project folder for the first signed song: "Mixes" (a rough mix WAV), "Artwork drafts"
 * (a PNG) and a session-notes PDF at the top. Needs the storage driver, like seedAssetsDemo.
 */
export async function seedProjectFolderDemo(tx: OrgTx, input: DemoInput, storage?: StorageDriver) {
  const song = input.songs[0];
  const reviewer = input.reviewers[0];
  if (!storage || !song || !reviewer) return;
  const { organizationId } = input;
  const mixes = await insertFolder(tx, {
    organizationId,
    songId: song.id,
    parentId: null,
    name: 'Mixes',
    createdBy: reviewer.id,
  });
  const drafts = await insertFolder(tx, {
    organizationId,
    songId: song.id,
    parentId: null,
    name: 'Artwork drafts',
    createdBy: reviewer.id,
  });
  const pdf = await PdfWriter.create({ title: `${song.title}: session notes` });
  pdf.heading(`${song.title}: session notes`, 1);
  pdf.paragraph(`Artist: ${song.artist}. Vocals tracked in two takes; take 3 of the bridge is the keeper.`);
  pdf.paragraph(
    'Mix notes: lift the lead vocal 1 dB in the last chorus, shorten the reverb tail on the snare.',
  );
  const files = [
    {
      folderId: mixes.id,
      name: 'Rough mix v2.wav',
      type: 'audio/wav',
      body: makeWavWith({ channels: 1, frames: 22_050 }),
    },
    { folderId: drafts.id, name: 'Cover draft.png', type: 'image/png', body: makePng(600, 600) },
    {
      folderId: null,
      name: 'Session notes.pdf',
      type: 'application/pdf',
      body: Buffer.from(await pdf.toBytes()),
    },
  ];
  for (const [i, file] of files.entries()) {
    const key = buildKey(organizationId, 'files', `${song.id}_demo${i}`, file.name);
    await storage.put(key, file.body, { contentType: file.type });
    await insertFile(tx, {
      organizationId,
      songId: song.id,
      folderId: file.folderId,
      name: file.name,
      fileKey: key,
      contentType: file.type,
      sizeBytes: file.body.length,
      uploadedBy: reviewer.id,
    });
    await recordStorageUsage(tx, organizationId, key, file.body.length, 'project_file');
  }
}
