import { insertSong } from '../features/songs/songs.factory.ts';
import type { TestServer } from './harness.ts';

/** A signed song of a label, inserted in the label's scope. */
export function insertSignedSong(
  server: TestServer,
  organizationId: string,
  song: { title: string; artist: string },
) {
  return server.database.withOrg(organizationId, (tx) =>
    insertSong(tx, { organizationId, ...song, status: 'signed' }),
  );
}
