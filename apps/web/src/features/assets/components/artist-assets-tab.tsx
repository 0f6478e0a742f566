import { useSongAssets } from '../api/get-song-assets';
import { AssetsGrid } from './assets-grid';

/** The signed song's artist assets tab (issue 6): press photos, bio and logos. */
export function ArtistAssetsTab({ songId }: { songId: string }) {
  const query = useSongAssets(songId);
  return <AssetsGrid songId={songId} scope="artist" query={query} />;
}
