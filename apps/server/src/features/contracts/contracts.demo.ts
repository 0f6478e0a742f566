import {
  type ContractTerms,
  contractPlaceholderValues,
  DEFAULT_CONTRACT_TEMPLATES,
  renderTemplate,
} from '@music-review/core/contracts';
import { sql } from 'drizzle-orm';
import type { OrgTx } from '../../platform/db/index.ts';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import { documentKey, signatureBlock, signedKey, stepKey } from './contracts.documents.ts';
import { type AuditEvent, appendCertificate, renderContractPdf, sha256Hex } from './contracts.pdf.ts';
import * as repo from './contracts.repo.ts';

interface DemoInput {
  organizationId: string;
  songs: { id: string; title: string; artist: string }[];
  /** Songs that get only a recording agreement signed by both (no license, no other records). */
  agreementsOnly?: { id: string; title: string; artist: string }[];
  reviewers: { id: string; name: string }[];
}

// A small drawn signature (a PNG stroke) for the demo's second signer.
const DRAWN =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAHgAAAAkCAYAAABCKP5eAAABP0lEQVR4nO3XQQKCMBADwD7Cs0/k/zd9gC1uYbNJSw65IWR3ULC93kdz9g29gGNgx8COgR8aegHHwI4g8KeTzHPdOZ9aoHMpA49gd4EumUcROAq7MnTZHGrA0c+tjFzaW2mIrG88G1ACVg04+3nNxpTppwCcObgiMvXmYwMjBldDRr2HyAMjIVSQUf8i5IErANjIV68fAQ6fu4EWcFakcvEsZNR7xTR2Ay1gdHHGwlnXq/p1OgVHFUp7hiyGzLyBu0EVU8KtWjx7xu7eUQXVgNEACvN1O6GKquEiIZTm+wmqsCLuqNu2uCPgjOLKwFnIqrOFgK8uQfHZm42sPlcYeAQ2C6u8iJmuq8w0BRzFWxX4zozszmnAswsYHU8fNmlGdk8IcGQR/46hD5s43zKhF3AM7BjYMfBDQy/gGNi5kS8uBmjXLVl0OgAAAABJRU5ErkJggg==';

const demoTerms = (artist: string, writers: ContractTerms['writers']): ContractTerms => ({
  parties: [
    { name: 'Demo Records', role: 'Label', email: 'legal@demo.test' },
    { name: artist, role: 'Artist', email: `${artist.toLowerCase().replace(/[^a-z]+/g, '.')}@artist.test` },
  ],
  artist_name: artist,
  term: '3 years',
  territory: 'Worldwide',
  royalty_rate: 18,
  advance_cents: 250000,
  currency: 'EUR',
  writers,
  effective_date: new Date().toISOString().slice(0, 10),
});

/**
 * Demo contracts for signed songs: the first song's recording agreement signed by two (its PDFs,
 * hash chain and certificate as real signing makes them, when a storage driver is given), the
 * second song's license sent and waiting for its signer; each of `agreementsOnly` a recording
 * agreement signed like the first.
 */
export async function seedContractsDemo(tx: OrgTx, input: DemoInput, storage?: StorageDriver) {
  const orgId = input.organizationId;
  const creator = input.reviewers[0];
  if (!creator) return;
  const label = await repo.labelName(tx, orgId);
  const put = async (key: string, bytes: Uint8Array) => {
    if (storage) await storage.put(key, Buffer.from(bytes), { contentType: 'application/pdf' });
    return sha256Hex(bytes);
  };

  const make = async (
    song: DemoInput['songs'][number],
    kind: 'recording_agreement' | 'license',
    signerCount: number,
    signedCount: number,
  ) => {
    const template = DEFAULT_CONTRACT_TEMPLATES.find((t) => t.kind === kind)!;
    const title = `${kind === 'license' ? 'Master license' : 'Recording agreement'}: ${song.title}`;
    const terms = demoTerms(song.artist, [
      { name: song.artist, share: 70 },
      { name: 'Sam Okafor', share: 30 },
    ]);
    const bodyText = renderTemplate(
      template.body,
      contractPlaceholderValues(terms, { title, songTitle: song.title, labelName: label }),
    );
    const id = await repo.insertContract(tx, {
      orgId,
      songId: song.id,
      artistName: song.artist,
      templateId: null,
      kind,
      title,
      terms,
      bodyText,
      createdBy: creator.id,
    });
    const doc = {
      contractId: id,
      title,
      labelName: label,
      songTitle: song.title,
      artistName: song.artist,
      bodyText,
    };
    const draftHash = await put(documentKey(orgId, id), await renderContractPdf({ ...doc, signers: [] }));
    await repo.insertEvent(tx, {
      orgId,
      contractId: id,
      action: 'created',
      actorName: creator.name,
      hashAfter: draftHash,
    });
    const people = [
      { name: song.artist, email: terms.parties[1]!.email, role: 'Artist' },
      { name: 'Sam Okafor', email: 'sam.okafor@artist.test', role: 'Producer' },
    ].slice(0, signerCount);
    const signers = [];
    for (const [position, person] of people.entries()) {
      signers.push(await repo.insertSigner(tx, { orgId, contractId: id, ...person, position }));
    }
    let hash = await put(
      documentKey(orgId, id),
      await renderContractPdf({ ...doc, signers: signers.map(signatureBlock) }),
    );
    await repo.setDocument(tx, orgId, id, documentKey(orgId, id), hash);
    if (!storage) await tx.execute(sqlNullKey(orgId, id));
    await repo.setStatus(tx, orgId, id, 'sent', { sentAt: true });
    await repo.insertEvent(tx, {
      orgId,
      contractId: id,
      action: 'sent',
      actorName: creator.name,
      hashBefore: draftHash,
      hashAfter: hash,
    });
    for (let i = 0; i < signedCount; i++) {
      const signer = signers[i]!;
      const ip = `203.0.113.${20 + i}`;
      const userAgent = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 Safari/605.1.15';
      await repo.insertEvent(tx, {
        orgId,
        contractId: id,
        signerId: signer.id,
        action: 'viewed',
        actorName: signer.name,
        actorEmail: signer.email,
        ip,
        userAgent,
      });
      await repo.markSigned(tx, orgId, signer.id, {
        kind: i === 0 ? 'typed' : 'drawn',
        text: i === 0 ? signer.name : null,
        image: i === 0 ? null : DRAWN,
        ip,
        userAgent,
      });
      const now = await repo.listSigners(tx, orgId, [id]);
      const step = await renderContractPdf({ ...doc, signers: now.map(signatureBlock) });
      const after = await put(stepKey(orgId, id, i + 1), step);
      await repo.insertEvent(tx, {
        orgId,
        contractId: id,
        signerId: signer.id,
        action: 'signed',
        actorName: signer.name,
        actorEmail: signer.email,
        ip,
        userAgent,
        hashBefore: hash,
        hashAfter: after,
      });
      hash = after;
      if (i + 1 === signers.length) {
        const events = (await repo.listEvents(tx, orgId, id)).map(
          (e): AuditEvent => ({
            action: e.action,
            actorName: e.actor_name,
            actorEmail: e.actor_email,
            ip: e.ip,
            userAgent: e.user_agent,
            hashBefore: e.hash_before,
            hashAfter: e.hash_after,
            createdAt: new Date(e.created_at),
          }),
        );
        const complete = await appendCertificate(step, {
          contractId: id,
          title,
          labelName: label,
          documentSha256: events[1]?.hashAfter ?? '',
          events,
        });
        const finalHash = await put(signedKey(orgId, id), complete);
        await repo.insertEvent(tx, {
          orgId,
          contractId: id,
          action: 'completed',
          actorName: 'Music Review',
          hashBefore: after,
          hashAfter: finalHash,
        });
        await repo.setStatus(tx, orgId, id, 'signed', {
          completed: { key: storage ? signedKey(orgId, id) : '', sha256: finalHash },
        });
        if (!storage) await tx.execute(sqlNullKey(orgId, id));
      } else {
        await repo.setStatus(tx, orgId, id, 'partially_signed');
      }
    }
  };

  const [first, second] = input.songs;
  if (first) await make(first, 'recording_agreement', 2, 2);
  if (second) await make(second, 'license', 1, 0);
  for (const song of input.agreementsOnly ?? []) await make(song, 'recording_agreement', 2, 2);
}

/** Without storage there are no files: the keys stay empty (the hashes still show the chain). */
function sqlNullKey(orgId: string, id: string) {
  return sql`update contracts set document_key = null, signed_document_key = null
             where organization_id = ${orgId} and id = ${id}`;
}
