/**
 * A cost's receipt (issue 16 section 4): a file of the project folder of the contract's song. The
 * choices the ledger form offers, the entry that keeps one with its name and a link that opens the
 * file, and the keys refused: another label's, another song's, a deleted file's, a made-up one.
 * PGlite and PostgreSQL.
 */
import type { PresignedUploadDto } from '@music-review/core/assets';
import type { addLedgerEntry, listReceiptFiles } from '@music-review/core/contracts/royalties';
import type { ResponseOf } from '@music-review/core/endpoint';
import type { ProjectFileDto, ProjectFolderListingDto } from '@music-review/core/project-folder';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel } from '../../test/api-helpers.ts';
import { createFileTestServer, injectAs, putPresigned, storagePath } from '../../test/file-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import { proLabel } from '../../test/job-server.ts';
import { insertSignedSong } from '../../test/songs.ts';
import { RECEIPT_MESSAGES } from './deals.service.ts';

type Label = Awaited<ReturnType<typeof proLabel>>;
type ReceiptFiles = ResponseOf<typeof listReceiptFiles>;
type Entry = ResponseOf<typeof addLedgerEntry>;
type Listing = ProjectFolderListingDto;
type ErrorBody = { error: { code: string; fields?: Record<string, string> } };

const INVOICE = Buffer.from('Studio Nord invoice 2026-014: mixing, 2 days, USD 450.00\n');

describe('receipts of ledger entries', () => {
  let server: TestServer;
  let label: Label;
  let other: Label;
  let dealId: string;
  let payeeId: string;
  let songId: string;
  let otherSongId: string;
  let foreignSongId: string;

  const call = (who: { token: string }, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    injectAs(server, who, method, url, payload);

  /** Into a song's project folder through its own endpoints, as the web app uploads. */
  async function upload(
    who: Label,
    song: string,
    name: string,
    body: Buffer,
    folderId: string | null = null,
  ) {
    const base = `/api/v1/songs/${song}/project-folder`;
    const presign = await call(who, 'POST', `${base}/uploads`, {
      folder_id: folderId,
      filename: name,
      content_type: 'text/plain',
      size_bytes: body.length,
    });
    expect(presign.statusCode, presign.body).toBe(200);
    const presigned = presign.json<PresignedUploadDto>();
    expect((await putPresigned(server, presigned, body)).statusCode).toBe(200);
    const confirmed = await call(who, 'POST', `${base}/files`, {
      key: presigned.key,
      folder_id: folderId,
      name,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    return { key: presigned.key, file: confirmed.json<ProjectFileDto>() };
  }

  const cost = (receiptKey: string | null, amount = '450') => ({
    kind: 'cost',
    payee_id: payeeId,
    amount,
    currency: 'USD',
    entry_date: '2026-03-02',
    recoupable: true,
    reason: 'Mixing at Studio Nord',
    receipt_key: receiptKey,
  });
  const addEntry = (body: Record<string, unknown>, who: Label = label) =>
    call(who, 'POST', `/api/v1/finance/deals/${dealId}/ledger`, body);
  const ledger = async () => {
    const res = await call(label, 'GET', `/api/v1/finance/deals/${dealId}/ledger`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ entries: Entry[] }>().entries;
  };

  beforeAll(async () => {
    server = await createFileTestServer('receipts');
    label = await proLabel(server, 'Receipt Records');
    other = await proLabel(server, 'Elsewhere Records');
    const org = label.organization.id;
    songId = (await insertSignedSong(server, org, { title: 'Tidal Glass', artist: 'Ada Wex' })).id;
    otherSongId = (await insertSignedSong(server, org, { title: 'Paper Moons', artist: 'Ada Wex' })).id;
    foreignSongId = (
      await insertSignedSong(server, other.organization.id, { title: 'Far Away', artist: 'Ben Orr' })
    ).id;
    const contractId = await server.database.withOrg(org, async (tx) => {
      const [payee] = await queryRows<{ id: string }>(
        tx,
        sql`insert into payees (organization_id, name, currency) values (${org}, 'Ada Wex Music', 'USD') returning id`,
      );
      payeeId = payee!.id;
      const [recording] = await queryRows<{ id: string }>(
        tx,
        sql`insert into recordings (organization_id, title, display_artist, isrc, origin, song_id)
            values (${org}, 'Tidal Glass', 'Ada Wex', 'GBWEX2600009', 'demo', ${songId}) returning id`,
      );
      await tx.execute(
        sql`insert into master_splits (organization_id, recording_id, payee_id, share_bp)
            values (${org}, ${recording!.id}, ${payeeId}, 10000)`,
      );
      const [contract] = await queryRows<{ id: string }>(
        tx,
        sql`insert into contracts (organization_id, song_id, artist_name, status, title, terms, completed_at)
            values (${org}, ${songId}, 'Ada Wex', 'signed', 'Recording agreement',
              ${JSON.stringify({ royalty_rate: 50 })}::jsonb, '2025-12-15T10:00:00Z')
            returning id`,
      );
      return contract!.id;
    });
    const deal = await call(label, 'POST', '/api/v1/finance/deals', { contract_id: contractId });
    expect(deal.statusCode, deal.body).toBe(201);
    dealId = deal.json<{ id: string }>().id;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it("offers the files the song's project folder shows, newest first, with their folder", async () => {
    const folder = await call(label, 'POST', `/api/v1/songs/${songId}/project-folder/folders`, {
      name: 'Invoices',
      parent_id: null,
    });
    expect(folder.statusCode, folder.body).toBe(201);
    await upload(label, songId, 'studio-nord-invoice.txt', INVOICE, folder.json<{ id: string }>().id);
    await upload(label, songId, 'artwork-receipt.txt', Buffer.from('Artwork by Lio, USD 120.00\n'));
    // Not offered: a file deleted from the folder, a file of another song of the label.
    const gone = await upload(label, songId, 'old-quote.txt', Buffer.from('Quote, superseded\n'));
    expect(
      (await call(label, 'DELETE', `/api/v1/songs/${songId}/project-folder/files/${gone.file.id}`))
        .statusCode,
    ).toBe(204);
    await upload(label, otherSongId, 'paper-moons-invoice.txt', Buffer.from('Another song\n'));

    const res = await call(label, 'GET', `/api/v1/finance/deals/${dealId}/receipt-files`);
    expect(res.statusCode, res.body).toBe(200);
    const choices = res.json<ReceiptFiles>();
    expect(choices.song_id).toBe(songId);
    expect(choices.song_title).toBe('Tidal Glass');
    expect(choices.files.map((f) => [f.name, f.folder_path, f.size_bytes])).toEqual([
      ['artwork-receipt.txt', null, 'Artwork by Lio, USD 120.00\n'.length],
      ['studio-nord-invoice.txt', 'Invoices', INVOICE.length],
    ]);
    expect(choices.files[1]!.key).toMatch(new RegExp(`^${label.organization.id}/files/${songId}_`));

    // Another label's member: the contract is not found.
    expect((await call(other, 'GET', `/api/v1/finance/deals/${dealId}/receipt-files`)).statusCode).toBe(404);
  });

  it('keeps a cost’s receipt: its name and a link that opens the file', async () => {
    const { files } = (
      await call(label, 'GET', `/api/v1/finance/deals/${dealId}/receipt-files`)
    ).json<ReceiptFiles>();
    const invoice = files.find((f) => f.name === 'studio-nord-invoice.txt')!;
    const added = await addEntry(cost(invoice.key));
    expect(added.statusCode, added.body).toBe(201);
    const entry = added.json<Entry>();
    expect(entry).toMatchObject({
      kind: 'cost',
      amount: '450',
      receipt: { name: 'studio-nord-invoice.txt', deleted: false },
    });
    // The link opens the very file uploaded.
    const opened = await server.app.inject({ method: 'GET', url: storagePath(entry.receipt!.url!) });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toBe(INVOICE.toString());

    // An entry without one answers null; the ledger lists both.
    expect((await addEntry(cost(null, '80'))).json<Entry>().receipt).toBeNull();
    const entries = await ledger();
    expect(entries.map((e) => [e.amount, e.receipt?.name ?? null])).toEqual([
      ['450', 'studio-nord-invoice.txt'],
      ['80', null],
    ]);
    // Another label cannot read the ledger, nor so its receipts.
    expect((await call(other, 'GET', `/api/v1/finance/deals/${dealId}/ledger`)).statusCode).toBe(404);
  });

  it("refuses a key that is not a file the song's project folder shows", async () => {
    const refusal = async (key: string) => {
      const res = await addEntry(cost(key));
      expect(res.statusCode, res.body).toBe(400);
      return res.json<ErrorBody>().error.fields?.receipt_key;
    };
    // Another label's real file: the message a made-up key of no label gets.
    const foreign = await upload(other, foreignSongId, 'their-invoice.txt', Buffer.from('Not yours\n'));
    expect(await refusal(foreign.key)).toBe(RECEIPT_MESSAGES.notTheLabels);
    expect(await refusal('not-a-key')).toBe(RECEIPT_MESSAGES.notTheLabels);
    expect(RECEIPT_MESSAGES.notTheLabels).toBe('Choose a file of your project folder.');

    // The label's own keys, but not this song's shown files.
    const otherSong = (
      await call(label, 'GET', `/api/v1/songs/${otherSongId}/project-folder`)
    ).json<Listing>();
    const onOtherSong = await queryKey(otherSong.files[0]!.id);
    const deletedFile = (await call(label, 'GET', `/api/v1/songs/${songId}/project-folder`)).json<Listing>()
      .deleted.files[0]!;
    const notTheSongs = 'Choose a file of the project folder of “Tidal Glass”.';
    expect(await refusal(onOtherSong)).toBe(notTheSongs);
    expect(await refusal(await queryKey(deletedFile.id))).toBe(notTheSongs);
    expect(await refusal(`${label.organization.id}/files/${songId}_0000/made-up.pdf`)).toBe(notTheSongs);
    // Nothing was added by the refusals.
    expect(await ledger()).toHaveLength(2);
  });

  it('still links a receipt deleted from the project folder afterwards, marked deleted', async () => {
    const invoice = (await call(label, 'GET', `/api/v1/songs/${songId}/project-folder`))
      .json<Listing>()
      .files.find((f) => f.name === 'studio-nord-invoice.txt')!;
    expect(
      (await call(label, 'DELETE', `/api/v1/songs/${songId}/project-folder/files/${invoice.id}`)).statusCode,
    ).toBe(204);
    const [withReceipt] = await ledger();
    expect(withReceipt!.receipt).toMatchObject({ name: 'studio-nord-invoice.txt', deleted: true });
    expect(
      (await server.app.inject({ method: 'GET', url: storagePath(withReceipt!.receipt!.url!) })).statusCode,
    ).toBe(200);
    // And no longer offered for a new entry.
    const { files } = (
      await call(label, 'GET', `/api/v1/finance/deals/${dealId}/receipt-files`)
    ).json<ReceiptFiles>();
    expect(files.map((f) => f.name)).toEqual(['artwork-receipt.txt']);
  });

  it('says a receipt purged from the project folder by its name, without a link', async () => {
    const org = label.organization.id;
    await server.database.withOrg(org, (tx) =>
      tx.execute(
        sql`update project_files set deleted_at = now() - interval '31 days'
            where organization_id = ${org} and name = 'studio-nord-invoice.txt'`,
      ),
    );
    // Listing the folder purges what is due.
    expect((await call(label, 'GET', `/api/v1/songs/${songId}/project-folder`)).statusCode).toBe(200);
    const [withReceipt] = await ledger();
    // The key's file name part (made from the upload's name) is what remains.
    expect(withReceipt!.receipt).toEqual({ name: 'studio-nord-invoice.txt', url: null, deleted: true });
  });

  it('is finance: a label on a plan without the catalogue gets plan_required', async () => {
    const starter = await adminWithLabel(server.app, 'Starter Records');
    const res = await call(starter, 'GET', `/api/v1/finance/deals/${dealId}/receipt-files`);
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().error.code).toBe('plan_required');
  });

  /** A project file's storage key, read as its label (the folder's listing does not show keys). */
  async function queryKey(fileId: string) {
    const org = label.organization.id;
    const [row] = await server.database.withOrg(org, (tx) =>
      queryRows<{ file_key: string }>(
        tx,
        sql`select file_key from project_files where organization_id = ${org} and id = ${fileId}`,
      ),
    );
    return row!.file_key;
  }
});
