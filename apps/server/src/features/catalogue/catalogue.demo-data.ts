import type {
  PartyRole,
  PartyType,
  PaymentMethod,
  RecordingArtistRole,
  ReleaseStatus,
  ReleaseType,
} from '@music-review/core/catalogue';
import type { WriterRole } from '@music-review/core/metadata-forms';

/**
 * The demo label's back catalogue (issue 14): people, payees, works and releases from 2019 to 2026,
 * written out so every start seeds the same thing. Codes are built in catalogue.demo.ts with their
 * check digits. A few things are wrong on purpose, each marked "Deliberate", for "Needs attention"
 * to show: one ISRC on two recordings (DMR001), a near-duplicate recording (DEMO_LOOSE_RECORDING), a
 * release with a track missing its ISRC (DMR010), a writer without IPI or PRO (Jonah Reyes), a work
 * whose shares total 90% (Lanterns), two recordings without master splits (Spiegel and the loose one).
 */

export const DEMO_ISRC_PREFIX = 'QZDMR';
/** The first code of the UPC range the label "bought", without its check digit (UPC-A, 11 digits). */
export const DEMO_UPC_FIRST = '84097700100';
export const DEMO_UPC_COUNT = 50;
export const DEMO_LABEL_NAME = 'Demo Records';
export const DEMO_PUBLISHER = 'Demo Records Publishing';

export interface DemoPayee {
  name: string;
  email: string;
  currency: string;
  taxId: string | null;
  method: PaymentMethod;
  /** Sealed with the data key when the seed has it (payment details are encrypted at rest). */
  details: string;
  minimumPayoutMinor: number;
}

export const DEMO_PAYEES: DemoPayee[] = [
  {
    name: 'Demo Records Ltd',
    email: 'accounts@demo.test',
    currency: 'GBP',
    taxId: 'GB123456789',
    method: 'bank_transfer',
    details: 'IBAN GB29 NWBK 6016 1331 9268 19, BIC NWBKGB2L',
    minimumPayoutMinor: 0,
  },
  {
    name: 'Laura Venn',
    email: 'laura@lumenvale.test',
    currency: 'GBP',
    taxId: null,
    method: 'bank_transfer',
    details: 'IBAN GB82 WEST 1234 5698 7654 32, BIC WESTGB22',
    minimumPayoutMinor: 5000,
  },
  {
    name: 'Kite Club LLP',
    email: 'money@kiteclub.test',
    currency: 'GBP',
    taxId: 'GB987654321',
    method: 'paypal',
    details: 'payments@kiteclub.test',
    minimumPayoutMinor: 2500,
  },
  {
    name: 'Marlow Music Ltd',
    email: 'office@marlow.test',
    currency: 'GBP',
    taxId: 'GB555123777',
    method: 'bank_transfer',
    details: 'Sort code 20-00-00, account 55779911',
    minimumPayoutMinor: 5000,
  },
  {
    name: '山田 花子',
    email: 'hanako@yamada.test',
    currency: 'JPY',
    taxId: null,
    method: 'bank_transfer',
    details: 'Mizuho Bank, Shibuya branch (210), ordinary account 1234567',
    minimumPayoutMinor: 500000,
  },
  {
    name: 'Static Hearts Partnership',
    email: 'band@staticheart.test',
    currency: 'EUR',
    taxId: 'DE811907980',
    method: 'bank_transfer',
    details: 'IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX',
    minimumPayoutMinor: 5000,
  },
  {
    name: 'Aiko Brandt',
    email: 'aiko@brandt.test',
    currency: 'EUR',
    taxId: null,
    method: 'paypal',
    details: 'aiko.brandt@paypal.test',
    minimumPayoutMinor: 1000,
  },
  {
    name: 'Juno Park',
    email: 'juno@junopark.test',
    currency: 'USD',
    taxId: null,
    method: 'other',
    details: 'ACH routing 021000021, account 000123456789',
    minimumPayoutMinor: 2000,
  },
];

export interface DemoParty {
  name: string;
  type: PartyType;
  roles: PartyRole[];
  aliases?: string[];
  legalName?: string;
  ipi?: string;
  pro?: string;
  proMemberNumber?: string;
  isni?: string;
  country?: string;
  email?: string;
  /** The payee (by name) this party is paid through. */
  payee?: string;
}

export const DEMO_PARTIES: DemoParty[] = [
  {
    name: 'Lumen Vale',
    type: 'person',
    roles: ['artist', 'writer'],
    aliases: ['Lumen'],
    legalName: 'Laura Venn',
    ipi: '00052210040',
    pro: 'PRS',
    proMemberNumber: 'PRS-448120',
    isni: '000000012146438X',
    country: 'GB',
    email: 'laura@lumenvale.test',
    payee: 'Laura Venn',
  },
  {
    name: 'Kite Club',
    type: 'group',
    roles: ['artist'],
    country: 'GB',
    email: 'hello@kiteclub.test',
    payee: 'Kite Club LLP',
  },
  {
    name: 'Marlow',
    type: 'person',
    roles: ['artist', 'writer'],
    legalName: 'Thomas Marlow',
    ipi: '00745120988',
    pro: 'PRS',
    country: 'GB',
    payee: 'Marlow Music Ltd',
  },
  {
    name: '山田 花子',
    type: 'person',
    roles: ['artist', 'writer'],
    aliases: ['Hanako Yamada'],
    legalName: '山田 花子',
    ipi: '00623419870',
    pro: 'JASRAC',
    country: 'JP',
    email: 'hanako@yamada.test',
    payee: '山田 花子',
  },
  {
    name: 'The Static Hearts',
    type: 'group',
    roles: ['artist'],
    aliases: ['Static Hearts'],
    country: 'DE',
    payee: 'Static Hearts Partnership',
  },
  {
    name: 'Aiko Brandt',
    type: 'person',
    roles: ['artist', 'writer'],
    ipi: '00512873641',
    pro: 'GEMA',
    country: 'DE',
    payee: 'Aiko Brandt',
  },
  {
    name: 'Juno Park',
    type: 'person',
    roles: ['artist', 'writer'],
    legalName: 'Park Ju-no',
    ipi: '00829341156',
    pro: 'KOMCA',
    country: 'KR',
    payee: 'Juno Park',
  },
  { name: 'DJ Ferro', type: 'person', roles: ['artist'], legalName: 'Matteo Ferrari', country: 'IT' },
  { name: 'Marco Díaz', type: 'person', roles: ['artist'], country: 'ES' },
  { name: 'Tom Ashby', type: 'person', roles: ['writer'], ipi: '00339127485', pro: 'PRS', country: 'GB' },
  { name: 'Mara Quist', type: 'person', roles: ['writer'], ipi: '00471902356', pro: 'STIM', country: 'SE' },
  {
    name: 'Félix Moreau',
    type: 'person',
    roles: ['writer'],
    ipi: '00258813397',
    pro: 'SACEM',
    country: 'FR',
  },
  {
    name: 'Elena Sandoval',
    type: 'person',
    roles: ['writer'],
    ipi: '00187264519',
    pro: 'SGAE',
    country: 'ES',
  },
  // Deliberately incomplete: a writer without IPI or PRO ("Needs attention").
  { name: 'Jonah Reyes', type: 'person', roles: ['writer'], country: 'US' },
  { name: 'Nadia Okafor', type: 'person', roles: ['producer'], country: 'GB' },
  { name: 'Sam Reed', type: 'person', roles: ['producer'], country: 'GB' },
  {
    name: 'Priya Shah',
    type: 'person',
    roles: ['producer', 'artist', 'writer'],
    ipi: '00634512789',
    pro: 'IPRS',
    country: 'IN',
  },
  {
    name: DEMO_PUBLISHER,
    type: 'company',
    roles: ['publisher'],
    ipi: '00398120471',
    pro: 'PRS',
    country: 'GB',
  },
  {
    name: 'Northern Lights Music',
    type: 'company',
    roles: ['publisher'],
    ipi: '00276519034',
    pro: 'STIM',
    country: 'SE',
  },
  {
    name: 'Sakura Songs KK',
    type: 'company',
    roles: ['publisher'],
    ipi: '00901234567',
    pro: 'JASRAC',
    country: 'JP',
  },
];

export interface DemoWriter {
  party: string;
  role: WriterRole;
  share: number;
  publisher?: string;
}

/** Writer splits by composer team; each work names its team (and the odd one its own list). */
const TEAMS = {
  lumen: [
    { party: 'Lumen Vale', role: 'composer_lyricist', share: 60, publisher: DEMO_PUBLISHER },
    { party: 'Tom Ashby', role: 'composer', share: 40, publisher: 'Northern Lights Music' },
  ],
  kite: [
    { party: 'Mara Quist', role: 'lyricist', share: 50, publisher: 'Northern Lights Music' },
    { party: 'Félix Moreau', role: 'composer', share: 50, publisher: DEMO_PUBLISHER },
  ],
  marlow: [{ party: 'Marlow', role: 'composer', share: 100, publisher: DEMO_PUBLISHER }],
  hanako: [
    { party: '山田 花子', role: 'composer_lyricist', share: 70, publisher: 'Sakura Songs KK' },
    { party: 'Elena Sandoval', role: 'composer', share: 30, publisher: DEMO_PUBLISHER },
  ],
  static: [
    { party: 'Félix Moreau', role: 'composer', share: 50, publisher: DEMO_PUBLISHER },
    { party: 'Tom Ashby', role: 'lyricist', share: 50, publisher: 'Northern Lights Music' },
  ],
  aiko: [
    { party: 'Aiko Brandt', role: 'composer_lyricist', share: 60, publisher: DEMO_PUBLISHER },
    { party: 'Elena Sandoval', role: 'composer', share: 40, publisher: DEMO_PUBLISHER },
  ],
  juno: [
    { party: 'Juno Park', role: 'composer_lyricist', share: 50, publisher: DEMO_PUBLISHER },
    { party: 'Mara Quist', role: 'composer', share: 50, publisher: 'Northern Lights Music' },
  ],
} satisfies Record<string, DemoWriter[]>;

/** Master splits by artist: the artist's payee and the label (percent, each list totals 100). */
const MASTER = {
  lumen: [
    { payee: 'Laura Venn', share: 50 },
    { payee: 'Demo Records Ltd', share: 50 },
  ],
  kite: [
    { payee: 'Kite Club LLP', share: 45 },
    { payee: 'Demo Records Ltd', share: 55 },
  ],
  marlow: [
    { payee: 'Marlow Music Ltd', share: 50 },
    { payee: 'Demo Records Ltd', share: 50 },
  ],
  hanako: [
    { payee: '山田 花子', share: 50 },
    { payee: 'Demo Records Ltd', share: 50 },
  ],
  static: [
    { payee: 'Static Hearts Partnership', share: 40 },
    { payee: 'Demo Records Ltd', share: 60 },
  ],
  aiko: [
    { payee: 'Aiko Brandt', share: 33.33 },
    { payee: 'Demo Records Ltd', share: 66.67 },
  ],
  juno: [
    { payee: 'Juno Park', share: 50 },
    { payee: 'Demo Records Ltd', share: 50 },
  ],
} satisfies Record<string, { payee: string; share: number }[]>;
type Team = keyof typeof TEAMS;

export interface DemoRecording {
  title: string;
  version?: string;
  seconds: number;
  /** The composition: its title (several recordings may share one). */
  work: string;
  explicit?: boolean;
  bpm?: number;
  key?: string;
  /** Who is credited besides the release's primary artists. */
  credits?: { party: string; role: RecordingArtistRole }[];
  /** Overrides of the release's defaults. */
  language?: string;
  displayArtist?: string;
  masterSplit?: { payee: string; share: number }[] | null;
  /** 'missing': no ISRC; 'same-as-previous': the previous track's ISRC (a deliberate conflict). */
  isrc?: 'missing' | 'same-as-previous';
}

export interface DemoRelease {
  catalogueNumber: string;
  title: string;
  type: ReleaseType;
  status: ReleaseStatus;
  /** YYYY-MM-DD, or null for a draft not yet dated. */
  date: string | null;
  /** The year its recordings were made (ISRCs take it). */
  year: number;
  artist: string;
  /** Primary artists (parties), in order. */
  primary: string[];
  team: Team;
  genre: string;
  subgenre?: string;
  language: string;
  tracks: DemoRecording[];
}

export const DEMO_RELEASES: DemoRelease[] = [
  {
    catalogueNumber: 'DMR001',
    title: 'Northern Static',
    type: 'single',
    status: 'released',
    date: '2019-03-15',
    year: 2019,
    artist: 'Lumen Vale',
    primary: ['Lumen Vale'],
    team: 'lumen',
    genre: 'Pop',
    subgenre: 'Synth-pop',
    language: 'en',
    tracks: [
      { title: 'Northern Static', seconds: 214, work: 'Northern Static', bpm: 118, key: 'A minor' },
      // Deliberate: the radio edit was delivered with the original's ISRC.
      {
        title: 'Northern Static',
        version: 'Radio Edit',
        seconds: 188,
        work: 'Northern Static',
        bpm: 118,
        key: 'A minor',
        isrc: 'same-as-previous',
      },
    ],
  },
  {
    catalogueNumber: 'DMR002',
    title: 'Paper Planes',
    type: 'ep',
    status: 'released',
    date: '2019-10-04',
    year: 2019,
    artist: 'Kite Club',
    primary: ['Kite Club'],
    team: 'kite',
    genre: 'Alternative',
    subgenre: 'Indie rock',
    language: 'en',
    tracks: [
      { title: 'Paper Planes', seconds: 201, work: 'Paper Planes', bpm: 132, key: 'D major' },
      {
        title: 'Sunday Static',
        seconds: 176,
        work: 'Sunday Static',
        displayArtist: 'Kite Club feat. Marco Díaz',
        credits: [{ party: 'Marco Díaz', role: 'featured' }],
      },
      { title: 'Low Ceilings', seconds: 233, work: 'Low Ceilings', explicit: true },
      { title: 'Fire Escape', seconds: 195, work: 'Fire Escape', bpm: 140 },
    ],
  },
  {
    catalogueNumber: 'DMR003',
    title: 'Slow Water',
    type: 'single',
    status: 'released',
    date: '2020-05-22',
    year: 2020,
    artist: 'Marlow',
    primary: ['Marlow'],
    team: 'marlow',
    genre: 'Electronic',
    subgenre: 'Ambient',
    language: 'zxx',
    tracks: [
      { title: 'Slow Water', seconds: 262, work: 'Slow Water', bpm: 72, key: 'E minor' },
      {
        title: 'Slow Water',
        version: 'Instrumental',
        seconds: 259,
        work: 'Slow Water',
        bpm: 72,
        key: 'E minor',
      },
    ],
  },
  {
    catalogueNumber: 'DMR004',
    title: '夜明けの歌',
    type: 'single',
    status: 'released',
    date: '2020-11-13',
    year: 2020,
    artist: '山田 花子',
    primary: ['山田 花子'],
    team: 'hanako',
    genre: 'Pop',
    subgenre: 'J-pop',
    language: 'ja',
    tracks: [
      { title: '夜明けの歌', seconds: 241, work: '夜明けの歌', bpm: 96, key: 'F major' },
      { title: '夜明けの歌', version: 'Acoustic', seconds: 225, work: '夜明けの歌', bpm: 92 },
    ],
  },
  {
    catalogueNumber: 'DMR005',
    title: 'Runaway Signals',
    type: 'album',
    status: 'released',
    date: '2021-06-18',
    year: 2021,
    artist: 'The Static Hearts',
    primary: ['The Static Hearts'],
    team: 'static',
    genre: 'Rock',
    subgenre: 'Alternative rock',
    language: 'en',
    tracks: [
      { title: 'Runaway Signals', seconds: 208, work: 'Runaway Signals', bpm: 128 },
      { title: 'Copper Wire', seconds: 187, work: 'Copper Wire', bpm: 124 },
      { title: 'Tin Can Telephone', seconds: 222, work: 'Tin Can Telephone' },
      { title: 'Last Bus Home', seconds: 199, work: 'Last Bus Home' },
      { title: 'Overpass', seconds: 245, work: 'Overpass' },
      { title: 'Radio Silence', seconds: 176, work: 'Radio Silence' },
      { title: 'Teeth', seconds: 161, work: 'Teeth', explicit: true },
      { title: 'Neon Psalm', seconds: 230, work: 'Neon Psalm' },
      { title: 'Satellite Hearts', seconds: 214, work: 'Satellite Hearts' },
    ],
  },
  {
    catalogueNumber: 'DMR006',
    title: 'Glasshaus',
    type: 'ep',
    status: 'released',
    date: '2022-02-25',
    year: 2022,
    artist: 'Aiko Brandt',
    primary: ['Aiko Brandt'],
    team: 'aiko',
    genre: 'Electronic',
    subgenre: 'Deep house',
    language: 'de',
    tracks: [
      { title: 'Glasshaus', seconds: 243, work: 'Glasshaus', bpm: 122, key: 'G minor' },
      { title: 'Kaltes Licht', seconds: 218, work: 'Kaltes Licht', bpm: 120 },
      { title: 'Berlin, 4 Uhr', seconds: 267, work: 'Berlin, 4 Uhr', bpm: 124 },
      // Deliberate: no master split yet.
      { title: 'Spiegel', seconds: 229, work: 'Spiegel', bpm: 118, masterSplit: null },
    ],
  },
  {
    catalogueNumber: 'DMR007',
    title: 'Copper Wire',
    type: 'single',
    status: 'released',
    date: '2022-09-09',
    year: 2022,
    artist: 'The Static Hearts',
    primary: ['The Static Hearts'],
    team: 'static',
    genre: 'Electronic',
    subgenre: 'Techno',
    language: 'en',
    tracks: [
      {
        title: 'Copper Wire',
        version: 'DJ Ferro Remix',
        seconds: 312,
        work: 'Copper Wire',
        bpm: 130,
        credits: [{ party: 'DJ Ferro', role: 'remixer' }],
        masterSplit: [
          { payee: 'Static Hearts Partnership', share: 35 },
          { payee: 'Demo Records Ltd', share: 65 },
        ],
      },
    ],
  },
  {
    catalogueNumber: 'DMR008',
    title: 'Midnight Ferry',
    type: 'single',
    status: 'released',
    date: '2023-04-07',
    year: 2023,
    artist: 'Lumen Vale feat. Juno Park',
    primary: ['Lumen Vale'],
    team: 'lumen',
    genre: 'Pop',
    subgenre: 'Synth-pop',
    language: 'en',
    tracks: [
      {
        title: 'Midnight Ferry',
        seconds: 205,
        work: 'Midnight Ferry',
        bpm: 110,
        key: 'C major',
        credits: [{ party: 'Juno Park', role: 'featured' }],
        masterSplit: [
          { payee: 'Laura Venn', share: 40 },
          { payee: 'Juno Park', share: 10 },
          { payee: 'Demo Records Ltd', share: 50 },
        ],
      },
    ],
  },
  {
    catalogueNumber: 'DMR009',
    title: 'Harbourline',
    type: 'album',
    status: 'released',
    date: '2024-05-17',
    year: 2024,
    artist: 'Lumen Vale',
    primary: ['Lumen Vale'],
    team: 'lumen',
    genre: 'Pop',
    subgenre: 'Dream pop',
    language: 'en',
    tracks: [
      { title: 'Harbourline', seconds: 221, work: 'Harbourline', bpm: 104 },
      { title: 'Tidewater', seconds: 198, work: 'Tidewater' },
      { title: 'Gulls Over Leith', seconds: 184, work: 'Gulls Over Leith' },
      { title: 'Lanterns', seconds: 236, work: 'Lanterns' },
      { title: 'Salt & Ivory', seconds: 207, work: 'Salt & Ivory', explicit: true },
      { title: 'Northern Static', version: '2024 Version', seconds: 219, work: 'Northern Static', bpm: 116 },
      { title: 'The Long Pier', seconds: 263, work: 'The Long Pier' },
      { title: 'Undertow', seconds: 191, work: 'Undertow' },
      { title: 'Lighthouse Keeper', seconds: 244, work: 'Lighthouse Keeper' },
    ],
  },
  {
    catalogueNumber: 'DMR010',
    title: 'Seoul Lights',
    type: 'ep',
    status: 'released',
    date: '2025-03-21',
    year: 2025,
    artist: 'Juno Park',
    primary: ['Juno Park'],
    team: 'juno',
    genre: 'Pop',
    subgenre: 'K-pop',
    language: 'ko',
    tracks: [
      { title: 'Seoul Lights', seconds: 196, work: 'Seoul Lights', bpm: 120 },
      { title: 'Han River', seconds: 211, work: 'Han River' },
      // Deliberate: the release has a track without its ISRC.
      { title: 'Blue Hour', seconds: 188, work: 'Blue Hour', isrc: 'missing' },
      { title: 'Last Train', seconds: 203, work: 'Last Train' },
    ],
  },
  {
    catalogueNumber: 'DMR011',
    title: 'Sakura Sea',
    type: 'single',
    status: 'scheduled',
    date: '2026-12-04',
    year: 2026,
    artist: '山田 花子 & Lumen Vale',
    primary: ['山田 花子', 'Lumen Vale'],
    team: 'hanako',
    genre: 'Pop',
    subgenre: 'City pop',
    language: 'ja',
    tracks: [
      {
        title: 'Sakura Sea',
        seconds: 228,
        work: 'Sakura Sea',
        bpm: 100,
        key: 'B♭ major',
        masterSplit: [
          { payee: '山田 花子', share: 25 },
          { payee: 'Laura Venn', share: 25 },
          { payee: 'Demo Records Ltd', share: 50 },
        ],
      },
    ],
  },
  {
    catalogueNumber: 'DMR012',
    title: 'Winter Engines',
    type: 'single',
    status: 'draft',
    date: null,
    year: 2026,
    artist: 'Marlow',
    primary: ['Marlow'],
    team: 'marlow',
    genre: 'Electronic',
    subgenre: 'Downtempo',
    language: 'en',
    tracks: [
      {
        title: 'Winter Engines',
        seconds: 247,
        work: 'Winter Engines',
        bpm: 88,
        credits: [{ party: 'Priya Shah', role: 'featured' }],
        displayArtist: 'Marlow feat. Priya Shah',
      },
    ],
  },
];

/**
 * A recording on no release: an old distributor's copy of "Northern Static", a second longer
 * (deliberate: a near-duplicate of DMR001's first track) and without a master split.
 */
export const DEMO_LOOSE_RECORDING = {
  title: 'Northern Static',
  artist: 'Lumen Vale',
  primary: ['Lumen Vale'],
  seconds: 215,
  year: 2019,
  work: 'Northern Static',
  genre: 'Pop',
  language: 'en',
};

/** Works whose writer split is not their team's (one deliberately totals 90%). */
export const DEMO_WORK_WRITERS: Record<string, DemoWriter[]> = {
  // Deliberate: the shares total 90% (a co-writer's 10% was never registered).
  Lanterns: [
    { party: 'Lumen Vale', role: 'composer_lyricist', share: 50, publisher: DEMO_PUBLISHER },
    { party: 'Tom Ashby', role: 'composer', share: 40, publisher: 'Northern Lights Music' },
  ],
  // Jonah Reyes has no IPI or PRO on file.
  Teeth: [
    { party: 'Félix Moreau', role: 'composer', share: 60, publisher: DEMO_PUBLISHER },
    { party: 'Jonah Reyes', role: 'lyricist', share: 40 },
  ],
  'Sakura Sea': [
    { party: '山田 花子', role: 'composer_lyricist', share: 50, publisher: 'Sakura Songs KK' },
    { party: 'Lumen Vale', role: 'composer', share: 50, publisher: DEMO_PUBLISHER },
  ],
  'Winter Engines': [
    { party: 'Marlow', role: 'composer', share: 80, publisher: DEMO_PUBLISHER },
    { party: 'Priya Shah', role: 'arranger', share: 20 },
  ],
};

export const teamWriters = (team: Team): DemoWriter[] => TEAMS[team];
export const teamMasterSplit = (team: Team) => MASTER[team];

/** Producers, credited on every recording of the release by its catalogue number. */
export const DEMO_PRODUCERS: Record<string, string> = {
  DMR001: 'Nadia Okafor',
  DMR002: 'Sam Reed',
  DMR005: 'Sam Reed',
  DMR006: 'Priya Shah',
  DMR008: 'Nadia Okafor',
  DMR009: 'Nadia Okafor',
  DMR010: 'Priya Shah',
  DMR011: 'Nadia Okafor',
};
