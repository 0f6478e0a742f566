// The input of buildErn (ern-build.ts): one release as the DDEX ERN 4.3 NewReleaseMessage needs it,
// already read from the catalogue. Plain data, no database types, so the builder stays a pure function.

/**
 * `new` and `update` build the same full message (ERN 4 has no update flag: a resend of the same
 * release ids replaces what the recipient holds); `takedown` ends every deal.
 */
export type ErnMessageKind = 'new' | 'update' | 'takedown';

/** A person or company named in the message. Parties equal in all three fields are sent once. */
export interface ErnParty {
  name: string;
  /** 16 characters; spaces are dropped. */
  isni?: string | null;
  /** IPI name number, 9 to 11 digits; sent padded to 11 with leading zeros. */
  ipi?: string | null;
}

export interface ErnFile {
  /** The file's name inside the delivery's `resources/` folder. */
  fileName: string;
  /** Lower-case hex MD5 of the file's bytes. */
  md5: string;
  bytes: number;
}

export interface ErnAudioFile extends ErnFile {
  codec: 'WAV' | 'FLAC' | 'AIFF';
  channels: number;
  /** In Hz (44100); sent in kHz (44.1). */
  sampleRate: number;
  bitDepth: number;
}

export interface ErnImageFile extends ErnFile {
  mime: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

/** A copyright line: sent as "<year> <owner>" with the owner as the company. */
export interface ErnRightsLine {
  year: number;
  owner: string;
}

export type ErnTrackArtistRole = 'primary' | 'featured' | 'remixer';
export type ErnContributorRole = 'composer' | 'lyricist' | 'composer_lyricist' | 'arranger' | 'producer';

export interface ErnTrack {
  /** Disc and position on it, both from 1; tracks are sent in this order. */
  disc: number;
  number: number;
  isrc: string;
  title: string;
  /** "Radio Edit", "Live", ...: a subtitle of the display title. */
  version: string | null;
  displayArtist: string;
  /** With no primary artist, the track's display artist is sent as its main artist. */
  artists: { party: ErnParty; role: ErnTrackArtistRole }[];
  contributors: { party: ErnParty; role: ErnContributorRole }[];
  durationSeconds: number;
  explicit: boolean;
  /** ISO 639 code ("en", "ja") or null when unknown. */
  language: string | null;
  /** Null: the release's genre. */
  genre: string | null;
  subgenre: string | null;
  /** Null: the release's P-line. */
  pLine: ErnRightsLine | null;
  audio: ErnAudioFile;
}

/**
 * Where the deals apply. The XSD allows a list of territories or a list of exclusions, never both;
 * this type cannot express both (the other keys are `never`).
 */
export type ErnTerritories =
  | { worldwide: true; include?: never; excludeFromWorldwide?: never }
  /** ISO 3166-1 alpha-2 codes. */
  | { include: string[]; worldwide?: never; excludeFromWorldwide?: never }
  /** Everywhere except these ISO 3166-1 alpha-2 codes. */
  | { excludeFromWorldwide: string[]; worldwide?: never; include?: never };

export interface ErnRelease {
  title: string;
  version: string | null;
  displayArtist: string;
  /** A compilation is sent as an Album marked as a multi-artist compilation. */
  type: 'single' | 'ep' | 'album' | 'compilation';
  /** UPC (12 digits) or EAN (13 digits): the release's ICPN. */
  upc: string;
  catalogueNumber: string | null;
  labelName: string;
  /** YYYY-MM-DD */
  releaseDate: string;
  /** YYYY-MM-DD */
  originalReleaseDate: string | null;
  pLine: ErnRightsLine | null;
  cLine: ErnRightsLine | null;
  /** The XSD requires a genre on every release; check it before building. */
  genre: string;
  subgenre: string | null;
  /** With none, the release's display artist is sent as its main artist. */
  artists: { party: ErnParty; role: 'primary' | 'featured' }[];
  artwork: ErnImageFile;
}

export interface ErnDeal {
  territories: ErnTerritories;
  /** YYYY-MM-DD: streams and downloads open. */
  startDate: string;
  /** YYYY-MM-DD before startDate: the release can be bought ahead (a pre-order deal up to the day before). */
  preOrderDate: string | null;
  /** For a takedown: when the deals end (the message's creation time when absent). */
  takedownAt?: Date;
}

export interface ErnInput {
  kind: ErnMessageKind;
  messageId: string;
  threadId: string;
  createdAt: Date;
  /** A TestMessage: the recipient checks it and publishes nothing. */
  test?: boolean;
  /** DPID: "PADPIDA" and letters or digits. */
  sender: { dpid: string; name: string };
  recipient: { dpid: string; name: string };
  release: ErnRelease;
  /** At least one. */
  tracks: ErnTrack[];
  deal: ErnDeal;
}
