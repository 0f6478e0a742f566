// Database-independent: ERN XML only (the PostgreSQL pass skips it; vitest.config.ts).
// The ERN 4.3 builder and validator against DDEX's own XSD and samples (read from the shared folder
// at run time): the messages we build validate, DDEX's samples validate (so the validator is sound),
// broken messages fail with a line and a message, and the content a distributor reads is right,
// read back with a real XML parser and XPath.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XmlDocument, type XmlElement } from 'libxml2-wasm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildErn, ERN_NAMESPACE } from './ern-build.ts';
import type { ErnAudioFile, ErnInput, ErnParty, ErnTerritories, ErnTrack } from './ern-types.ts';
import { createErnValidator, type ErnValidator, locateErnSchemaDir } from './ern-validate.ts';

const schemaDir = locateErnSchemaDir();

const NS = { ern: ERN_NAMESPACE };
const ROOT = '/ern:NewReleaseMessage';

// ---------- Fixtures ----------

const SENDER = { dpid: 'PADPIDA2024010101X', name: 'Northern Lights Records' };
const RECIPIENT = { dpid: 'PADPIDA2009101501Y', name: 'Example Store' };

const ARTIST: ErnParty = { name: 'The Harbour Lights', isni: '0000 0001 2345 6789', ipi: null };
const FEATURED: ErnParty = { name: 'Maya Stone', isni: null, ipi: null };
const HANAKO: ErnParty = { name: '山田 花子', isni: null, ipi: null };
const COMPOSER: ErnParty = { name: 'Ana Writer', isni: null, ipi: '123456789' };
const LYRICIST: ErnParty = { name: 'Leo Words', isni: null, ipi: null };
const PRODUCER: ErnParty = { name: 'Sam Desk', isni: null, ipi: null };
const REMIXER: ErnParty = { name: 'DJ Night', isni: null, ipi: null };

function audio(fileName: string, md5: string, codec: ErnAudioFile['codec'] = 'WAV'): ErnAudioFile {
  return { fileName, md5, bytes: 52_428_800, codec, channels: 2, sampleRate: 44_100, bitDepth: 24 };
}

function track(
  overrides: Partial<ErnTrack> & Pick<ErnTrack, 'disc' | 'number' | 'isrc' | 'title'>,
): ErnTrack {
  return {
    version: null,
    displayArtist: 'The Harbour Lights',
    artists: [{ party: ARTIST, role: 'primary' }],
    contributors: [{ party: COMPOSER, role: 'composer_lyricist' }],
    durationSeconds: 200,
    explicit: false,
    language: 'en',
    genre: null,
    subgenre: null,
    pLine: null,
    audio: audio(`${overrides.isrc}.wav`, `${overrides.isrc.toLowerCase().padEnd(32, '0').slice(0, 32)}`),
    ...overrides,
  };
}

function singleInput(territories: ErnTerritories = { worldwide: true }): ErnInput {
  return {
    kind: 'new',
    messageId: 'MSG-SINGLE-1',
    threadId: 'THREAD-SINGLE',
    createdAt: new Date('2025-05-01T09:30:00Z'),
    sender: SENDER,
    recipient: RECIPIENT,
    release: {
      title: 'Salt & <Pepper>',
      version: null,
      displayArtist: 'The Harbour Lights',
      type: 'single',
      upc: '5012345678900',
      catalogueNumber: null,
      labelName: 'Northern Lights Records',
      releaseDate: '2025-06-06',
      originalReleaseDate: null,
      pLine: { year: 2025, owner: 'Northern Lights Records' },
      cLine: { year: 2025, owner: 'Northern Lights Records' },
      genre: 'Pop',
      subgenre: null,
      artists: [{ party: ARTIST, role: 'primary' }],
      artwork: {
        fileName: 'cover.png',
        md5: 'aaaabbbbccccddddeeeeffff00001111',
        bytes: 4_000_000,
        mime: 'image/png',
        width: 3000,
        height: 3000,
      },
    },
    tracks: [
      track({
        disc: 1,
        number: 1,
        isrc: 'GBNLR2500001',
        title: 'Salt & <Pepper>',
        version: 'Radio Edit',
        durationSeconds: 210,
        audio: audio('salt-and-pepper.flac', '0123456789abcdef0123456789abcdef', 'FLAC'),
      }),
    ],
    deal: { territories, startDate: '2025-06-06', preOrderDate: null },
  };
}

// Album: 12 tracks, 7 on disc 1 and 5 on disc 2, given out of order (the builder sorts them).
const ALBUM_DURATIONS = [210, 185, 242, 199, 301, 176, 224, 198, 205, 230, 187, 3725.5];
const ALBUM_MD5 = ALBUM_DURATIONS.map((_, i) => `${String(i + 1).padStart(2, '0')}`.repeat(16));

function albumTracks(): ErnTrack[] {
  const tracks = ALBUM_DURATIONS.map((durationSeconds, i) => {
    const disc = i < 7 ? 1 : 2;
    const number = i < 7 ? i + 1 : i - 6;
    const isrc = `GBNLR25000${String(i + 10).padStart(2, '0')}`;
    return track({
      disc,
      number,
      isrc,
      title: `Song ${i + 1}`,
      durationSeconds,
      audio: audio(`${isrc}.wav`, ALBUM_MD5[i]!),
    });
  });
  // Track 3 features Maya Stone; track 4 is 山田 花子's with a full writer set; track 5 is explicit;
  // track 6 is a remix.
  tracks[2] = {
    ...tracks[2]!,
    displayArtist: 'The Harbour Lights feat. Maya Stone',
    artists: [
      { party: ARTIST, role: 'primary' },
      { party: FEATURED, role: 'featured' },
    ],
  };
  tracks[3] = {
    ...tracks[3]!,
    displayArtist: '山田 花子',
    artists: [{ party: HANAKO, role: 'primary' }],
    language: 'ja',
    contributors: [
      { party: COMPOSER, role: 'composer' },
      { party: LYRICIST, role: 'lyricist' },
      { party: HANAKO, role: 'composer_lyricist' },
      { party: LYRICIST, role: 'arranger' },
      { party: PRODUCER, role: 'producer' },
    ],
  };
  tracks[4] = { ...tracks[4]!, explicit: true, genre: 'Hip-Hop/Rap', subgenre: 'Alternative Rap' };
  tracks[5] = {
    ...tracks[5]!,
    version: 'DJ Night Remix',
    artists: [
      { party: ARTIST, role: 'primary' },
      { party: REMIXER, role: 'remixer' },
    ],
  };
  return tracks.reverse();
}

function albumInput(overrides: Partial<ErnInput> = {}): ErnInput {
  return {
    kind: 'new',
    messageId: 'MSG-ALBUM-1',
    threadId: 'THREAD-ALBUM',
    createdAt: new Date('2025-05-01T09:30:00Z'),
    sender: SENDER,
    recipient: RECIPIENT,
    release: {
      title: 'Harbour Nights',
      version: 'Deluxe Edition',
      displayArtist: 'The Harbour Lights',
      type: 'album',
      upc: '012345678905',
      catalogueNumber: 'NLR-042',
      labelName: 'Northern Lights Records',
      releaseDate: '2025-06-06',
      originalReleaseDate: '2019-03-01',
      pLine: { year: 2025, owner: 'Northern Lights Records' },
      cLine: { year: 2025, owner: 'Northern Lights Records' },
      genre: 'Alternative',
      subgenre: 'Indie Rock',
      artists: [{ party: ARTIST, role: 'primary' }],
      artwork: {
        fileName: 'harbour-nights.jpg',
        md5: 'fedcba9876543210fedcba9876543210',
        bytes: 6_291_456,
        mime: 'image/jpeg',
        width: 3000,
        height: 3000,
      },
    },
    tracks: albumTracks(),
    deal: {
      territories: { excludeFromWorldwide: ['CN', 'RU'] },
      startDate: '2025-06-06',
      preOrderDate: '2025-05-23',
    },
    ...overrides,
  };
}

// ---------- Reading the XML back ----------

const openDocs: XmlDocument[] = [];
afterEach(() => {
  for (const doc of openDocs.splice(0)) doc.dispose();
});

/** Parsed with libxml2; freed after the test. */
function parse(xml: string): XmlDocument {
  const doc = XmlDocument.fromString(xml);
  openDocs.push(doc);
  return doc;
}

function texts(doc: XmlDocument | XmlElement, xpath: string): string[] {
  return doc.find(xpath, NS).map((node) => node.content);
}

function text(doc: XmlDocument | XmlElement, xpath: string): string | null {
  return doc.get(xpath, NS)?.content ?? null;
}

function elements(doc: XmlDocument | XmlElement, xpath: string): XmlElement[] {
  return doc.find(xpath, NS) as XmlElement[];
}

/** The 1-based line of the first line containing `needle`. */
function lineOf(xml: string, needle: string): number {
  const index = xml.indexOf(needle);
  if (index < 0) throw new Error(`${needle} not in the message`);
  return xml.slice(0, index).split('\n').length;
}

// ---------- Tests ----------

let validator: ErnValidator;

beforeAll(() => {
  if (!schemaDir) throw new Error('DDEX ERN 4.3 schema not found: set DDEX_ERN43_SCHEMA_DIR');
  validator = createErnValidator(schemaDir);
});

afterAll(() => validator?.dispose());

describe('the DDEX ERN 4.3 validator', () => {
  it.each(['example-simple-audio-single.xml', 'example-audio-album.xml'])(
    'passes the DDEX sample %s',
    (file) => {
      const xml = readFileSync(join(schemaDir!, file), 'utf8');
      expect(validator.validate(xml)).toEqual({ valid: true });
    },
  );

  it('fails a message missing a required element, naming the line where it went wrong', () => {
    const xml = buildErn(singleInput());
    // The sound recording's ResourceId (its ISRC) is required: without it, PLine comes first.
    const broken = xml.replace(/\n *<ResourceId>\n *<ISRC>GBNLR2500001<\/ISRC>\n *<\/ResourceId>/, '');
    expect(broken).not.toContain('<ISRC>');
    const result = validator.validate(broken);
    expect(result.valid).toBe(false);
    if (result.valid) return;
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.line).toBe(lineOf(broken, '<PLine>'));
    expect(result.errors[0]!.message).toContain("Element 'PLine': This element is not expected");
    expect(result.errors[0]!.message).toContain('ResourceId');
  });

  it('fails deal terms with both territories and excluded territories (the builder cannot write it)', () => {
    const xml = buildErn(singleInput({ include: ['GB'] }));
    const broken = xml.replace(
      '<TerritoryCode>GB</TerritoryCode>',
      '<TerritoryCode>GB</TerritoryCode>\n<ExcludedTerritoryCode>FR</ExcludedTerritoryCode>',
    );
    const result = validator.validate(broken);
    expect(result.valid).toBe(false);
    if (result.valid) return;
    expect(result.errors[0]!.line).toBe(lineOf(broken, '<ExcludedTerritoryCode>'));
    expect(result.errors[0]!.message).toContain(
      "Element 'ExcludedTerritoryCode': This element is not expected",
    );
  });

  it('fails a value outside DDEX’s allowed-value sets', () => {
    const broken = buildErn(singleInput()).replace(
      '<ParentalWarningType>NotExplicit</ParentalWarningType>',
      '<ParentalWarningType>Clean</ParentalWarningType>',
    );
    const result = validator.validate(broken);
    expect(result.valid).toBe(false);
    if (result.valid) return;
    expect(result.errors.some((e) => e.message.includes("'Clean'"))).toBe(true);
  });

  it('returns malformed XML as invalid with the parser’s error instead of throwing', () => {
    const xml = buildErn(singleInput());
    const truncated = xml.slice(0, xml.indexOf('</ResourceList>'));
    const result = validator.validate(truncated);
    expect(result.valid).toBe(false);
    if (result.valid) return;
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.errors[0]!.line).toBeGreaterThan(0);
    expect(result.errors[0]!.message.length).toBeGreaterThan(0);
    expect(validator.validate('not xml at all')).toMatchObject({ valid: false, errors: [{ line: 1 }] });
  });

  it('looks for the schema in DDEX_ERN43_SCHEMA_DIR first, then in the shared folder', () => {
    const own = mkdtempSync(join(tmpdir(), 'ern-schema-'));
    try {
      writeFileSync(join(own, 'release-notification.xsd'), '');
      expect(locateErnSchemaDir({ DDEX_ERN43_SCHEMA_DIR: own })).toBe(own);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
    // A folder without the XSD is passed over.
    expect(locateErnSchemaDir({ DDEX_ERN43_SCHEMA_DIR: '/nonexistent' })).toBe(schemaDir);
    expect(() => createErnValidator('/nonexistent')).toThrow('DDEX ERN 4.3 schema not found');
  });
});

describe('buildErn: a single', () => {
  it('builds a message the XSD accepts, the same bytes for the same input', () => {
    const xml = buildErn(singleInput());
    expect(validator.validate(xml)).toEqual({ valid: true });
    expect(buildErn(singleInput())).toBe(xml);
  });

  it('writes the header, the release ids, the technical details and the escaped titles', () => {
    const xml = buildErn(singleInput());
    expect(xml).toContain('<DisplayTitleText>Salt &amp; &lt;Pepper&gt; (Radio Edit)</DisplayTitleText>');
    const doc = parse(xml);
    const root = doc.root;
    expect(root.namespaceUri).toBe(ERN_NAMESPACE);
    expect(root.attr('ReleaseProfileVersionId')?.value).toBe('Audio');
    expect(root.attr('AvsVersionId')?.value).toBe('3');
    expect(root.attr('LanguageAndScriptCode')?.value).toBe('en');
    expect(text(doc, `${ROOT}/MessageHeader/MessageId`)).toBe('MSG-SINGLE-1');
    expect(text(doc, `${ROOT}/MessageHeader/MessageThreadId`)).toBe('THREAD-SINGLE');
    expect(text(doc, `${ROOT}/MessageHeader/MessageSender/PartyId`)).toBe('PADPIDA2024010101X');
    expect(text(doc, `${ROOT}/MessageHeader/MessageRecipient/PartyName/FullName`)).toBe('Example Store');
    expect(text(doc, `${ROOT}/MessageHeader/MessageCreatedDateTime`)).toBe('2025-05-01T09:30:00Z');
    expect(text(doc, `${ROOT}/MessageHeader/MessageControlType`)).toBe('LiveMessage');

    // Titles with & and < come back as written.
    expect(text(doc, `${ROOT}/ReleaseList/Release/DisplayTitleText`)).toBe('Salt & <Pepper>');
    expect(text(doc, `${ROOT}/ResourceList/SoundRecording/DisplayTitle/TitleText`)).toBe('Salt & <Pepper>');
    expect(text(doc, `${ROOT}/ResourceList/SoundRecording/DisplayTitle/SubTitle`)).toBe('Radio Edit');

    expect(text(doc, `${ROOT}/ReleaseList/Release/ReleaseType`)).toBe('Single');
    expect(text(doc, `${ROOT}/ReleaseList/Release/ReleaseId/ICPN`)).toBe('5012345678900');
    expect(texts(doc, `${ROOT}/ReleaseList/TrackRelease/ReleaseId/ProprietaryId`)).toEqual([
      '5012345678900_GBNLR2500001',
    ]);
    expect(text(doc, `${ROOT}/ReleaseList/Release/Duration`)).toBe('PT3M30S');

    const file = `${ROOT}/ResourceList/SoundRecording/SoundRecordingEdition/TechnicalDetails/DeliveryFile`;
    expect(text(doc, `${file}/AudioCodecType`)).toBe('FLAC');
    expect(text(doc, `${file}/SamplingRate`)).toBe('44.1');
    expect(text(doc, `${file}/SamplingRate/@UnitOfMeasure`)).toBe('kHz');
    expect(text(doc, `${file}/BitsPerSample`)).toBe('24');
    expect(text(doc, `${file}/File/URI`)).toBe('resources/salt-and-pepper.flac');
    expect(text(doc, `${file}/File/HashSum/Algorithm`)).toBe('MD5');
    expect(text(doc, `${file}/File/HashSum/HashSumValue`)).toBe('0123456789abcdef0123456789abcdef');
    expect(text(doc, `${file}/File/FileSize`)).toBe('51200');

    const image = `${ROOT}/ResourceList/Image`;
    expect(text(doc, `${image}/ResourceReference`)).toBe('A2');
    expect(text(doc, `${image}/Type`)).toBe('FrontCoverImage');
    expect(text(doc, `${image}/TechnicalDetails/ImageCodecType`)).toBe('PNG');
    expect(text(doc, `${image}/TechnicalDetails/ImageWidth`)).toBe('3000');
    expect(text(doc, `${image}/TechnicalDetails/File/URI`)).toBe('resources/cover.png');
    expect(text(doc, `${image}/TechnicalDetails/File/HashSum/HashSumValue`)).toBe(
      'aaaabbbbccccddddeeeeffff00001111',
    );
    expect(text(doc, `${ROOT}/ReleaseList/Release/ResourceGroup/LinkedReleaseResourceReference`)).toBe('A2');
  });

  it('sells worldwide by default, and only in the listed territories when given', () => {
    const worldwide = parse(buildErn(singleInput()));
    expect(texts(worldwide, '//DealTerms/TerritoryCode')).toEqual([
      'Worldwide',
      'Worldwide',
      'Worldwide',
      'Worldwide',
    ]);

    const xml = buildErn(singleInput({ include: ['GB', 'IE'] }));
    expect(validator.validate(xml)).toEqual({ valid: true });
    const listed = parse(xml);
    const terms = elements(listed, '//DealTerms');
    expect(terms).toHaveLength(4); // streaming and download, for R0 and R1
    for (const term of terms) {
      expect(texts(term, 'TerritoryCode')).toEqual(['GB', 'IE']);
      expect(texts(term, 'ExcludedTerritoryCode')).toEqual([]);
    }
  });

  it('marks a test message', () => {
    const doc = parse(buildErn({ ...singleInput(), test: true }));
    expect(text(doc, `${ROOT}/MessageHeader/MessageControlType`)).toBe('TestMessage');
  });

  it('drops characters XML cannot carry instead of writing a malformed message', () => {
    const input = singleInput();
    input.release.title = 'Bell\u0007 Song';
    const xml = buildErn(input);
    expect(validator.validate(xml)).toEqual({ valid: true });
    const doc = parse(xml);
    expect(text(doc, `${ROOT}/ReleaseList/Release/DisplayTitleText`)).toBe('Bell Song');
  });

  it('does not build a release without tracks', () => {
    expect(() => buildErn({ ...singleInput(), tracks: [] })).toThrow('at least one track');
  });

  it('cannot be given territories and exclusions together', () => {
    // @ts-expect-error: the XSD's choice is one list or the other; the type refuses both.
    const both: ErnTerritories = { include: ['GB'], excludeFromWorldwide: ['FR'] };
    expect(both).toBeDefined();
  });
});

describe('buildErn: an album over two discs', () => {
  it('builds a message the XSD accepts', () => {
    const result = validator.validate(buildErn(albumInput()));
    expect(result).toEqual({ valid: true });
  });

  it('lists every party once, the label and the non-Latin name included', () => {
    const doc = parse(buildErn(albumInput()));
    expect(texts(doc, `${ROOT}/PartyList/Party/PartyName/FullName`)).toEqual([
      'The Harbour Lights',
      'Northern Lights Records',
      'Ana Writer',
      'Maya Stone',
      '山田 花子',
      'Leo Words',
      'Sam Desk',
      'DJ Night',
    ]);
    expect(texts(doc, `${ROOT}/PartyList/Party/PartyReference`)).toEqual([
      'P1',
      'P2',
      'P3',
      'P4',
      'P5',
      'P6',
      'P7',
      'P8',
    ]);
    expect(text(doc, `${ROOT}/PartyList/Party[PartyReference='P1']/PartyId/ISNI`)).toBe('0000000123456789');
    expect(text(doc, `${ROOT}/PartyList/Party[PartyReference='P3']/PartyId/IpiNameNumber`)).toBe(
      '00123456789',
    );
    expect(text(doc, `${ROOT}/ReleaseList/Release/ReleaseLabelReference`)).toBe('P2');
  });

  it('keeps the running order: disc 1 then disc 2, each a resource group in sequence', () => {
    const doc = parse(buildErn(albumInput()));
    const isrcs = texts(doc, `${ROOT}/ResourceList/SoundRecording/SoundRecordingEdition/ResourceId/ISRC`);
    expect(isrcs).toEqual(ALBUM_DURATIONS.map((_, i) => `GBNLR25000${String(i + 10).padStart(2, '0')}`));
    expect(texts(doc, `${ROOT}/ResourceList/SoundRecording/DisplayTitleText`).slice(0, 3)).toEqual([
      'Song 1',
      'Song 2',
      'Song 3',
    ]);
    const group = `${ROOT}/ReleaseList/Release/ResourceGroup`;
    const discs = elements(doc, `${group}/ResourceGroup`);
    expect(discs.map((d) => d.attr('ResourceGroupType')?.value)).toEqual(['Component', 'Component']);
    expect(discs.map((d) => text(d, 'SequenceNumber'))).toEqual(['1', '2']);
    expect(texts(discs[0]!, 'ResourceGroupContentItem/ReleaseResourceReference')).toEqual([
      'A1',
      'A2',
      'A3',
      'A4',
      'A5',
      'A6',
      'A7',
    ]);
    expect(texts(discs[1]!, 'ResourceGroupContentItem/SequenceNumber')).toEqual(['1', '2', '3', '4', '5']);
    expect(texts(discs[1]!, 'ResourceGroupContentItem/ReleaseResourceReference')).toEqual([
      'A8',
      'A9',
      'A10',
      'A11',
      'A12',
    ]);
    expect(text(doc, `${group}/LinkedReleaseResourceReference`)).toBe('A13');
    // One TrackRelease per recording, in order.
    expect(texts(doc, `${ROOT}/ReleaseList/TrackRelease/ReleaseResourceReference`)).toEqual(
      ALBUM_DURATIONS.map((_, i) => `A${i + 1}`),
    );
  });

  it('writes durations, checksums, flags and credits per recording', () => {
    const doc = parse(buildErn(albumInput()));
    const recordings = `${ROOT}/ResourceList/SoundRecording`;
    expect(texts(doc, `${recordings}/Duration`)).toEqual([
      'PT3M30S',
      'PT3M5S',
      'PT4M2S',
      'PT3M19S',
      'PT5M1S',
      'PT2M56S',
      'PT3M44S',
      'PT3M18S',
      'PT3M25S',
      'PT3M50S',
      'PT3M7S',
      'PT1H2M5.5S',
    ]);
    // 1537 s on disc 1 + 4545.5 s on disc 2 = 6082.5 s.
    expect(text(doc, `${ROOT}/ReleaseList/Release/Duration`)).toBe('PT1H41M22.5S');
    expect(
      texts(
        doc,
        `${recordings}/SoundRecordingEdition/TechnicalDetails/DeliveryFile/File/HashSum/HashSumValue`,
      ),
    ).toEqual(ALBUM_MD5);
    expect(
      text(doc, `${recordings}[1]/SoundRecordingEdition/TechnicalDetails/DeliveryFile/AudioCodecType`),
    ).toBe('PCM');
    expect(
      text(doc, `${recordings}[1]/SoundRecordingEdition/TechnicalDetails/DeliveryFile/ContainerFormat`),
    ).toBe('WAV');
    expect(texts(doc, `${recordings}/ParentalWarningType`)).toEqual([
      'NotExplicit',
      'NotExplicit',
      'NotExplicit',
      'NotExplicit',
      'Explicit',
      'NotExplicit',
      'NotExplicit',
      'NotExplicit',
      'NotExplicit',
      'NotExplicit',
      'NotExplicit',
      'NotExplicit',
    ]);
    expect(text(doc, `${ROOT}/ReleaseList/Release/ParentalWarningType`)).toBe('Explicit');

    // Track 3: main artist and the featured one.
    expect(texts(doc, `${recordings}[3]/DisplayArtist/DisplayArtistRole`)).toEqual([
      'MainArtist',
      'FeaturedArtist',
    ]);
    expect(texts(doc, `${recordings}[3]/DisplayArtist/ArtistPartyReference`)).toEqual(['P1', 'P4']);
    expect(text(doc, `${recordings}[3]/DisplayArtistName`)).toBe('The Harbour Lights feat. Maya Stone');
    // Track 4: 山田 花子 and the writer set, one Contributor per party with all its roles.
    expect(text(doc, `${recordings}[4]/DisplayArtistName`)).toBe('山田 花子');
    expect(texts(doc, `${recordings}[4]/DisplayArtist/ArtistPartyReference`)).toEqual(['P5']);
    expect(text(doc, `${recordings}[4]/LanguageOfPerformance`)).toBe('ja');
    const credits = elements(doc, `${recordings}[4]/Contributor`).map((c) => [
      text(c, 'ContributorPartyReference'),
      texts(c, 'Role'),
    ]);
    expect(credits).toEqual([
      ['P3', ['Composer']],
      ['P6', ['Lyricist', 'Arranger']],
      ['P5', ['ComposerLyricist']],
      ['P7', ['StudioProducer']],
    ]);
    // Track 6: the remixer is credited, not displayed as an artist.
    expect(texts(doc, `${recordings}[6]/DisplayArtist/ArtistPartyReference`)).toEqual(['P1']);
    expect(texts(doc, `${recordings}[6]/Contributor/Role`)).toEqual(['ComposerLyricist', 'Remixer']);
    expect(text(doc, `${recordings}[6]/DisplayTitle/SubTitle`)).toBe('DJ Night Remix');
  });

  it('writes the release: ICPN, catalogue number, lines, genres and dates', () => {
    const doc = parse(buildErn(albumInput()));
    const release = `${ROOT}/ReleaseList/Release`;
    expect(text(doc, `${release}/ReleaseType`)).toBe('Album');
    expect(text(doc, `${release}/ReleaseId/ICPN`)).toBe('012345678905');
    expect(text(doc, `${release}/ReleaseId/CatalogNumber`)).toBe('NLR-042');
    expect(text(doc, `${release}/DisplayTitleText`)).toBe('Harbour Nights (Deluxe Edition)');
    expect(text(doc, `${release}/PLine/PLineText`)).toBe('2025 Northern Lights Records');
    expect(text(doc, `${release}/CLine/CLineText`)).toBe('2025 Northern Lights Records');
    expect(text(doc, `${release}/Genre/GenreText`)).toBe('Alternative');
    expect(text(doc, `${release}/Genre/SubGenre`)).toBe('Indie Rock');
    expect(text(doc, `${release}/OriginalReleaseDate`)).toBe('2019-03-01');
    expect(text(doc, `${release}/IsMultiArtistCompilation`)).toBeNull();
    // A track's own genre wins over the release's.
    expect(texts(doc, `${ROOT}/ReleaseList/TrackRelease/Genre/GenreText`)).toEqual([
      'Alternative',
      'Alternative',
      'Alternative',
      'Alternative',
      'Hip-Hop/Rap',
      'Alternative',
      'Alternative',
      'Alternative',
      'Alternative',
      'Alternative',
      'Alternative',
      'Alternative',
    ]);
  });

  it('sends a compilation as an Album flagged as a multi-artist compilation', () => {
    const input = albumInput();
    input.release = { ...input.release, type: 'compilation', displayArtist: 'Various Artists', artists: [] };
    const xml = buildErn(input);
    expect(validator.validate(xml)).toEqual({ valid: true });
    const doc = parse(xml);
    expect(text(doc, `${ROOT}/ReleaseList/Release/ReleaseType`)).toBe('Album');
    expect(text(doc, `${ROOT}/ReleaseList/Release/IsMultiArtistCompilation`)).toBe('true');
    const mainRef = text(doc, `${ROOT}/ReleaseList/Release/DisplayArtist/ArtistPartyReference`);
    expect(text(doc, `${ROOT}/PartyList/Party[PartyReference='${mainRef}']/PartyName/FullName`)).toBe(
      'Various Artists',
    );
  });

  it('offers streaming and downloads from the start date outside the excluded territories, and a pre-order', () => {
    const doc = parse(buildErn(albumInput()));
    const releaseDeals = elements(doc, `${ROOT}/DealList/ReleaseDeal`);
    expect(releaseDeals.map((d) => text(d, 'DealReleaseReference'))).toEqual([
      'R0',
      ...ALBUM_DURATIONS.map((_, i) => `R${i + 1}`),
    ]);
    const deals = (releaseDeal: XmlElement) =>
      elements(releaseDeal, 'Deal/DealTerms').map((terms) => ({
        territories: texts(terms, 'TerritoryCode'),
        excluded: texts(terms, 'ExcludedTerritoryCode'),
        start: text(terms, 'ValidityPeriod/StartDate'),
        end: text(terms, 'ValidityPeriod/EndDate'),
        models: texts(terms, 'CommercialModelType'),
        uses: texts(terms, 'UseType'),
        preOrder: text(terms, 'IsPreOrderDeal'),
      }));
    const streaming = {
      territories: [],
      excluded: ['CN', 'RU'],
      start: '2025-06-06',
      end: null,
      models: ['SubscriptionModel', 'AdvertisementSupportedModel'],
      uses: ['OnDemandStream', 'NonInteractiveStream'],
      preOrder: null,
    };
    const download = { ...streaming, models: ['PayAsYouGoModel'], uses: ['PermanentDownload'] };
    expect(deals(releaseDeals[0]!)).toEqual([
      streaming,
      download,
      // Bought ahead from the pre-order date up to the day before release.
      { ...download, start: '2025-05-23', end: '2025-06-05', preOrder: 'true' },
    ]);
    for (const trackDeal of releaseDeals.slice(1)) expect(deals(trackDeal)).toEqual([streaming, download]);
  });

  it('builds an update as the same full message under a new message id', () => {
    const created = buildErn(albumInput());
    const updated = buildErn(albumInput({ kind: 'update', messageId: 'MSG-ALBUM-2' }));
    expect(validator.validate(updated)).toEqual({ valid: true });
    expect(updated).toBe(
      created.replace('<MessageId>MSG-ALBUM-1</MessageId>', '<MessageId>MSG-ALBUM-2</MessageId>'),
    );
  });
});

describe('buildErn: a takedown', () => {
  it('ends every deal at the takedown time', () => {
    const input = albumInput({
      kind: 'takedown',
      messageId: 'MSG-ALBUM-3',
      createdAt: new Date('2025-09-01T12:00:00Z'),
    });
    input.deal = { ...input.deal, takedownAt: new Date('2025-09-01T12:00:00Z') };
    const xml = buildErn(input);
    expect(validator.validate(xml)).toEqual({ valid: true });
    const doc = parse(xml);
    // 2 deals for each of the 13 releases; the pre-order had already ended when the release came out.
    const regular = elements(doc, '//DealTerms[not(IsPreOrderDeal)]/ValidityPeriod');
    expect(regular).toHaveLength(26);
    for (const period of regular) {
      expect(text(period, 'StartDateTime')).toBe('2025-06-06T00:00:00Z');
      expect(text(period, 'EndDateTime')).toBe('2025-09-01T12:00:00Z');
      expect(text(period, 'StartDate')).toBeNull();
    }
    const preOrder = elements(doc, '//DealTerms[IsPreOrderDeal]/ValidityPeriod');
    expect(preOrder.map((p) => [text(p, 'StartDateTime'), text(p, 'EndDateTime')])).toEqual([
      ['2025-05-23T00:00:00Z', '2025-06-06T00:00:00Z'],
    ]);
  });

  it('ends a pre-order no later than the release and a deal not yet started when it would start', () => {
    const input = albumInput({ kind: 'takedown', createdAt: new Date('2025-05-30T08:00:00Z') });
    const xml = buildErn(input);
    expect(validator.validate(xml)).toEqual({ valid: true });
    const doc = parse(xml);
    const r0 = `${ROOT}/DealList/ReleaseDeal[1]/Deal/DealTerms/ValidityPeriod`;
    // Without takedownAt, the deals end when the message was created.
    expect(texts(doc, `${r0}/StartDateTime`)).toEqual([
      '2025-05-30T08:00:00Z',
      '2025-05-30T08:00:00Z',
      '2025-05-23T00:00:00Z',
    ]);
    expect(texts(doc, `${r0}/EndDateTime`)).toEqual([
      '2025-05-30T08:00:00Z',
      '2025-05-30T08:00:00Z',
      '2025-05-30T08:00:00Z',
    ]);
  });
});
