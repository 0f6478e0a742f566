// Database-independent: acknowledgement files only (the PostgreSQL pass skips it; vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { buildAcknowledgement, parseAcknowledgement } from './ack-parse.ts';

const parse = (xml: string) => parseAcknowledgement(Buffer.from(xml, 'utf8'));

function expectReason(xml: string | Buffer): string {
  const result = typeof xml === 'string' ? parse(xml) : parseAcknowledgement(xml);
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.ack)}`);
  return result.reason;
}

describe('buildAcknowledgement', () => {
  it('writes the DDEX FtpAcknowledgementMessage a distributor sends', () => {
    const xml = buildAcknowledgement({
      messageId: 'ACK-1',
      threadId: 'T-9',
      senderPartyId: 'PADPIDA2014120301K',
      recipientPartyId: 'PADPIDA2026010101X',
      acknowledgedFile: '20261126100000123/20261126100000123.xml',
      fileStatus: 'FileRejected',
      errors: ['Artwork is smaller than 3000 x 3000', 'ISRC <missing> & title "x"'],
      manualCheck: true,
      createdAt: new Date('2026-11-26T10:00:00.456Z'),
    });
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<ernac:FtpAcknowledgementMessage xmlns:ernac="http://ddex.net/xml/ern-c/15" MessageVersionId="ern-c/15">',
        '  <MessageHeader>',
        '    <MessageThreadId>T-9</MessageThreadId>',
        '    <MessageId>ACK-1</MessageId>',
        '    <MessageSender><PartyId>PADPIDA2014120301K</PartyId></MessageSender>',
        '    <MessageRecipient><PartyId>PADPIDA2026010101X</PartyId></MessageRecipient>',
        '    <MessageCreatedDateTime>2026-11-26T10:00:00Z</MessageCreatedDateTime>',
        '  </MessageHeader>',
        '  <AcknowledgedFile>20261126100000123/20261126100000123.xml</AcknowledgedFile>',
        '  <FileStatus>FileRejected</FileStatus>',
        '  <ErrorText>Artwork is smaller than 3000 x 3000</ErrorText>',
        '  <ErrorText>ISRC &lt;missing&gt; &amp; title &quot;x&quot;</ErrorText>',
        '  <ManualCheckRequired>true</ManualCheckRequired>',
        '</ernac:FtpAcknowledgementMessage>',
        '',
      ].join('\n'),
    );
  });

  it('reads back what it wrote', () => {
    const ok = parse(
      buildAcknowledgement({
        messageId: 'ACK-2',
        senderPartyId: 'PADPIDA1',
        recipientPartyId: 'PADPIDA2',
        acknowledgedFile: 'B1/B1.xml',
        fileStatus: 'FileOK',
        manualCheck: false,
        createdAt: new Date('2026-11-26T10:00:00Z'),
      }),
    );
    expect(ok).toEqual({
      ok: true,
      ack: {
        messageId: 'ACK-2',
        acknowledgedFile: 'B1/B1.xml',
        fileStatus: 'FileOK',
        accepted: true,
        errors: [],
        manualCheck: false,
        createdAt: new Date('2026-11-26T10:00:00Z'),
      },
    });

    const rejected = parse(
      buildAcknowledgement({
        messageId: 'ACK-3',
        senderPartyId: 'PADPIDA1',
        recipientPartyId: 'PADPIDA2',
        acknowledgedFile: 'B2/B2.xml',
        fileStatus: 'FileRejected',
        errors: ['Artwork is smaller than 3000 x 3000', 'Track 2 & 3: ISRC <none>'],
        manualCheck: true,
        createdAt: new Date('2026-11-27T08:30:00Z'),
      }),
    );
    expect(rejected).toEqual({
      ok: true,
      ack: {
        messageId: 'ACK-3',
        acknowledgedFile: 'B2/B2.xml',
        fileStatus: 'FileRejected',
        accepted: false,
        errors: ['Artwork is smaller than 3000 x 3000', 'Track 2 & 3: ISRC <none>'],
        manualCheck: true,
        createdAt: new Date('2026-11-27T08:30:00Z'),
      },
    });
  });
});

describe('parseAcknowledgement', () => {
  it('matches elements by local name, whatever the prefix or default namespace', () => {
    const result = parse(`<?xml version="1.0"?>
      <FtpAcknowledgementMessage xmlns="http://ddex.net/xml/ern-c/15" MessageVersionId="ern-c/15">
        <MessageHeader>
          <MessageId>  DSP-77  </MessageId>
          <MessageCreatedDateTime>2026-11-26T11:00:00+01:00</MessageCreatedDateTime>
        </MessageHeader>
        <AcknowledgedFile>
          20261126100000123/20261126100000123.xml
        </AcknowledgedFile>
        <FileStatus>ResendFile</FileStatus>
        <ErrorText>The audio of
          track 1 is mono</ErrorText>
        <ErrorText>   </ErrorText>
      </FtpAcknowledgementMessage>`);
    expect(result).toEqual({
      ok: true,
      ack: {
        messageId: 'DSP-77',
        acknowledgedFile: '20261126100000123/20261126100000123.xml',
        fileStatus: 'ResendFile',
        accepted: false,
        errors: ['The audio of track 1 is mono'],
        manualCheck: false,
        createdAt: new Date('2026-11-26T10:00:00Z'),
      },
    });
  });

  it('leaves out what is optional: no header, no date, no manual check', () => {
    const result = parse(
      '<x:FtpAcknowledgementMessage xmlns:x="urn:other"><x:AcknowledgedFile>A/A.xml</x:AcknowledgedFile><x:FileStatus>FileOK</x:FileStatus><x:ManualCheckRequired>1</x:ManualCheckRequired></x:FtpAcknowledgementMessage>',
    );
    expect(result).toEqual({
      ok: true,
      ack: {
        messageId: null,
        acknowledgedFile: 'A/A.xml',
        fileStatus: 'FileOK',
        accepted: true,
        errors: [],
        manualCheck: true,
        createdAt: null,
      },
    });
  });

  it('reads a date without a zone as UTC and ignores one that is not a date', () => {
    const at = (created: string) => {
      const r = parse(
        `<FtpAcknowledgementMessage><MessageHeader><MessageCreatedDateTime>${created}</MessageCreatedDateTime></MessageHeader><AcknowledgedFile>A</AcknowledgedFile><FileStatus>FileOK</FileStatus></FtpAcknowledgementMessage>`,
      );
      return r.ok ? r.ack.createdAt : 'refused';
    };
    expect(at('2026-11-26T10:00:00')).toEqual(new Date('2026-11-26T10:00:00Z'));
    expect(at('yesterday')).toBeNull();
  });

  it('accepts the ern-c schema form where AcknowledgedFile holds a ReleaseId and a Date', () => {
    const result = parse(
      '<FtpAcknowledgementMessage><AcknowledgedFile><ReleaseId>20261126100000123</ReleaseId><Date>2026-11-26</Date></AcknowledgedFile><FileStatus>FileOK</FileStatus></FtpAcknowledgementMessage>',
    );
    expect(result.ok && result.ack.acknowledgedFile).toBe('20261126100000123');
  });

  it('only FileOK is accepted', () => {
    for (const [status, accepted] of [
      ['FileOK', true],
      ['ResendFile', false],
      ['FileRejected', false],
      ['fileok', false],
    ] as const) {
      const r = parse(
        `<FtpAcknowledgementMessage><AcknowledgedFile>A</AcknowledgedFile><FileStatus>${status}</FileStatus></FtpAcknowledgementMessage>`,
      );
      expect(r.ok && r.ack.accepted, status).toBe(accepted);
    }
  });

  it('refuses an empty file', () => {
    expect(expectReason(Buffer.alloc(0))).toBe('The acknowledgement file is empty.');
    expect(expectReason('  \n ')).toBe('The acknowledgement file is empty.');
  });

  it('refuses malformed XML with the line of the fault', () => {
    const reason = expectReason(
      '<FtpAcknowledgementMessage>\n<AcknowledgedFile>A</AcknowledgedFile>\n<FileStatus>FileOK</Status>\n</FtpAcknowledgementMessage>',
    );
    expect(reason).toMatch(/^The acknowledgement is not well-formed XML \(line 3: .+\)\.$/);
    expect(expectReason('not xml at all')).toMatch(
      /^The acknowledgement is not well-formed XML \(line 1: .+\)\.$/,
    );
    expect(expectReason('<FtpAcknowledgementMessage>')).toMatch(
      /^The acknowledgement is not well-formed XML/,
    );
  });

  it('refuses another kind of DDEX message', () => {
    expect(
      expectReason(
        '<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43"><MessageHeader/></ern:NewReleaseMessage>',
      ),
    ).toBe(
      'This file is not a DDEX acknowledgement: its root element is NewReleaseMessage, not FtpAcknowledgementMessage.',
    );
  });

  it('refuses an acknowledgement without the file it is for', () => {
    const missing = 'The acknowledgement does not say which file it is for (AcknowledgedFile is missing).';
    expect(
      expectReason('<FtpAcknowledgementMessage><FileStatus>FileOK</FileStatus></FtpAcknowledgementMessage>'),
    ).toBe(missing);
    expect(
      expectReason(
        '<FtpAcknowledgementMessage><AcknowledgedFile> </AcknowledgedFile><FileStatus>FileOK</FileStatus></FtpAcknowledgementMessage>',
      ),
    ).toBe(missing);
    // Only a direct child counts: one nested in the header is not the acknowledged file.
    expect(
      expectReason(
        '<FtpAcknowledgementMessage><MessageHeader><AcknowledgedFile>A</AcknowledgedFile></MessageHeader><FileStatus>FileOK</FileStatus></FtpAcknowledgementMessage>',
      ),
    ).toBe(missing);
  });

  it('refuses an acknowledgement without a status', () => {
    const reason =
      'The acknowledgement for B1/B1.xml has no status (FileStatus is missing), so it cannot be read as accepted or refused.';
    expect(
      expectReason(
        '<FtpAcknowledgementMessage><AcknowledgedFile>B1/B1.xml</AcknowledgedFile></FtpAcknowledgementMessage>',
      ),
    ).toBe(reason);
    expect(
      expectReason(
        '<FtpAcknowledgementMessage><AcknowledgedFile>B1/B1.xml</AcknowledgedFile><FileStatus/></FtpAcknowledgementMessage>',
      ),
    ).toBe(reason);
  });

  it('never reads a file named by an external entity', () => {
    const reason = expectReason(
      '<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/hostname">]><FtpAcknowledgementMessage><AcknowledgedFile>&x;</AcknowledgedFile><FileStatus>FileOK</FileStatus></FtpAcknowledgementMessage>',
    );
    expect(reason).toBe(
      'The acknowledgement does not say which file it is for (AcknowledgedFile is missing).',
    );
  });

  it('refuses an entity expansion bomb instead of expanding it', () => {
    const levels = ['<!ENTITY l0 "ha">'];
    for (let i = 1; i <= 9; i++) levels.push(`<!ENTITY l${i} "${`&l${i - 1};`.repeat(10)}">`);
    const reason = expectReason(
      `<!DOCTYPE FtpAcknowledgementMessage [${levels.join('')}]><FtpAcknowledgementMessage><AcknowledgedFile>&l9;</AcknowledgedFile><FileStatus>FileOK</FileStatus></FtpAcknowledgementMessage>`,
    );
    expect(reason).toMatch(/^The acknowledgement is not well-formed XML/);
  });
});
