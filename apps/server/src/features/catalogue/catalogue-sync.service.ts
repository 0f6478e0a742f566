/**
 * The catalogue's side of a signed song, as other features use it (decision 0025, "One source of
 * truth for signed songs"): signing makes the recording (songs), confirming a metadata form writes
 * into the recording, its work and parties (metadata-forms), and a label copy reads from and writes
 * to the song's release and recording (label-copy). Each runs in the caller's `withOrg` transaction.
 * The rules live in catalogue.sync.ts.
 */
export {
  type CatalogueSnapshot,
  catalogueIsrcOfSong,
  type LabelCopyView,
  type MetadataSyncResult,
  newLabelCopy,
  readLabelCopy,
  recordSignedSongs,
  type StoredLabelCopy,
  syncConfirmedMetadata,
  syncLabelCopy,
} from './catalogue.sync.ts';
