// buildErn: the DDEX ERN 4.3 NewReleaseMessage of one release, as XML text. A pure function: the
// same input gives the same bytes (references are numbered in input order: parties P1.., resources
// A1.. with the artwork last, technical details T1.., the main release R0 and one TrackRelease per
// recording R1..). The XSD's element order is strict; every element here is written in the order of
// its type's <xs:sequence> in release-notification.xsd (ern.test.ts validates against it).
import type {
  ErnContributorRole,
  ErnInput,
  ErnParty,
  ErnRelease,
  ErnRightsLine,
  ErnTerritories,
  ErnTrack,
} from './ern-types.ts';

/** An artist shown with the title: the main artist or a featured one. */
type DisplayArtist = { party: ErnParty; role: 'primary' | 'featured' };

export const ERN_NAMESPACE = 'http://ddex.net/xml/ern/43';
const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';
const WORLDWIDE = 'Worldwide';

export function buildErn(input: ErnInput): string {
  if (input.tracks.length === 0) throw new Error('A release needs at least one track to be delivered.');
  // Sorted by disc, then position: resource and release references follow the running order.
  const tracks = input.tracks
    .map((track, index) => ({ track, index }))
    .sort((a, b) => a.track.disc - b.track.disc || a.track.number - b.track.number || a.index - b.index)
    .map(({ track }) => track);
  const release = input.release;
  const parties = new PartyRegistry();

  const releaseArtists: DisplayArtist[] =
    release.artists.length > 0
      ? release.artists
      : [{ party: { name: release.displayArtist }, role: 'primary' as const }];
  const mainArtists = releaseArtists.filter((a) => a.role === 'primary');
  for (const artist of releaseArtists) parties.add(artist.party);
  const labelRef = parties.add({ name: release.labelName });
  const trackArtists = tracks.map((track) => {
    const display = track.artists.filter((a): a is DisplayArtist => a.role !== 'remixer');
    // A track without its own main artist is credited to the release's.
    return display.some((a) => a.role === 'primary') ? display : [...mainArtists, ...display];
  });
  tracks.forEach((track, i) => {
    for (const artist of trackArtists[i]!) parties.add(artist.party);
    for (const contributor of contributorsOf(track)) parties.add(contributor.party);
  });

  const xml = new XmlWriter();
  xml.declaration();
  xml.open('ern:NewReleaseMessage', {
    'xmlns:ern': ERN_NAMESPACE,
    'xmlns:xsi': XSI_NAMESPACE,
    'xsi:schemaLocation': `${ERN_NAMESPACE} ${ERN_NAMESPACE}/release-notification.xsd`,
    // Audio, not SimpleAudioSingle: every message carries one TrackRelease per recording
    // (YouTube needs them), which the simple single profile's shape has not.
    ReleaseProfileVersionId: 'Audio',
    LanguageAndScriptCode: 'en',
    AvsVersionId: '3',
  });
  writeHeader(xml, input);
  writePartyList(xml, parties);
  writeResourceList(xml, input, tracks, trackArtists, parties);
  writeReleaseList(xml, input, tracks, releaseArtists, labelRef, parties);
  writeDealList(xml, input, tracks.length);
  xml.close('ern:NewReleaseMessage');
  return xml.toString();
}

// ---------- Message header and parties ----------

function writeHeader(xml: XmlWriter, input: ErnInput) {
  xml.open('MessageHeader');
  xml.leaf('MessageThreadId', input.threadId);
  xml.leaf('MessageId', input.messageId);
  for (const [element, party] of [
    ['MessageSender', input.sender],
    ['MessageRecipient', input.recipient],
  ] as const) {
    xml.open(element);
    xml.leaf('PartyId', party.dpid);
    xml.open('PartyName');
    xml.leaf('FullName', party.name);
    xml.close('PartyName');
    xml.close(element);
  }
  xml.leaf('MessageCreatedDateTime', isoDateTime(input.createdAt));
  xml.leaf('MessageControlType', input.test ? 'TestMessage' : 'LiveMessage');
  xml.close('MessageHeader');
}

interface RegisteredParty {
  ref: string;
  name: string;
  isni: string | null;
  ipi: string | null;
}

/** A party's identity: equal name, ISNI and IPI (as sent) make the same party. */
function normaliseParty(party: ErnParty): { name: string; isni: string | null; ipi: string | null } {
  return {
    name: party.name,
    isni: party.isni ? party.isni.replace(/\s+/g, '').toUpperCase() : null,
    ipi: party.ipi ? party.ipi.replace(/\D+/g, '').padStart(11, '0') : null,
  };
}

function partyKey(party: ErnParty): string {
  const { name, isni, ipi } = normaliseParty(party);
  return JSON.stringify([name, isni, ipi]);
}

/** Every party once, numbered in the order first met. */
class PartyRegistry {
  readonly list: RegisteredParty[] = [];
  private readonly byKey = new Map<string, RegisteredParty>();

  add(party: ErnParty): string {
    const key = partyKey(party);
    let found = this.byKey.get(key);
    if (!found) {
      found = { ref: `P${this.list.length + 1}`, ...normaliseParty(party) };
      this.byKey.set(key, found);
      this.list.push(found);
    }
    return found.ref;
  }

  /** The reference of a party added before (all are, before any is written). */
  ref(party: ErnParty): string {
    const found = this.byKey.get(partyKey(party));
    if (!found) throw new Error(`Party "${party.name}" was not added to the party list.`);
    return found.ref;
  }
}

function writePartyList(xml: XmlWriter, parties: PartyRegistry) {
  xml.open('PartyList');
  for (const party of parties.list) {
    xml.open('Party');
    xml.leaf('PartyReference', party.ref);
    xml.open('PartyName');
    xml.leaf('FullName', party.name);
    xml.close('PartyName');
    if (party.isni || party.ipi) {
      xml.open('PartyId');
      if (party.isni) xml.leaf('ISNI', party.isni);
      if (party.ipi) xml.leaf('IpiNameNumber', party.ipi);
      xml.close('PartyId');
    }
    xml.close('Party');
  }
  xml.close('PartyList');
}

// ---------- Resources: one SoundRecording per track, then the front cover ----------

const CONTRIBUTOR_ROLES: Record<ErnContributorRole | 'remixer', string> = {
  composer: 'Composer',
  lyricist: 'Lyricist',
  composer_lyricist: 'ComposerLyricist',
  arranger: 'Arranger',
  // The allowed-value set has no plain "Producer"; StudioProducer is its record producer.
  producer: 'StudioProducer',
  remixer: 'Remixer',
};

/** Writers, producers and remixers of a track, one entry per party with all its roles. */
function contributorsOf(track: ErnTrack): { party: ErnParty; roles: string[] }[] {
  const all = [
    ...track.contributors.map((c) => ({ party: c.party, role: CONTRIBUTOR_ROLES[c.role] })),
    ...track.artists
      .filter((a) => a.role === 'remixer')
      .map((a) => ({ party: a.party, role: CONTRIBUTOR_ROLES.remixer })),
  ];
  const byParty = new Map<string, { party: ErnParty; roles: string[] }>();
  for (const { party, role } of all) {
    const key = partyKey(party);
    const entry = byParty.get(key) ?? { party, roles: [] };
    if (!entry.roles.includes(role)) entry.roles.push(role);
    byParty.set(key, entry);
  }
  return [...byParty.values()];
}

function writeResourceList(
  xml: XmlWriter,
  input: ErnInput,
  tracks: ErnTrack[],
  trackArtists: DisplayArtist[][],
  parties: PartyRegistry,
) {
  const release = input.release;
  xml.open('ResourceList');
  tracks.forEach((track, i) => {
    const n = i + 1;
    xml.open('SoundRecording');
    xml.leaf('ResourceReference', `A${n}`);
    xml.leaf('Type', 'MusicalWorkSoundRecording');
    xml.open('SoundRecordingEdition');
    xml.open('ResourceId');
    xml.leaf('ISRC', normaliseIsrc(track.isrc));
    xml.close('ResourceId');
    const pLine = track.pLine ?? release.pLine;
    if (pLine) writeRightsLine(xml, 'PLine', pLine);
    xml.open('TechnicalDetails');
    xml.leaf('TechnicalResourceDetailsReference', `T${n}`);
    xml.open('DeliveryFile');
    xml.leaf('Type', 'AudioFile');
    const audio = track.audio;
    // WAV and AIFF are containers of PCM; FLAC is its own format.
    if (audio.codec !== 'FLAC') xml.leaf('ContainerFormat', audio.codec);
    xml.leaf('AudioCodecType', audio.codec === 'FLAC' ? 'FLAC' : 'PCM');
    xml.leaf('NumberOfChannels', String(audio.channels));
    xml.leaf('SamplingRate', String(audio.sampleRate / 1000), { UnitOfMeasure: 'kHz' });
    xml.leaf('BitsPerSample', String(audio.bitDepth));
    writeFile(xml, audio);
    xml.close('DeliveryFile');
    xml.close('TechnicalDetails');
    xml.close('SoundRecordingEdition');
    writeTitles(xml, track.title, track.version);
    xml.leaf('DisplayArtistName', track.displayArtist, {
      ApplicableTerritoryCode: WORLDWIDE,
      IsDefault: 'true',
    });
    writeDisplayArtists(xml, trackArtists[i]!, parties);
    contributorsOf(track).forEach((contributor, c) => {
      xml.open('Contributor', { SequenceNumber: String(c + 1) });
      xml.leaf('ContributorPartyReference', parties.ref(contributor.party));
      for (const role of contributor.roles) xml.leaf('Role', role);
      xml.close('Contributor');
    });
    xml.leaf('Duration', isoDuration(track.durationSeconds));
    xml.leaf('ParentalWarningType', track.explicit ? 'Explicit' : 'NotExplicit');
    if (track.language) xml.leaf('LanguageOfPerformance', track.language);
    xml.close('SoundRecording');
  });

  const n = tracks.length + 1;
  const artwork = release.artwork;
  xml.open('Image');
  xml.leaf('ResourceReference', `A${n}`);
  xml.leaf('Type', 'FrontCoverImage');
  xml.open('ResourceId');
  xml.leaf('ProprietaryId', `${release.upc.trim()}_FrontCoverImage`, { Namespace: input.sender.dpid });
  xml.close('ResourceId');
  xml.open('TechnicalDetails');
  xml.leaf('TechnicalResourceDetailsReference', `T${n}`);
  xml.leaf('ImageCodecType', artwork.mime === 'image/png' ? 'PNG' : 'JPEG');
  xml.leaf('ImageHeight', String(artwork.height), { UnitOfMeasure: 'Pixel' });
  xml.leaf('ImageWidth', String(artwork.width), { UnitOfMeasure: 'Pixel' });
  writeFile(xml, artwork);
  xml.close('TechnicalDetails');
  xml.close('Image');
  xml.close('ResourceList');
}

function writeFile(xml: XmlWriter, file: { fileName: string; md5: string; bytes: number }) {
  xml.open('File');
  xml.leaf('URI', `resources/${file.fileName}`);
  xml.open('HashSum');
  xml.leaf('Algorithm', 'MD5');
  xml.leaf('HashSumValue', file.md5.toLowerCase());
  xml.close('HashSum');
  // The XSD counts FileSize in kilobytes.
  xml.leaf('FileSize', String(Math.round((file.bytes / 1024) * 1000) / 1000));
  xml.close('File');
}

function writeTitles(xml: XmlWriter, title: string, version: string | null) {
  xml.leaf('DisplayTitleText', version ? `${title} (${version})` : title);
  xml.open('DisplayTitle', { ApplicableTerritoryCode: WORLDWIDE, IsDefault: 'true' });
  xml.leaf('TitleText', title);
  if (version) xml.leaf('SubTitle', version, { SubTitleType: 'Version' });
  xml.close('DisplayTitle');
}

function writeDisplayArtists(xml: XmlWriter, artists: DisplayArtist[], parties: PartyRegistry) {
  artists.forEach((artist, i) => {
    xml.open('DisplayArtist', { SequenceNumber: String(i + 1) });
    xml.leaf('ArtistPartyReference', parties.ref(artist.party));
    xml.leaf('DisplayArtistRole', artist.role === 'primary' ? 'MainArtist' : 'FeaturedArtist');
    xml.close('DisplayArtist');
  });
}

function writeRightsLine(xml: XmlWriter, element: 'PLine' | 'CLine', line: ErnRightsLine) {
  xml.open(element);
  xml.leaf('Year', String(line.year));
  xml.leaf(`${element}Company`, line.owner);
  xml.leaf(`${element}Text`, `${line.year} ${line.owner}`);
  xml.close(element);
}

// ---------- Releases: the main release R0, then one TrackRelease per recording ----------

const RELEASE_TYPES: Record<ErnRelease['type'], string> = {
  single: 'Single',
  ep: 'EP',
  album: 'Album',
  // ERN 4 has no compilation type: an Album flagged IsMultiArtistCompilation.
  compilation: 'Album',
};

function writeReleaseList(
  xml: XmlWriter,
  input: ErnInput,
  tracks: ErnTrack[],
  releaseArtists: DisplayArtist[],
  labelRef: string,
  parties: PartyRegistry,
) {
  const release = input.release;
  const upc = release.upc.trim();
  xml.open('ReleaseList');
  xml.open('Release');
  xml.leaf('ReleaseReference', 'R0');
  xml.leaf('ReleaseType', RELEASE_TYPES[release.type]);
  xml.open('ReleaseId');
  xml.leaf('ICPN', upc);
  if (release.catalogueNumber) {
    xml.leaf('CatalogNumber', release.catalogueNumber, { Namespace: input.sender.dpid });
  }
  xml.close('ReleaseId');
  writeTitles(xml, release.title, release.version);
  xml.leaf('DisplayArtistName', release.displayArtist, {
    ApplicableTerritoryCode: WORLDWIDE,
    IsDefault: 'true',
  });
  writeDisplayArtists(xml, releaseArtists, parties);
  xml.leaf('ReleaseLabelReference', labelRef, { ApplicableTerritoryCode: WORLDWIDE });
  if (release.pLine) writeRightsLine(xml, 'PLine', release.pLine);
  if (release.cLine) writeRightsLine(xml, 'CLine', release.cLine);
  const totalMs = tracks.reduce((sum, track) => sum + durationMs(track.durationSeconds), 0);
  xml.leaf('Duration', isoDurationFromMs(totalMs));
  writeGenre(xml, release.genre, release.subgenre);
  xml.leaf('ReleaseDate', release.releaseDate);
  if (release.originalReleaseDate) xml.leaf('OriginalReleaseDate', release.originalReleaseDate);
  xml.leaf('ParentalWarningType', tracks.some((t) => t.explicit) ? 'Explicit' : 'NotExplicit');
  if (release.type === 'compilation') xml.leaf('IsMultiArtistCompilation', 'true');
  writeResourceGroup(xml, tracks);
  xml.close('Release');

  tracks.forEach((track, i) => {
    const n = i + 1;
    xml.open('TrackRelease');
    xml.leaf('ReleaseReference', `R${n}`);
    xml.open('ReleaseId');
    // Stable across resends: the same release and recording give the same id.
    xml.leaf('ProprietaryId', `${upc}_${normaliseIsrc(track.isrc)}`, { Namespace: input.sender.dpid });
    xml.close('ReleaseId');
    xml.leaf('ReleaseResourceReference', `A${n}`);
    xml.leaf('ReleaseLabelReference', labelRef, { ApplicableTerritoryCode: WORLDWIDE });
    if (track.genre) writeGenre(xml, track.genre, track.subgenre);
    else writeGenre(xml, release.genre, release.subgenre);
    xml.close('TrackRelease');
  });
  xml.close('ReleaseList');
}

function writeGenre(xml: XmlWriter, genre: string, subgenre: string | null) {
  xml.open('Genre', { ApplicableTerritoryCode: WORLDWIDE });
  xml.leaf('GenreText', genre);
  if (subgenre) xml.leaf('SubGenre', subgenre);
  xml.close('Genre');
}

/** One group for a single disc; for several, one "Component" sub-group per disc. */
function writeResourceGroup(xml: XmlWriter, tracks: ErnTrack[]) {
  const discs: { ref: string }[][] = [];
  let lastDisc: number | null = null;
  tracks.forEach((track, i) => {
    if (track.disc !== lastDisc) discs.push([]);
    lastDisc = track.disc;
    discs[discs.length - 1]!.push({ ref: `A${i + 1}` });
  });
  const items = (disc: { ref: string }[]) => {
    disc.forEach((item, position) => {
      xml.open('ResourceGroupContentItem');
      xml.leaf('SequenceNumber', String(position + 1));
      xml.leaf('ReleaseResourceReference', item.ref);
      xml.close('ResourceGroupContentItem');
    });
  };
  xml.open('ResourceGroup');
  if (discs.length === 1) {
    xml.leaf('SequenceNumber', '1');
    items(discs[0]!);
  } else {
    discs.forEach((disc, d) => {
      xml.open('ResourceGroup', { ResourceGroupType: 'Component' });
      xml.leaf('SequenceNumber', String(d + 1));
      items(disc);
      xml.close('ResourceGroup');
    });
  }
  xml.leaf('LinkedReleaseResourceReference', `A${tracks.length + 1}`, { LinkDescription: 'CoverArt' });
  xml.close('ResourceGroup');
}

// ---------- Deals ----------

interface DealSpec {
  models: string[];
  uses: string[];
  start: string;
  /** The last day of a pre-order deal (dates are inclusive). */
  endDate?: string;
  preOrder?: true;
}

const STREAMING: Pick<DealSpec, 'models' | 'uses'> = {
  models: ['SubscriptionModel', 'AdvertisementSupportedModel'],
  uses: ['OnDemandStream', 'NonInteractiveStream'],
};
const DOWNLOAD: Pick<DealSpec, 'models' | 'uses'> = {
  models: ['PayAsYouGoModel'],
  uses: ['PermanentDownload'],
};

/**
 * One ReleaseDeal per release: streaming and download from the start date; the main release also
 * gets a pre-order deal (downloads bought ahead) up to the day before, when a pre-order date is
 * set. A takedown sends the same deals, each ending at the takedown time: ERN 4 has no takedown
 * flag, a deal that has ended withdraws the release.
 */
function writeDealList(xml: XmlWriter, input: ErnInput, trackCount: number) {
  const deal = input.deal;
  const takedownAt = input.kind === 'takedown' ? (deal.takedownAt ?? input.createdAt) : null;
  const hasPreOrder = deal.preOrderDate !== null && deal.preOrderDate < deal.startDate;
  xml.open('DealList');
  for (let r = 0; r <= trackCount; r++) {
    const specs: DealSpec[] = [
      { ...STREAMING, start: deal.startDate },
      { ...DOWNLOAD, start: deal.startDate },
    ];
    if (r === 0 && hasPreOrder) {
      specs.push({
        ...DOWNLOAD,
        start: deal.preOrderDate!,
        endDate: dayBefore(deal.startDate),
        preOrder: true,
      });
    }
    xml.open('ReleaseDeal');
    xml.leaf('DealReleaseReference', `R${r}`);
    for (const spec of specs) writeDeal(xml, spec, deal.territories, takedownAt);
    xml.close('ReleaseDeal');
  }
  xml.close('DealList');
}

function writeDeal(xml: XmlWriter, spec: DealSpec, territories: ErnTerritories, takedownAt: Date | null) {
  xml.open('Deal');
  xml.open('DealTerms');
  if (territories.worldwide) xml.leaf('TerritoryCode', WORLDWIDE);
  else if (territories.include) for (const code of territories.include) xml.leaf('TerritoryCode', code);
  else for (const code of territories.excludeFromWorldwide) xml.leaf('ExcludedTerritoryCode', code);
  xml.open('ValidityPeriod');
  if (takedownAt) {
    // Times, not dates: the deal ends at the takedown's moment. A deal that had not started yet
    // starts and ends then (the XSD's period cannot end before it starts).
    let end = takedownAt.getTime();
    if (spec.endDate) end = Math.min(end, Date.parse(`${dayAfter(spec.endDate)}T00:00:00Z`));
    const start = Math.min(Date.parse(`${spec.start}T00:00:00Z`), end);
    xml.leaf('StartDateTime', isoDateTime(new Date(start)));
    xml.leaf('EndDateTime', isoDateTime(new Date(end)));
  } else {
    xml.leaf('StartDate', spec.start);
    if (spec.endDate) xml.leaf('EndDate', spec.endDate);
  }
  xml.close('ValidityPeriod');
  for (const model of spec.models) xml.leaf('CommercialModelType', model);
  for (const use of spec.uses) xml.leaf('UseType', use);
  if (spec.preOrder) xml.leaf('IsPreOrderDeal', 'true');
  xml.close('DealTerms');
  xml.close('Deal');
}

// ---------- Values ----------

/** ISRCs are sent as their 12 characters, without hyphens or spaces. */
function normaliseIsrc(isrc: string): string {
  return isrc.replace(/[\s-]+/g, '').toUpperCase();
}

function durationMs(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw new Error(`A track's duration must be zero or more seconds, not ${seconds}.`);
  }
  return Math.round(seconds * 1000);
}

/** ISO 8601 duration: 210 -> PT3M30S, 3725.5 -> PT1H2M5.5S, 0 -> PT0S. */
export function isoDuration(seconds: number): string {
  return isoDurationFromMs(durationMs(seconds));
}

function isoDurationFromMs(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const rest = ms % 60_000;
  let text = 'PT';
  if (hours > 0) text += `${hours}H`;
  if (minutes > 0) text += `${minutes}M`;
  if (rest > 0 || (hours === 0 && minutes === 0)) text += `${rest / 1000}S`;
  return text;
}

/** UTC, to the second: 2025-03-01T09:30:00Z. */
function isoDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function shiftDay(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

const dayBefore = (date: string) => shiftDay(date, -1);
const dayAfter = (date: string) => shiftDay(date, 1);

// ---------- XML text ----------

type Attributes = Record<string, string>;

// Characters XML 1.0 cannot carry at all (controls other than tab and line ends, lone surrogates,
// U+FFFE/FFFF): dropped, so no input makes the message malformed.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeText(value: string): string {
  return value.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttribute(value: string): string {
  return escapeText(value)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

/** Indented output, one element per line, so a validation error's line number points at it. */
class XmlWriter {
  private readonly lines: string[] = [];
  private depth = 0;

  declaration() {
    this.lines.push('<?xml version="1.0" encoding="UTF-8"?>');
  }

  open(name: string, attributes?: Attributes) {
    this.lines.push(`${this.indent()}<${name}${formatAttributes(attributes)}>`);
    this.depth++;
  }

  close(name: string) {
    this.depth--;
    this.lines.push(`${this.indent()}</${name}>`);
  }

  leaf(name: string, text: string, attributes?: Attributes) {
    this.lines.push(`${this.indent()}<${name}${formatAttributes(attributes)}>${escapeText(text)}</${name}>`);
  }

  toString(): string {
    return `${this.lines.join('\n')}\n`;
  }

  private indent(): string {
    return '  '.repeat(this.depth);
  }
}

function formatAttributes(attributes: Attributes | undefined): string {
  if (!attributes) return '';
  let text = '';
  for (const [name, value] of Object.entries(attributes)) text += ` ${name}="${escapeAttribute(value)}"`;
  return text;
}
