import { z } from 'zod';
import { MUSIC_CODE_MESSAGES, sharesTotal, validateShares } from './music-codes.ts';

/**
 * Contracts (issue 6): generated from the label's templates, sent to signers by link, signed by
 * typing or drawing a signature, with an audit trail. Statuses and the terms' shape are shared:
 * the signed-songs overview and the label copy generator read them.
 */

export const CONTRACT_STATUSES = [
  'draft',
  'sent',
  'partially_signed',
  'signed',
  'declined',
  'voided',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partially_signed: 'Partially signed',
  signed: 'Signed',
  declined: 'Declined',
  voided: 'Voided',
};

export const CONTRACT_KINDS = ['recording_agreement', 'license', 'split_sheet'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

export const CONTRACT_KIND_LABELS: Record<ContractKind, string> = {
  recording_agreement: 'Recording agreement',
  license: 'License',
  split_sheet: 'Split sheet',
};

export interface ContractParty {
  name: string;
  /** label, artist, producer, writer, publisher... */
  role: string;
  email: string;
}

export interface ContractWriterShare {
  name: string;
  /** Percent with two decimals; all writers total 100 (sharesSchema in music-codes.ts). */
  share: number;
}

/** contracts.terms: what the generator fills into a template's placeholders. */
export interface ContractTerms {
  parties: ContractParty[];
  artist_name: string;
  /** e.g. "3 years", "Perpetual". */
  term: string;
  /** e.g. "Worldwide", "Europe". */
  territory: string;
  /** Artist royalty in percent (0-100). */
  royalty_rate: number;
  /** Advance in minor units (cents) of `currency`. */
  advance_cents: number;
  currency: string;
  writers: ContractWriterShare[];
  /** ISO date (YYYY-MM-DD). */
  effective_date: string;
}

// ---------------------------------------------------------------------------------------------------
// Everything below: the generator, templates, signing and the shapes of /api/v1/contracts*.

export function isContractStatus(value: string): value is ContractStatus {
  return (CONTRACT_STATUSES as readonly string[]).includes(value);
}

/**
 * Which status may follow which. A draft is sent (or deleted); signatures move it through
 * partially_signed to signed; a signer's decline ends it; the label can void it until it is signed.
 * signed, declined and voided are final.
 */
export const CONTRACT_TRANSITIONS: Record<ContractStatus, readonly ContractStatus[]> = {
  draft: ['sent'],
  sent: ['partially_signed', 'signed', 'declined', 'voided'],
  partially_signed: ['partially_signed', 'signed', 'declined', 'voided'],
  signed: [],
  declined: [],
  voided: [],
};

export function canTransition(from: ContractStatus, to: ContractStatus): boolean {
  return CONTRACT_TRANSITIONS[from].includes(to);
}

/** Only a draft's terms can change, and only a draft can be deleted (a sent one is voided). */
export const canEditContract = (status: ContractStatus) => status === 'draft';
export const canVoidContract = (status: ContractStatus) => canTransition(status, 'voided');
/** Waiting for signatures: links are live. */
export const isAwaitingSignatures = (status: ContractStatus) =>
  status === 'sent' || status === 'partially_signed';

/** The status after a signature, from how many of the signers have now signed. */
export function statusAfterSignature(signedCount: number, signerCount: number): ContractStatus {
  return signedCount >= signerCount ? 'signed' : 'partially_signed';
}

// ---------- Templates and placeholders ----------

/** The placeholders a template may use, written `{{name}}`, with what each becomes. */
export const CONTRACT_PLACEHOLDERS = {
  contract_title: 'The contract title',
  song_title: 'The song (recording) title',
  artist_name: 'The artist',
  label_name: 'Your label’s name',
  parties: 'Every party with role and email, one per line',
  term: 'The term, e.g. 3 years',
  territory: 'The territory, e.g. Worldwide',
  royalty_rate: 'The artist royalty rate, e.g. 18%',
  advance: 'The advance with its currency, e.g. EUR 5,000.00',
  writers_table: 'The writers and their shares, one per line',
  effective_date: 'The effective date, e.g. 1 March 2026',
} as const;
export type ContractPlaceholder = keyof typeof CONTRACT_PLACEHOLDERS;
export const CONTRACT_PLACEHOLDER_NAMES = Object.keys(CONTRACT_PLACEHOLDERS) as ContractPlaceholder[];

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

/** The distinct placeholder names a body uses, in order of first use. */
export function placeholdersIn(body: string): string[] {
  const names: string[] = [];
  for (const match of body.matchAll(PLACEHOLDER)) {
    const name = match[1]!;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** Placeholders the generator cannot fill (typos like {{artist}}), in order of first use. */
export function unknownPlaceholders(body: string): string[] {
  return placeholdersIn(body).filter((name) => !(CONTRACT_PLACEHOLDER_NAMES as string[]).includes(name));
}

/** Fills every known placeholder; unknown ones stay as written so a reader sees the gap. */
export function renderTemplate(body: string, values: Record<ContractPlaceholder, string>): string {
  return body.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as ContractPlaceholder] : whole,
  );
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 2026-03-01 -> "1 March 2026" (the date as agreed, no time zone involved). */
export function formatContractDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  return `${Number(match[3])} ${MONTHS[Number(match[2]) - 1] ?? ''} ${match[1]}`;
}

/** 500000 cents, EUR -> "EUR 5,000.00". */
export function formatAdvance(cents: number, currency: string): string {
  const amount = (cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${amount}`;
}

/** A royalty rate as written in a contract: 18 -> "18%", 17.5 -> "17.5%". */
export const formatRoyaltyRate = (rate: number) => `${Number(rate.toFixed(2))}%`;

/** The placeholder values of a contract from its terms and the song and label it is for. */
export function contractPlaceholderValues(
  terms: ContractTerms,
  context: { title: string; songTitle: string; labelName: string },
): Record<ContractPlaceholder, string> {
  return {
    contract_title: context.title,
    song_title: context.songTitle,
    artist_name: terms.artist_name,
    label_name: context.labelName,
    parties: terms.parties.map((p) => `- ${p.name} (${p.role}), ${p.email}`).join('\n'),
    term: terms.term,
    territory: terms.territory,
    royalty_rate: formatRoyaltyRate(terms.royalty_rate),
    advance: formatAdvance(terms.advance_cents, terms.currency),
    writers_table: terms.writers.map((w) => `- ${w.name}: ${w.share}%`).join('\n'),
    effective_date: formatContractDate(terms.effective_date),
  };
}

/** The texts every label starts with (read-only; a label copies one to change it). */
export const DEFAULT_CONTRACT_TEMPLATES: ReadonlyArray<{ kind: ContractKind; name: string; body: string }> = [
  {
    kind: 'recording_agreement',
    name: 'Recording agreement (standard)',
    body: `{{contract_title}}

This Recording Agreement is made on {{effective_date}} (the "Effective Date") between {{label_name}} (the "Label") and {{artist_name}} (the "Artist") for the master recording "{{song_title}}" (the "Recording").

Parties:
{{parties}}

1. Grant of rights. The Artist grants the Label the exclusive right to manufacture, distribute, sell, stream, license and otherwise exploit the Recording in all formats now known or later devised throughout {{territory}} for {{term}} from the Effective Date (the "Term").

2. Ownership. The Label owns the copyright in the master recording (the P-line) for the Term. The underlying composition remains with its writers and publishers.

3. Royalties. The Label pays the Artist a royalty of {{royalty_rate}} of the Label's net receipts from the exploitation of the Recording. Net receipts are the amounts actually received by the Label after distribution fees, sales taxes and third-party mechanical royalties.

4. Advance. The Label pays the Artist a non-returnable advance of {{advance}} on signature. The advance is recoupable from the Artist's royalties only and is never repayable from any other source.

5. Accounting. The Label accounts to the Artist twice a year, within 90 days after 30 June and 31 December, with a statement of earnings, recouped costs and the balance due, and pays any balance with the statement. The Artist may audit the Label's books once a year on 30 days' written notice.

6. Credits. The Artist is credited as "{{artist_name}}" on every release and in all metadata the Label supplies to retailers and streaming services.

7. Composition. The writers of the composition and their shares are:
{{writers_table}}

8. Warranties. The Artist warrants that the Recording is original, that it does not infringe the rights of any third party, and that all samples have been cleared in writing.

9. Termination. Either party may terminate this Agreement by written notice if the other commits a material breach that is not remedied within 30 days of notice. Rights in releases made before termination survive for the remainder of the Term.

10. Governing law. This Agreement is governed by the laws of the Label's place of business, and its courts have exclusive jurisdiction.

Signed electronically by the parties below.`,
  },
  {
    kind: 'license',
    name: 'Master license (standard)',
    body: `{{contract_title}}

This License is made on {{effective_date}} between {{artist_name}} (the "Licensor") and {{label_name}} (the "Licensee") for the master recording "{{song_title}}" (the "Master").

Parties:
{{parties}}

1. License. The Licensor grants the Licensee an exclusive license to reproduce, distribute, stream and sell the Master throughout {{territory}} for {{term}} from the date above (the "License Period"). The Licensor keeps ownership of the Master.

2. Royalty. The Licensee pays the Licensor {{royalty_rate}} of the Licensee's net receipts from the Master.

3. Advance. The Licensee pays the Licensor an advance of {{advance}}, recoupable from royalties under this License only.

4. Accounting. Statements and payments are made twice a year, within 90 days after each half-year ends.

5. Reversion. At the end of the License Period all rights revert to the Licensor; the Licensee may sell off existing physical stock for 6 months and shall take the Master down from digital services within 30 days.

6. Composition. The writers of the underlying composition and their shares are:
{{writers_table}}

7. Warranties. The Licensor warrants that it owns or controls the Master and that its exploitation infringes no third party's rights.

Signed electronically by the parties below.`,
  },
  {
    kind: 'split_sheet',
    name: 'Split sheet (composition)',
    body: `{{contract_title}}

Split sheet for the composition "{{song_title}}" recorded by {{artist_name}}, released by {{label_name}}. Effective {{effective_date}}.

The undersigned agree that they wrote the composition and that the ownership of the composition (writers' shares) is divided as follows, totalling 100%:
{{writers_table}}

Parties:
{{parties}}

1. Each writer may register their share with their performing rights organisation (PRO) and publisher.

2. These shares apply to all income from the composition in {{territory}}: performance, mechanical and synchronisation income.

3. This split sheet replaces any earlier agreement about these shares and can be changed only in writing signed by every writer.

Signed electronically by the parties below.`,
  },
];

/** The id under which the built-in template of a kind is listed and chosen. */
export const defaultTemplateId = (kind: ContractKind) => `default-${kind}`;
export function defaultTemplateOf(id: string) {
  return DEFAULT_CONTRACT_TEMPLATES.find((t) => defaultTemplateId(t.kind) === id) ?? null;
}

// ---------- Validation at the boundary ----------

export const CONTRACT_LIMITS = {
  title: 200,
  templateName: 120,
  templateBody: 50_000,
  name: 200,
  role: 60,
  text: 200,
  parties: 10,
  writers: 20,
  signers: 10,
  reason: 2000,
  /** A drawn signature as a PNG data URL: the pad makes a few tens of kilobytes. */
  signatureImage: 400_000,
} as const;

export const CONTRACT_MESSAGES = {
  title: 'title: enter a title for the contract',
  templateName: 'name: enter a name for the template',
  templateBody: 'body: the template text is empty',
  unknownPlaceholders: (names: string[]) =>
    `body: unknown placeholders ${names.map((n) => `{{${n}}}`).join(', ')}. Use only ${CONTRACT_PLACEHOLDER_NAMES.map((n) => `{{${n}}}`).join(', ')}.`,
  artistName: 'terms.artist_name: enter the artist',
  term: 'terms.term: enter the term, like "3 years" or "Perpetual"',
  territory: 'terms.territory: enter the territory, like "Worldwide"',
  royaltyRate: 'terms.royalty_rate: the royalty rate must be a number from 0 to 100',
  advance: 'terms.advance_cents: the advance must be a whole number of cents, 0 or more',
  currency: 'terms.currency: use a 3-letter currency code like EUR or USD',
  effectiveDate: 'terms.effective_date: enter the effective date as YYYY-MM-DD',
  parties: 'terms.parties: add at least one party',
  partyName: 'enter the party’s name',
  partyRole: 'enter the party’s role',
  email: 'enter a valid email address',
  writers: 'terms.writers: add at least one writer',
  writerName: 'enter the writer’s name',
  signers: 'signers: add at least one signer',
  signerEmailTwice: 'signers: each signer needs their own email address',
  agree: 'agree: tick the box to agree to sign electronically',
  signatureText: 'signature_text: type your full name as your signature',
  signatureImage: 'signature_image: draw your signature in the box',
  reason: 'reason: tell the label why you decline to sign',
  notSigned: 'This song is not signed yet. Sign the song before making a contract for it.',
  notDraft: 'Only a draft can be changed or deleted. Void a sent contract instead.',
  notSendable: 'This contract has already been sent.',
  notVoidable: 'Only a contract waiting for signatures can be voided.',
  planRefused:
    'Your plan does not include the contract generator, and the Starter plan’s one free contract has been used. Upgrade your plan to generate more contracts.',
} as const;

const trimmed = (max: number, message: string) => z.string().trim().min(1, message).max(max);
const emailField = (path: string) =>
  z
    .string()
    .trim()
    .max(254)
    .pipe(z.email(`${path}: ${CONTRACT_MESSAGES.email}`));

export const contractPartySchema = z.object({
  name: trimmed(CONTRACT_LIMITS.name, `name: ${CONTRACT_MESSAGES.partyName}`),
  role: trimmed(CONTRACT_LIMITS.role, `role: ${CONTRACT_MESSAGES.partyRole}`),
  email: emailField('email'),
});

export const contractWriterSchema = z.object({
  name: trimmed(CONTRACT_LIMITS.name, `name: ${CONTRACT_MESSAGES.writerName}`),
  share: z.number({ message: `share: ${MUSIC_CODE_MESSAGES.shareNotNumber}` }),
});

/** The writers' list: each share valid, all totalling exactly 100 (music-codes' share rules). */
export const contractWritersSchema = z
  .array(contractWriterSchema)
  .min(1, CONTRACT_MESSAGES.writers)
  .max(CONTRACT_LIMITS.writers)
  .superRefine((writers, ctx) => {
    if (writers.length === 0) return;
    const result = validateShares(writers.map((w) => w.share));
    if (!result.ok) {
      ctx.addIssue({
        code: 'custom',
        message:
          result.index === null
            ? `terms.writers: ${result.message}`
            : `terms.writers.${result.index}.share: ${result.message}`,
        path: result.index === null ? [] : [result.index, 'share'],
      });
    }
  });

export const contractTermsSchema = z.object({
  parties: z.array(contractPartySchema).min(1, CONTRACT_MESSAGES.parties).max(CONTRACT_LIMITS.parties),
  artist_name: trimmed(CONTRACT_LIMITS.name, CONTRACT_MESSAGES.artistName),
  term: trimmed(CONTRACT_LIMITS.text, CONTRACT_MESSAGES.term),
  territory: trimmed(CONTRACT_LIMITS.text, CONTRACT_MESSAGES.territory),
  royalty_rate: z
    .number({ message: CONTRACT_MESSAGES.royaltyRate })
    .min(0, CONTRACT_MESSAGES.royaltyRate)
    .max(100, CONTRACT_MESSAGES.royaltyRate),
  advance_cents: z
    .number({ message: CONTRACT_MESSAGES.advance })
    .int(CONTRACT_MESSAGES.advance)
    .min(0, CONTRACT_MESSAGES.advance)
    .max(100_000_000_000, CONTRACT_MESSAGES.advance),
  currency: z
    .string()
    .trim()
    .transform((c) => c.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{3}$/, CONTRACT_MESSAGES.currency)),
  writers: contractWritersSchema,
  effective_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, CONTRACT_MESSAGES.effectiveDate)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), CONTRACT_MESSAGES.effectiveDate),
}) satisfies z.ZodType<ContractTerms, unknown>;

export { sharesTotal as writersShareTotal };

export const contractTemplateBody = z.object({
  kind: z.enum(CONTRACT_KINDS),
  name: trimmed(CONTRACT_LIMITS.templateName, CONTRACT_MESSAGES.templateName),
  body: z
    .string()
    .trim()
    .min(1, CONTRACT_MESSAGES.templateBody)
    .max(CONTRACT_LIMITS.templateBody)
    .superRefine((body, ctx) => {
      const unknown = unknownPlaceholders(body);
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', message: CONTRACT_MESSAGES.unknownPlaceholders(unknown) });
    }),
});
export type ContractTemplateBody = z.infer<typeof contractTemplateBody>;

/** POST /songs/{songId}/contracts and PUT /contracts/{id} (a draft). */
export const generateContractBody = z.object({
  /** A template of the label (uuid) or a built-in one (`default-<kind>`). */
  template_id: z.string().min(1, 'template_id: choose a template').max(64),
  title: trimmed(CONTRACT_LIMITS.title, CONTRACT_MESSAGES.title),
  terms: contractTermsSchema,
});
export type GenerateContractBody = z.infer<typeof generateContractBody>;

export const contractSignerInput = z.object({
  name: trimmed(CONTRACT_LIMITS.name, 'name: enter the signer’s name'),
  email: emailField('email'),
  role: trimmed(CONTRACT_LIMITS.role, 'role: enter the signer’s role, like Artist'),
});

export const sendContractBody = z.object({
  signers: z
    .array(contractSignerInput)
    .min(1, CONTRACT_MESSAGES.signers)
    .max(CONTRACT_LIMITS.signers)
    .refine(
      (signers) => new Set(signers.map((s) => s.email.toLowerCase())).size === signers.length,
      CONTRACT_MESSAGES.signerEmailTwice,
    ),
  message: z.string().trim().max(2000).optional(),
});
export type SendContractBody = z.infer<typeof sendContractBody>;

export const SIGNATURE_KINDS = ['typed', 'drawn'] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/;

export const signContractBody = z
  .object({
    token: z.string().max(100),
    signature_kind: z.enum(SIGNATURE_KINDS),
    signature_text: z.string().trim().max(CONTRACT_LIMITS.name).optional(),
    signature_image: z.string().max(CONTRACT_LIMITS.signatureImage).optional(),
    agree: z.literal(true, CONTRACT_MESSAGES.agree),
  })
  .superRefine((body, ctx) => {
    if (body.signature_kind === 'typed' && !body.signature_text) {
      ctx.addIssue({ code: 'custom', message: CONTRACT_MESSAGES.signatureText, path: ['signature_text'] });
    }
    if (body.signature_kind === 'drawn' && !PNG_DATA_URL.test(body.signature_image ?? '')) {
      ctx.addIssue({ code: 'custom', message: CONTRACT_MESSAGES.signatureImage, path: ['signature_image'] });
    }
  });
export type SignContractBody = z.infer<typeof signContractBody>;

export const declineContractBody = z.object({
  reason: z.string().trim().min(1, CONTRACT_MESSAGES.reason).max(CONTRACT_LIMITS.reason),
});

// ---------- API shapes ----------

export const CONTRACT_EVENT_ACTIONS = [
  'created',
  'edited',
  'sent',
  'viewed',
  'signed',
  'declined',
  'voided',
  'completed',
] as const;
export type ContractEventAction = (typeof CONTRACT_EVENT_ACTIONS)[number];

export const CONTRACT_EVENT_LABELS: Record<ContractEventAction, string> = {
  created: 'Created',
  edited: 'Edited',
  sent: 'Sent for signature',
  viewed: 'Viewed',
  signed: 'Signed',
  declined: 'Declined',
  voided: 'Voided',
  completed: 'Completed',
};

// The answers of /api/v1/contracts* and the signer's pages: inferred from their endpoint contracts.
export type {
  ContractDetailDto,
  ContractDto,
  ContractEventDto,
  ContractGeneratorAccessDto,
  ContractSignerDto,
  ContractTemplateDto,
  PublicContractDto,
  PublicDeclineDto,
  PublicSignedDto,
  SentContractDto,
  SignerLinkDto,
} from './contracts/contracts.ts';

export const CONTRACT_TEXTS = {
  generate: 'Generate contract',
  templates: 'Contract templates',
  send: 'Send for signature',
  void: 'Void contract',
  voidConfirm: 'Void this contract? Its signing links stop working at once. This cannot be undone.',
  empty: 'No contracts for this song yet.',
  agree: 'I agree to sign this document electronically',
  sign: 'Sign contract',
  decline: 'Decline to sign',
  trialAvailable: 'Starter plan: 1 free contract. Upgrade for unlimited contracts.',
  included: 'Your plan includes the contract generator.',
} as const;

/** The generator's plan state as the tab shows it. */
export function generatorAccessMessage(access: { allowed: boolean; is_trial: boolean }): string {
  if (!access.allowed) return CONTRACT_MESSAGES.planRefused;
  return access.is_trial ? CONTRACT_TEXTS.trialAvailable : CONTRACT_TEXTS.included;
}
