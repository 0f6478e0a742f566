// The whole data model. drizzle-kit generates the SQL migrations from this file
// (`npm run db:generate`); row-level security, triggers and seeds live in hand-written migrations.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });
const orgRef = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

// ---------- Auth (not tenant data: an account exists before it joins a label) ----------

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    userMetadata: jsonb('user_metadata').$type<Record<string, unknown>>().notNull().default({}),
    emailConfirmedAt: ts('email_confirmed_at'),
    lastSignInAt: ts('last_sign_in_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    aal: text('aal').$type<'aal1' | 'aal2'>().notNull().default('aal1'),
    // A session made from a password-reset link may only change the password.
    isRecovery: boolean('is_recovery').notNull().default(false),
    createdAt: createdAt(),
    refreshedAt: ts('refreshed_at'),
    revokedAt: ts('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('auth_sessions_user_id_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_id_idx').on(t.sessionId),
  ],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'signup' | 'recovery'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_tokens_token_hash_key').on(t.tokenHash),
    index('email_tokens_user_id_idx').on(t.userId),
  ],
);

export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    factorType: text('factor_type').$type<'totp' | 'phone'>().notNull(),
    status: text('status').$type<'verified' | 'unverified'>().notNull().default('unverified'),
    friendlyName: text('friendly_name'),
    secret: text('secret'),
    phone: text('phone'),
    // The last TOTP time step accepted: a code works once (replays of it or older steps are refused).
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('mfa_factors_user_id_idx').on(t.userId)],
);

export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: id(),
    factorId: uuid('factor_id')
      .notNull()
      .references(() => mfaFactors.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    verifiedAt: ts('verified_at'),
    otpHash: text('otp_hash'),
    expiresAt: ts('expires_at'),
    // Wrong codes tried against this challenge (rate limit).
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('mfa_challenges_factor_id_idx').on(t.factorId)],
);

export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  retiredAt: ts('retired_at'),
});

// The HMAC secret of the local storage driver's signed URLs: generated at first boot and kept here
// so every server copy signs and verifies with the same secret.
export const storageSecrets = pgTable('storage_secrets', {
  id: text('id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

// A counter per organization that statement-level triggers raise on every change to songs,
// song_revisions, reviews and reviewers (migration 0005): a cached review dashboard is good while it
// is unchanged (docs/decisions/0005).
export const organizationDataVersions = pgTable('organization_data_versions', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  /**
   * Raised only by the tables the statement-derived analytics answers read (royalty imports, rollups,
   * alerts, periods, settings, deals, ledger, payees, mappings and the recordings and releases they
   * name; migration 0024): reviewing demos leaves those answers cached (decision 0030).
   */
  incomeVersion: bigint('income_version', { mode: 'number' }).notNull().default(0),
  /**
   * Raised by the catalogue's tables when something a list's count filters on may have changed
   * (migration 0027): a row added or removed, or a recording's title, artist, ISRC, year, origin or
   * work. The lists' totals are kept under it, so saving a genre or a BPM counts nothing again.
   */
  countVersion: bigint('count_version', { mode: 'number' }).notNull().default(0),
});

// Fixed-window counters shared by every server copy.
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

// Mail written here when no SMTP_URL is configured (dev mailbox).
export const devMailbox = pgTable('dev_mailbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: createdAt(),
});

// ---------- Plans and organizations ----------

export const subscriptionPlans = pgTable('subscription_plans', {
  id: id(),
  name: text('name').notNull().unique(),
  trackLimit: integer('track_limit').notNull(),
  userLimit: integer('user_limit').notNull(),
  hasLabelCopyGenerator: boolean('has_label_copy_generator').notNull().default(false),
  hasContractGenerator: boolean('has_contract_generator').notNull().default(false),
  hasChatFunctionality: boolean('has_chat_functionality').notNull().default(false),
  hasCatalogue: boolean('has_catalogue').notNull().default(false),
  hasEmailSupport: boolean('has_email_support').notNull().default(false),
  // Bytes of files the label may keep (-1: unlimited), and exports per month (-1: unlimited).
  storageLimitBytes: bigint('storage_limit_bytes', { mode: 'number' }).notNull().default(-1),
  monthlyExportLimit: integer('monthly_export_limit').notNull().default(-1),
  createdAt: createdAt(),
});

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull(),
    logoUrl: text('logo_url'),
    inviteCode: text('invite_code').notNull(),
    subscriptionPlanId: uuid('subscription_plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organizations_invite_code_key').on(t.inviteCode),
    index('organizations_subscription_plan_id_idx').on(t.subscriptionPlanId),
  ],
);

export const reviewers = pgTable(
  'reviewers',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    // Null until the reviewer creates or joins a label.
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    // Storage key of the member's avatar image (type images), or null for initials.
    avatarKey: text('avatar_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviewers_user_id_key').on(t.userId),
    index('reviewers_organization_id_idx').on(t.organizationId),
    index('reviewers_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

export const trialUsage = pgTable(
  'trial_usage',
  {
    id: id(),
    organizationId: orgRef(),
    featureName: text('feature_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('trial_usage_org_feature_key').on(t.organizationId, t.featureName)],
);

export const organizationUsageMetrics = pgTable(
  'organization_usage_metrics',
  {
    id: id(),
    organizationId: orgRef(),
    monthStartDate: date('month_start_date').notNull(),
    tracksUploadedCount: integer('tracks_uploaded_count').notNull().default(0),
    activeUsersCount: integer('active_users_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organization_usage_metrics_org_month_key').on(t.organizationId, t.monthStartDate)],
);

// ---------- Songs and reviews ----------

export const songs = pgTable(
  'songs',
  {
    id: id(),
    organizationId: orgRef(),
    title: text('title').notNull(),
    artist: text('artist').notNull(),
    status: text('status').notNull().default('pending'),
    // When an admin signed or passed the song (set by the sign/pass paths when the status changes);
    // null while undecided and for decisions taken before the column existed (issue 17).
    decidedAt: ts('decided_at'),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    submissionSource: text('submission_source'),
    audioFileKey: text('audio_file_key'),
    waveformFileKey: text('waveform_file_key'),
    audioUrl: text('audio_url'),
    waveformUrl: text('waveform_url'),
    currentVersionNumber: integer('current_version_number').notNull().default(1),
    hasRevisions: boolean('has_revisions').notNull().default(false),
    createdBy: uuid('created_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('songs_organization_id_idx').on(t.organizationId),
    index('songs_org_status_submitted_idx').on(t.organizationId, t.status, t.submittedAt),
    // The review dashboard's pending tab: the 7-day window of one organization.
    index('songs_org_submitted_idx').on(t.organizationId, t.submittedAt),
    index('songs_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('songs_artist_trgm_idx').using('gin', sql`${t.artist} gin_trgm_ops`),
    // Global search (features/search): prefix matches walk these in order ("C": byte order, so a
    // range [q, q || U+10FFFF) is exactly the strings starting with q).
    index('songs_org_title_lower_idx').on(t.organizationId, sql`(lower(${t.title}) collate "C")`),
    index('songs_org_artist_lower_idx').on(t.organizationId, sql`(lower(${t.artist}) collate "C")`),
    index('songs_org_signed_artist_lower_idx')
      .on(t.organizationId, sql`(lower(${t.artist}) collate "C")`)
      .where(sql`${t.status} = 'signed'`),
    // search_trigrams(organization_id, text) is defined in migration 0007: the trigrams of one label.
    index('songs_title_search_trgm_idx').using('gin', sql`search_trigrams(${t.organizationId}, ${t.title})`),
    index('songs_signed_artist_search_trgm_idx')
      .using('gin', sql`search_trigrams(${t.organizationId}, ${t.artist})`)
      .where(sql`${t.status} = 'signed'`),
    // Migration 0007 adds INCLUDE (id, title, artist, status, current_version_number), and
    // INCLUDE (artist) to the signed one: search reads the newest songs from the index alone.
    index('songs_org_recent_search_idx').on(t.organizationId, t.submittedAt),
    index('songs_org_signed_recent_idx')
      .on(t.organizationId, t.submittedAt)
      .where(sql`${t.status} = 'signed'`),
  ],
);

export const songRevisions = pgTable(
  'song_revisions',
  {
    id: id(),
    organizationId: orgRef(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    versionNumber: integer('version_number').notNull(),
    audioFileKey: text('audio_file_key'),
    waveformFileKey: text('waveform_file_key'),
    isCurrentVersion: boolean('is_current_version').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('song_revisions_organization_id_idx').on(t.organizationId),
    uniqueIndex('song_revisions_song_version_key').on(t.songId, t.versionNumber),
    // At most one current version per song: lists join it to show the current files, and a second
    // one would show the song twice.
    uniqueIndex('song_revisions_current_key').on(t.songId).where(sql`${t.isCurrentVersion}`),
  ],
);

// A single-use link that lets the submitter upload a new version of a song without signing in
// (spec /artist/upload-revision/{token}). Only the token's SHA-256 is kept.
export const revisionRequests = pgTable(
  'revision_requests',
  {
    id: id(),
    organizationId: orgRef(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    message: text('message'),
    requestedBy: uuid('requested_by').references(() => reviewers.id, { onDelete: 'set null' }),
    submitterEmail: text('submitter_email'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    // The version the upload produced.
    versionNumber: integer('version_number'),
    createdAt: createdAt(),
  },
  (t) => [
    index('revision_requests_organization_id_idx').on(t.organizationId),
    index('revision_requests_song_id_idx').on(t.songId),
  ],
);

// ---------- Public token links (one mechanism for every page an outsider opens by link) ----------

// A link opens one record (or, for label-wide purposes, the label) for one purpose. Only the
// SHA-256 of its token is stored; single-use links are spent by the submission they allow.
export const publicLinks = pgTable(
  'public_links',
  {
    id: id(),
    organizationId: orgRef(),
    purpose: text('purpose').notNull(),
    recordId: uuid('record_id'),
    tokenHash: text('token_hash').notNull(),
    singleUse: boolean('single_use').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    createdBy: uuid('created_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('public_links_token_hash_key').on(t.tokenHash),
    index('public_links_organization_id_idx').on(t.organizationId),
    index('public_links_record_idx').on(t.organizationId, t.purpose, t.recordId),
  ],
);

// Every use of a link, allowed or refused: who (address, browser), when, what, and the answer.
export const publicLinkUses = pgTable(
  'public_link_uses',
  {
    id: id(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => publicLinks.id, { onDelete: 'cascade' }),
    organizationId: orgRef(),
    action: text('action').notNull(),
    outcome: text('outcome').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('public_link_uses_organization_id_idx').on(t.organizationId),
    index('public_link_uses_link_idx').on(t.linkId, t.createdAt),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    organizationId: orgRef(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => reviewers.id, { onDelete: 'cascade' }),
    musicalScore: integer('musical_score').notNull(),
    artistScore: integer('artist_score').notNull(),
    overallScore: integer('overall_score').notNull(),
    comment: text('comment'),
    reviewedAt: ts('reviewed_at').notNull().defaultNow(),
    songVersionNumber: integer('song_version_number').notNull().default(1),
    // "Mark as useless": scores 0, left out of every average, still the reviewer's review of the version.
    isUseless: boolean('is_useless').notNull().default(false),
  },
  (t) => [
    index('reviews_organization_id_idx').on(t.organizationId),
    // Migration 0005 adds INCLUDE (organization_id, the three scores, is_useless): the dashboard's
    // per-card counts and averages then never visit the table (drizzle cannot express INCLUDE).
    index('reviews_song_version_idx').on(t.songId, t.songVersionNumber),
    // The review dashboard's My Reviews tab: one reviewer's latest reviews.
    index('reviews_reviewer_reviewed_idx').on(t.reviewerId, t.reviewedAt.desc()),
    uniqueIndex('reviews_song_reviewer_version_key').on(t.songId, t.reviewerId, t.songVersionNumber),
  ],
);

// ---------- After signing ----------

export const contracts = pgTable(
  'contracts',
  {
    id: id(),
    organizationId: orgRef(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    artistName: text('artist_name').notNull(),
    // draft, sent, partially_signed, signed, declined, voided (core/contracts.ts).
    status: text('status').notNull().default('draft'),
    templateId: uuid('template_id').references(() => contractTemplates.id, { onDelete: 'set null' }),
    kind: text('kind').notNull().default('recording_agreement'),
    title: text('title').notNull().default(''),
    // What the generator filled in: parties, term, territory, royalty rate, advance, writers' shares.
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull().default({}),
    // The document as sent (rendered from the template and terms), frozen at sending.
    bodyText: text('body_text').notNull().default(''),
    documentKey: text('document_key'),
    documentSha256: text('document_sha256'),
    // The signed PDF (every signature and the audit certificate page) once the last signer signs.
    signedDocumentKey: text('signed_document_key'),
    signedSha256: text('signed_sha256'),
    sentAt: ts('sent_at'),
    completedAt: ts('completed_at'),
    declinedAt: ts('declined_at'),
    declineReason: text('decline_reason'),
    voidedAt: ts('voided_at'),
    createdBy: uuid('created_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('contracts_organization_id_idx').on(t.organizationId),
    index('contracts_song_id_idx').on(t.songId),
    index('contracts_artist_name_trgm_idx').using('gin', sql`${t.artistName} gin_trgm_ops`),
    // Global search; migration 0007 adds INCLUDE (id, artist_name) to the second.
    index('contracts_org_artist_lower_idx').on(t.organizationId, sql`(lower(${t.artistName}) collate "C")`),
    index('contracts_org_updated_idx').on(t.organizationId, t.updatedAt),
    index('contracts_artist_search_trgm_idx').using(
      'gin',
      sql`search_trigrams(${t.organizationId}, ${t.artistName})`,
    ),
  ],
);

export const metadataForms = pgTable(
  'metadata_forms',
  {
    id: id(),
    organizationId: orgRef(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    // draft (sent, being filled), submitted (by the artist), confirmed (by the label).
    status: text('status').notNull().default('draft'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    submittedAt: ts('submitted_at'),
    confirmedAt: ts('confirmed_at'),
    confirmedBy: uuid('confirmed_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('metadata_forms_organization_id_idx').on(t.organizationId),
    index('metadata_forms_song_id_idx').on(t.songId),
    index('metadata_forms_status_trgm_idx').using('gin', sql`${t.status} gin_trgm_ops`),
    // Global search walks the few distinct statuses, then the newest forms of each; migration 0007
    // adds INCLUDE (id).
    index('metadata_forms_org_status_updated_idx').on(t.organizationId, t.status, t.updatedAt),
  ],
);

// Templates the label edits; the generator fills their {{placeholders}} (core/contracts.ts).
export const contractTemplates = pgTable(
  'contract_templates',
  {
    id: id(),
    organizationId: orgRef(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    createdBy: uuid('created_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('contract_templates_organization_id_idx').on(t.organizationId, t.kind)],
);

export const contractSigners = pgTable(
  'contract_signers',
  {
    id: id(),
    organizationId: orgRef(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull().default('artist'),
    position: integer('position').notNull().default(0),
    // pending, signed, declined
    status: text('status').notNull().default('pending'),
    signatureKind: text('signature_kind'),
    signatureText: text('signature_text'),
    // A drawn signature as a PNG data URL (small: the pad is a few hundred pixels wide).
    signatureImage: text('signature_image'),
    signedAt: ts('signed_at'),
    declinedAt: ts('declined_at'),
    declineReason: text('decline_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('contract_signers_organization_id_idx').on(t.organizationId),
    index('contract_signers_contract_idx').on(t.contractId, t.position),
  ],
);

// The audit trail: every step with who, when, from where, and the document's SHA-256 before and after.
export const contractEvents = pgTable(
  'contract_events',
  {
    id: id(),
    organizationId: orgRef(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    signerId: uuid('signer_id').references(() => contractSigners.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    hashBefore: text('hash_before'),
    hashAfter: text('hash_after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('contract_events_organization_id_idx').on(t.organizationId),
    index('contract_events_contract_idx').on(t.contractId, t.createdAt),
  ],
);

// One label copy per signed song (the release's label copy; data shape in core/label-copy.ts).
export const labelCopies = pgTable(
  'label_copies',
  {
    id: id(),
    organizationId: orgRef(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    // draft, submitted (by the artist), final (approved by the label)
    status: text('status').notNull().default('draft'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    submittedAt: ts('submitted_at'),
    finalizedAt: ts('finalized_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('label_copies_organization_id_idx').on(t.organizationId),
    uniqueIndex('label_copies_song_key').on(t.songId),
  ],
);

export const marketingCampaigns = pgTable(
  'marketing_campaigns',
  {
    id: id(),
    organizationId: orgRef(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // planned, active, completed
    status: text('status').notNull().default('planned'),
    budgetCents: bigint('budget_cents', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    channels: jsonb('channels').$type<string[]>().notNull().default([]),
    notes: text('notes').notNull().default(''),
    createdBy: uuid('created_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('marketing_campaigns_organization_id_idx').on(t.organizationId),
    index('marketing_campaigns_song_idx').on(t.songId),
  ],
);

export const marketingTasks = pgTable(
  'marketing_tasks',
  {
    id: id(),
    organizationId: orgRef(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => marketingCampaigns.id, { onDelete: 'cascade' }),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    assigneeId: uuid('assignee_id').references(() => reviewers.id, { onDelete: 'set null' }),
    dueDate: date('due_date'),
    // todo, in_progress, done
    status: text('status').notNull().default('todo'),
    createdBy: uuid('created_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('marketing_tasks_organization_id_idx').on(t.organizationId),
    index('marketing_tasks_campaign_idx').on(t.campaignId),
    // The reminder job walks open tasks by due date.
    index('marketing_tasks_due_idx').on(t.dueDate).where(sql`${t.status} <> 'done'`),
  ],
);

// A deadline reminder that was sent: the unique key makes "once per task and kind" hold even when
// several server copies run the job at the same moment (the second insert finds the row).
export const marketingTaskReminders = pgTable(
  'marketing_task_reminders',
  {
    id: id(),
    organizationId: orgRef(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => marketingTasks.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    dueDate: date('due_date').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [
    index('marketing_task_reminders_organization_id_idx').on(t.organizationId),
    uniqueIndex('marketing_task_reminders_task_kind_due_key').on(t.taskId, t.kind, t.dueDate),
  ],
);

// The artist questionnaire (/marketing/{token}, one per song) and the label-wide intake
// (/marketing-general/{token}, song_id null).
export const marketingForms = pgTable(
  'marketing_forms',
  {
    id: id(),
    organizationId: orgRef(),
    songId: uuid('song_id').references(() => songs.id, { onDelete: 'cascade' }),
    // song or general
    kind: text('kind').notNull(),
    // draft, submitted
    status: text('status').notNull().default('draft'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    submittedAt: ts('submitted_at'),
    createdBy: uuid('created_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('marketing_forms_organization_id_idx').on(t.organizationId),
    index('marketing_forms_song_idx').on(t.songId),
  ],
);

// Release and artist assets, every version kept; the newest version of a kind is the current one.
export const songAssets = pgTable(
  'song_assets',
  {
    id: id(),
    organizationId: orgRef(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    // release or artist
    scope: text('scope').notNull(),
    // artwork, master, stems, instrumental, press_photo, bio, logo (core/assets.ts)
    kind: text('kind').notNull(),
    version: integer('version').notNull(),
    fileKey: text('file_key').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    // What the checks read from the file: width, height, colour model; bit depth, sample rate...
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    uploadedBy: uuid('uploaded_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('song_assets_organization_id_idx').on(t.organizationId),
    index('song_assets_song_kind_idx').on(t.songId, t.kind, t.version),
  ],
);

// Marked when the required assets and the confirmed metadata are present (one row per song).
export const releaseReadiness = pgTable(
  'release_readiness',
  {
    id: id(),
    organizationId: orgRef(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    markedBy: uuid('marked_by').references(() => reviewers.id, { onDelete: 'set null' }),
    markedAt: ts('marked_at').notNull().defaultNow(),
  },
  (t) => [
    index('release_readiness_organization_id_idx').on(t.organizationId),
    uniqueIndex('release_readiness_song_key').on(t.songId),
  ],
);

// The per-song project folder: folders and files; a deleted item stays recoverable for 30 days.
export const projectFolders = pgTable(
  'project_folders',
  {
    id: id(),
    organizationId: orgRef(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => projectFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    deletedAt: ts('deleted_at'),
    deletedBy: uuid('deleted_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('project_folders_organization_id_idx').on(t.organizationId),
    index('project_folders_song_parent_idx').on(t.songId, t.parentId),
  ],
);

export const projectFiles = pgTable(
  'project_files',
  {
    id: id(),
    organizationId: orgRef(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => projectFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileKey: text('file_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    deletedAt: ts('deleted_at'),
    deletedBy: uuid('deleted_by').references(() => reviewers.id, { onDelete: 'set null' }),
    uploadedBy: uuid('uploaded_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('project_files_organization_id_idx').on(t.organizationId),
    index('project_files_song_folder_idx').on(t.songId, t.folderId),
    index('project_files_deleted_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
  ],
);

// Bytes each stored file takes (record_storage_usage), summed against the plan's storage limit
// (check_storage_limit). Removing a file removes its row.
export const storageUsage = pgTable(
  'storage_usage',
  {
    id: id(),
    organizationId: orgRef(),
    fileKey: text('file_key').notNull(),
    fileSizeBytes: bigint('file_size_bytes', { mode: 'number' }).notNull(),
    fileType: text('file_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('storage_usage_organization_id_idx').on(t.organizationId),
    uniqueIndex('storage_usage_file_key_key').on(t.fileKey),
  ],
);

// One row per export (label copy PDF or CSV...), counted per month by check_export_limit.
export const exportUsage = pgTable(
  'export_usage',
  {
    id: id(),
    organizationId: orgRef(),
    exportType: text('export_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('export_usage_org_type_idx').on(t.organizationId, t.exportType, t.createdAt)],
);

// ---------- Notifications, presence ----------

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    organizationId: orgRef(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => reviewers.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => reviewers.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    message: text('message').notNull(),
    songId: uuid('song_id').references(() => songs.id, { onDelete: 'cascade' }),
    // A mention's conversation: the bell opens the messages panel on it (decision 0008).
    conversationId: uuid('conversation_id').references((): AnyPgColumn => conversations.id, {
      onDelete: 'cascade',
    }),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_organization_id_idx').on(t.organizationId),
    index('notifications_recipient_created_idx').on(t.recipientId, t.createdAt),
  ],
);

// Per member and notification type: whether it is also sent by email (the bell always shows it).
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    organizationId: orgRef(),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => reviewers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    email: boolean('email').notNull().default(false),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewerId, t.type] }),
    index('notification_preferences_organization_id_idx').on(t.organizationId),
  ],
);

// "Report bugs / Send feedback": what a member sent, with an optional screenshot (type images).
export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    organizationId: orgRef(),
    reviewerId: uuid('reviewer_id').references(() => reviewers.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'bug' | 'idea'>().notNull(),
    message: text('message').notNull(),
    screenshotKey: text('screenshot_key'),
    pageUrl: text('page_url'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_organization_created_idx').on(t.organizationId, t.createdAt)],
);

export const userPresence = pgTable(
  'user_presence',
  {
    reviewerId: uuid('reviewer_id')
      .primaryKey()
      .references(() => reviewers.id, { onDelete: 'cascade' }),
    organizationId: orgRef(),
    status: text('status').$type<'online' | 'away' | 'offline'>().notNull().default('offline'),
    lastSeen: ts('last_seen').notNull().defaultNow(),
    currentActivity: text('current_activity'),
  },
  (t) => [index('user_presence_organization_id_idx').on(t.organizationId)],
);

export const trackViewers = pgTable(
  'track_viewers',
  {
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => reviewers.id, { onDelete: 'cascade' }),
    organizationId: orgRef(),
    currentPage: text('current_page'),
    lastActivity: ts('last_activity').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.songId, t.reviewerId] }),
    index('track_viewers_organization_id_idx').on(t.organizationId),
  ],
);

// ---------- Conversations ----------

export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    organizationId: orgRef(),
    type: text('type').$type<'dm' | 'song_chat' | 'support'>().notNull(),
    user1Id: uuid('user1_id').references(() => reviewers.id, { onDelete: 'cascade' }),
    user2Id: uuid('user2_id').references(() => reviewers.id, { onDelete: 'cascade' }),
    songId: uuid('song_id').references(() => songs.id, { onDelete: 'cascade' }),
    lastMessageAt: ts('last_message_at'),
    lastMessagePreview: text('last_message_preview'),
    lastMessageSenderId: uuid('last_message_sender_id').references(() => reviewers.id, {
      onDelete: 'set null',
    }),
    lastSequence: integer('last_sequence').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversations_organization_id_idx').on(t.organizationId),
    // create_or_get semantics: one DM per pair (stored with user1_id < user2_id), one chat per song,
    // one support conversation per user.
    uniqueIndex('conversations_dm_pair_key')
      .on(t.organizationId, t.user1Id, t.user2Id)
      .where(sql`${t.type} = 'dm'`),
    uniqueIndex('conversations_song_chat_key').on(t.songId).where(sql`${t.type} = 'song_chat'`),
    uniqueIndex('conversations_support_key')
      .on(t.organizationId, t.user1Id)
      .where(sql`${t.type} = 'support'`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => reviewers.id, { onDelete: 'set null' }),
    organizationId: orgRef(),
    sequence: integer('sequence').notNull(),
    messageText: text('message_text').notNull(),
    mentionedUserIds: uuid('mentioned_user_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    attachmentType: text('attachment_type').$type<'metadata_form' | 'marketing_form' | 'label_copy_form'>(),
    metadataFormLink: text('metadata_form_link'),
    metadataSongTitle: text('metadata_song_title'),
    readBy: uuid('read_by').array().notNull().default(sql`'{}'::uuid[]`),
  },
  (t) => [
    index('messages_organization_id_idx').on(t.organizationId),
    uniqueIndex('messages_conversation_sequence_key').on(t.conversationId, t.sequence),
  ],
);

export const messageReads = pgTable(
  'message_reads',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => reviewers.id, { onDelete: 'cascade' }),
    organizationId: orgRef(),
    readAt: ts('read_at').notNull().defaultNow(),
    // A read marker (decision 0018): the member read this message and every earlier one of the
    // conversation. Marking a conversation read writes one such row (one realtime change), on the
    // last message of others it covers, instead of a row per message.
    through: boolean('through').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index('message_reads_organization_id_idx').on(t.organizationId),
    // A member's markers, for the unread counts.
    index('message_reads_user_through_idx').on(t.userId).where(sql`${t.through}`),
  ],
);

export const messageMentions = pgTable(
  'message_mentions',
  {
    id: id(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    mentionedUserId: uuid('mentioned_user_id')
      .notNull()
      .references(() => reviewers.id, { onDelete: 'cascade' }),
    mentionedByUserId: uuid('mentioned_by_user_id').references(() => reviewers.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    organizationId: orgRef(),
    createdAt: createdAt(),
  },
  (t) => [
    index('message_mentions_organization_id_idx').on(t.organizationId),
    index('message_mentions_mentioned_user_idx').on(t.mentionedUserId),
  ],
);

export const typingIndicators = pgTable(
  'typing_indicators',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => reviewers.id, { onDelete: 'cascade' }),
    organizationId: orgRef(),
    lastTyping: ts('last_typing').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.reviewerId] }),
    index('typing_indicators_organization_id_idx').on(t.organizationId),
  ],
);

// ---------- Video calls ----------

// A call started from a conversation (a DM or a song chat); members of that conversation join it.
export const calls = pgTable(
  'calls',
  {
    id: id(),
    organizationId: orgRef(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    startedBy: uuid('started_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    index('calls_organization_id_idx').on(t.organizationId),
    index('calls_conversation_idx').on(t.conversationId),
  ],
);

// Who is in a call now (left_at null) and who was.
export const callParticipants = pgTable(
  'call_participants',
  {
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => reviewers.id, { onDelete: 'cascade' }),
    organizationId: orgRef(),
    // Carried so the realtime audience rule of the conversation applies (a DM's call is private).
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    leftAt: ts('left_at'),
    // The participant's page sends a heartbeat while it is in the call; one missed and the call
    // sweep drops them (features/calls/call-sweep.ts), so a vanished tab does not stay in the call.
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.callId, t.reviewerId] }),
    index('call_participants_organization_id_idx').on(t.organizationId),
  ],
);

// WebRTC signalling (offer, answer, ICE candidates) from one participant to another. Stored, then
// announced to its recipient over the realtime socket like any change, so it crosses server copies.
export const callSignals = pgTable(
  'call_signals',
  {
    id: id(),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    organizationId: orgRef(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => reviewers.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => reviewers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('call_signals_organization_id_idx').on(t.organizationId),
    index('call_signals_call_recipient_idx').on(t.callId, t.recipientId, t.sequence),
  ],
);

// ---------- White-label branding ----------

const colourPair = (name: string) => ({
  [`${name}Light`]: text(`${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}_light`),
  [`${name}Dark`]: text(`${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}_dark`),
});

export const whitelabelBrandingV2 = pgTable(
  'whitelabel_branding_v2',
  {
    id: id(),
    organizationId: orgRef(),
    isEnabled: boolean('is_enabled').notNull().default(false),
    appName: text('app_name'),
    faviconUrl: text('favicon_url'),
    logoUrl: text('logo_url'),
    ...colourPair('backgroundColor'),
    ...colourPair('cardBackground'),
    ...colourPair('titleTextColor'),
    ...colourPair('bodyTextColor'),
    ...colourPair('primaryColor'),
    ...colourPair('primaryTextColor'),
    ...colourPair('secondaryColor'),
    ...colourPair('secondaryTextColor'),
    ...colourPair('waveformUnplayedColor'),
    ...colourPair('borderColor'),
    titleFontFamily: text('title_font_family'),
    subtitleFontFamily: text('subtitle_font_family'),
    bodyFontFamily: text('body_font_family'),
    cornerRadius: text('corner_radius'),
    shadowIntensity: text('shadow_intensity').$type<'none' | 'light' | 'medium' | 'heavy'>(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('whitelabel_branding_v2_organization_id_key').on(t.organizationId)],
);

const legacyTokens = [
  'background',
  'foreground',
  'card',
  'card_foreground',
  'popover',
  'popover_foreground',
  'primary',
  'primary_foreground',
  'secondary',
  'secondary_foreground',
  'muted',
  'muted_foreground',
  'accent',
  'accent_foreground',
  'destructive',
  'destructive_foreground',
  'border',
  'input',
  'ring',
] as const;
const legacyColumns = Object.fromEntries(
  legacyTokens.flatMap((token) => [
    [`light_${token}`, text(`light_${token}`)],
    [`dark_${token}`, text(`dark_${token}`)],
  ]),
);

export const whitelabelBranding = pgTable(
  'whitelabel_branding',
  {
    id: id(),
    organizationId: orgRef(),
    isEnabled: boolean('is_enabled').notNull().default(false),
    appName: text('app_name'),
    faviconUrl: text('favicon_url'),
    logoUrl: text('logo_url'),
    ...legacyColumns,
    fontFamilySans: text('font_family_sans'),
    fontFamilyMono: text('font_family_mono'),
    fontSizeBase: text('font_size_base'),
    fontWeightNormal: integer('font_weight_normal'),
    fontWeightMedium: integer('font_weight_medium'),
    fontWeightSemibold: integer('font_weight_semibold'),
    fontWeightBold: integer('font_weight_bold'),
    borderRadius: text('border_radius'),
    borderRadiusSm: text('border_radius_sm'),
    borderRadiusMd: text('border_radius_md'),
    borderRadiusLg: text('border_radius_lg'),
    shadowSm: text('shadow_sm'),
    shadowMd: text('shadow_md'),
    shadowLg: text('shadow_lg'),
    shadowXl: text('shadow_xl'),
    buttonPrimaryBackground: text('button_primary_background'),
    buttonPrimaryForeground: text('button_primary_foreground'),
    buttonPrimaryHover: text('button_primary_hover'),
    buttonSecondaryBackground: text('button_secondary_background'),
    buttonSecondaryForeground: text('button_secondary_foreground'),
    buttonSecondaryHover: text('button_secondary_hover'),
    navBackground: text('nav_background'),
    navForeground: text('nav_foreground'),
    navActive: text('nav_active'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('whitelabel_branding_organization_id_key').on(t.organizationId!)],
);

// Background jobs (decision 0024): long work (imports, period runs, deliveries) runs in the queue
// (pg-boss, schema pgboss); this row is what the label sees of it: who started it, its progress, its
// outcome, and the cursor a resumed attempt continues from. The queue's job has the same id.
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    organizationId: orgRef(),
    /** Who started it (null for the label's scheduled work): they see it and may cancel it. */
    reviewerId: uuid('reviewer_id').references(() => reviewers.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    status: text('status')
      .$type<'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled'>()
      .notNull()
      .default('queued'),
    input: jsonb('input').$type<Record<string, unknown>>().notNull().default({}),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    progressMessage: text('progress_message'),
    /** Where a resumed attempt continues (saved in the same transaction as the batch it follows). */
    cursor: jsonb('cursor').$type<Record<string, unknown>>(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    createdAt: createdAt(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('jobs_organization_created_idx').on(t.organizationId, t.createdAt),
    index('jobs_queued_idx').on(t.createdAt).where(sql`status = 'queued'`),
  ],
);

// ---------- Catalogue and Artists & Writers (issue 14; features/catalogue, features/parties) ----------
// Every table carries organization_id (child rows too) so one RLS policy covers each. Shares are
// integer hundredths of a percent (10000 = 100 %): exact, no floating point (core/catalogue.ts).
// `row_version` is the optimistic lock: a save names the version it read, a stale one is refused.

// A person, group or company credited on recordings and works: artist, writer, producer, publisher.
export const parties = pgTable(
  'parties',
  {
    id: id(),
    organizationId: orgRef(),
    /** The main credited (stage) name; other credited names in `aliases`. */
    name: text('name').notNull(),
    aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
    legalName: text('legal_name'),
    /** person, group, company */
    partyType: text('party_type').notNull().default('person'),
    /** artist, writer, producer, publisher (any of them) */
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    isni: text('isni'),
    ipi: text('ipi'),
    pro: text('pro'),
    proMemberNumber: text('pro_member_number'),
    country: text('country'),
    email: text('email'),
    notes: text('notes'),
    /** Who this party pays into (several parties may share one payee). */
    payeeId: uuid('payee_id').references((): AnyPgColumn => payees.id, { onDelete: 'set null' }),
    rowVersion: integer('row_version').notNull().default(1),
    createdBy: uuid('created_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('parties_org_name_idx').on(t.organizationId, sql`(lower(${t.name}) collate "C")`),
    index('parties_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('parties_payee_idx').on(t.payeeId),
  ],
);

// The legal or tax entity that is paid: kept apart from the artist.
export const payees = pgTable(
  'payees',
  {
    id: id(),
    organizationId: orgRef(),
    name: text('name').notNull(),
    email: text('email'),
    /** ISO 4217 */
    currency: text('currency').notNull().default('EUR'),
    taxId: text('tax_id'),
    /** bank_transfer, paypal, other */
    paymentMethod: text('payment_method'),
    /** IBAN/BIC or account text, encrypted at rest (platform/crypto, like TOTP secrets). */
    paymentDetailsEncrypted: text('payment_details_encrypted'),
    /** In minor units of `currency`. */
    minimumPayoutMinor: bigint('minimum_payout_minor', { mode: 'number' }).notNull().default(0),
    rowVersion: integer('row_version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('payees_org_name_idx').on(t.organizationId, sql`(lower(${t.name}) collate "C")`)],
);

// A composition.
export const works = pgTable(
  'works',
  {
    id: id(),
    organizationId: orgRef(),
    title: text('title').notNull(),
    iswc: text('iswc'),
    rowVersion: integer('row_version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('works_org_title_idx').on(t.organizationId, sql`(lower(${t.title}) collate "C")`),
    index('works_org_iswc_idx').on(t.organizationId, t.iswc),
    index('works_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

// A work's writers (the current writer split; history in split_versions).
export const workWriters = pgTable(
  'work_writers',
  {
    id: id(),
    organizationId: orgRef(),
    workId: uuid('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    /** composer, lyricist, composer_lyricist, arranger */
    role: text('role').notNull(),
    /** Hundredths of a percent: 5000 = 50 %. */
    shareBp: integer('share_bp').notNull(),
    publisherId: uuid('publisher_id').references(() => parties.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('work_writers_work_idx').on(t.workId, t.position),
    index('work_writers_party_idx').on(t.partyId),
    index('work_writers_publisher_idx').on(t.publisherId),
  ],
);

// A sound recording version (every remix or edit its own).
export const recordings = pgTable(
  'recordings',
  {
    id: id(),
    organizationId: orgRef(),
    title: text('title').notNull(),
    version: text('version'),
    displayArtist: text('display_artist').notNull(),
    isrc: text('isrc'),
    durationSeconds: integer('duration_seconds'),
    explicit: boolean('explicit').notNull().default(false),
    genre: text('genre'),
    subgenre: text('subgenre'),
    /** ISO 639-1 */
    language: text('language'),
    bpm: integer('bpm'),
    musicalKey: text('musical_key'),
    pLineYear: integer('p_line_year'),
    pLineOwner: text('p_line_owner'),
    recordingYear: integer('recording_year'),
    /** Storage key of the audio master. */
    audioMasterKey: text('audio_master_key'),
    /** demo (a signed song), imported (back catalogue), manual */
    origin: text('origin').notNull().default('manual'),
    songId: uuid('song_id').references(() => songs.id, { onDelete: 'set null' }),
    workId: uuid('work_id').references(() => works.id, { onDelete: 'set null' }),
    rowVersion: integer('row_version').notNull().default(1),
    createdBy: uuid('created_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recordings_song_key').on(t.songId),
    index('recordings_org_isrc_idx').on(t.organizationId, t.isrc),
    // Migration 0017 adds INCLUDE (title) and INCLUDE (display_artist) to these two: the grid reads
    // a page's ids from the index alone, however deep the page (drizzle cannot express INCLUDE).
    index('recordings_org_title_idx').on(t.organizationId, sql`(lower(${t.title}) collate "C")`, t.id),
    index('recordings_org_artist_idx').on(
      t.organizationId,
      sql`(lower(${t.displayArtist}) collate "C")`,
      t.id,
    ),
    index('recordings_org_year_idx').on(t.organizationId, t.recordingYear, t.id),
    index('recordings_org_updated_idx').on(t.organizationId, t.updatedAt, t.id),
    index('recordings_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('recordings_artist_trgm_idx').using('gin', sql`${t.displayArtist} gin_trgm_ops`),
    // "Search catalogue" looks a query with 3 letters or digits in a row up in the label's own
    // trigrams (migration 0028; search_trigrams is migration 0007's); pg_trgm's indexes above read
    // every label's lists and serve the other queries (non-Latin ones among them).
    index('recordings_title_label_trgm_idx').using(
      'gin',
      sql`search_trigrams(${t.organizationId}, ${t.title})`,
    ),
    index('recordings_artist_label_trgm_idx').using(
      'gin',
      sql`search_trigrams(${t.organizationId}, ${t.displayArtist})`,
    ),
    // "Search catalogue" finds a code by any part of it (migration 0016).
    index('recordings_isrc_trgm_idx').using('gin', sql`${t.isrc} gin_trgm_ops`),
    index('recordings_work_idx').on(t.workId),
  ],
);

// Who is credited on a recording, in order: primary, featured, remixer, producer.
export const recordingArtists = pgTable(
  'recording_artists',
  {
    organizationId: orgRef(),
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.recordingId, t.partyId, t.role] }),
    index('recording_artists_party_idx').on(t.partyId),
  ],
);

// A recording's current master split (history in split_versions).
export const masterSplits = pgTable(
  'master_splits',
  {
    organizationId: orgRef(),
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    payeeId: uuid('payee_id')
      .notNull()
      .references(() => payees.id, { onDelete: 'cascade' }),
    shareBp: integer('share_bp').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.recordingId, t.payeeId] }),
    index('master_splits_payee_idx').on(t.payeeId),
  ],
);

// Every change of a split: who, when, and the shares it set.
export const splitVersions = pgTable(
  'split_versions',
  {
    id: id(),
    organizationId: orgRef(),
    /** master (subject: a recording) or writer (subject: a work) */
    kind: text('kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    version: integer('version').notNull(),
    /** [{ id (payee or party), name, share_bp, role? }] */
    shares: jsonb('shares').$type<Array<Record<string, unknown>>>().notNull(),
    changedBy: uuid('changed_by').references(() => reviewers.id, { onDelete: 'set null' }),
    changedAt: ts('changed_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('split_versions_subject_key').on(t.subjectId, t.kind, t.version)],
);

// A product.
export const releases = pgTable(
  'releases',
  {
    id: id(),
    organizationId: orgRef(),
    title: text('title').notNull(),
    version: text('version'),
    displayArtist: text('display_artist').notNull(),
    /** single, ep, album, compilation */
    releaseType: text('release_type').notNull().default('single'),
    upc: text('upc'),
    catalogueNumber: text('catalogue_number'),
    labelName: text('label_name'),
    releaseDate: date('release_date'),
    originalReleaseDate: date('original_release_date'),
    pLineYear: integer('p_line_year'),
    pLineOwner: text('p_line_owner'),
    cLineYear: integer('c_line_year'),
    cLineOwner: text('c_line_owner'),
    genre: text('genre'),
    artworkKey: text('artwork_key'),
    /** The signed song whose label copy this release is (one source of truth, decision 0025). */
    songId: uuid('song_id').references(() => songs.id, { onDelete: 'set null' }),
    /** draft, ready, scheduled, released, withdrawn */
    status: text('status').notNull().default('draft'),
    rowVersion: integer('row_version').notNull().default(1),
    createdBy: uuid('created_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('releases_org_catalogue_number_key')
      .on(t.organizationId, sql`upper(${t.catalogueNumber})`)
      .where(sql`${t.catalogueNumber} is not null`),
    index('releases_org_upc_idx').on(t.organizationId, t.upc),
    index('releases_org_title_idx').on(t.organizationId, sql`(lower(${t.title}) collate "C")`, t.id),
    index('releases_org_date_idx').on(t.organizationId, t.releaseDate, t.id),
    // Newest first with undated releases last, as the grid sorts (migration 0017).
    index('releases_org_date_desc_idx').on(
      t.organizationId,
      t.releaseDate.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index('releases_org_status_idx').on(t.organizationId, t.status, t.id),
    index('releases_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    uniqueIndex('releases_song_key').on(t.songId),
  ],
);

// A release's tracks in order.
export const releaseTracks = pgTable(
  'release_tracks',
  {
    organizationId: orgRef(),
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'restrict' }),
    discNumber: integer('disc_number').notNull().default(1),
    trackNumber: integer('track_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.discNumber, t.trackNumber] }),
    index('release_tracks_recording_idx').on(t.recordingId),
  ],
);

// The label's code settings: ISRC prefix and running number, default rights owners, names.
export const catalogueSettings = pgTable('catalogue_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** Country + registrant code, 5 characters (e.g. GBAYE). */
  isrcPrefix: text('isrc_prefix'),
  /** The year (two digits) and running number the next assigned ISRC takes. */
  isrcYear: integer('isrc_year'),
  isrcNextNumber: integer('isrc_next_number').notNull().default(1),
  labelName: text('label_name'),
  defaultPOwner: text('default_p_owner'),
  defaultCOwner: text('default_c_owner'),
  /** DDEX party id for deliveries (issue 15). */
  ddexDpid: text('ddex_dpid'),
  rowVersion: integer('row_version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// UPC/EAN codes the label bought from GS1, each assigned to at most one release.
export const upcPool = pgTable(
  'upc_pool',
  {
    id: id(),
    organizationId: orgRef(),
    code: text('code').notNull(),
    releaseId: uuid('release_id').references(() => releases.id, { onDelete: 'set null' }),
    assignedAt: ts('assigned_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('upc_pool_org_code_key').on(t.organizationId, t.code),
    index('upc_pool_free_idx').on(t.organizationId, t.code).where(sql`${t.releaseId} is null`),
  ],
);

// Who changed what in the catalogue (edits, bulk edits, merges, code assignments).
export const catalogueAudit = pgTable(
  'catalogue_audit',
  {
    id: id(),
    organizationId: orgRef(),
    /** recording, release, work, party, payee, settings */
    entityKind: text('entity_kind').notNull(),
    entityId: uuid('entity_id').notNull(),
    action: text('action').notNull(),
    /** { field: [before, after] } */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    reviewerId: uuid('reviewer_id').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('catalogue_audit_entity_idx').on(t.organizationId, t.entityId, t.createdAt)],
);

// A CSV column mapping, saved once per label and kind (recordings, releases, works).
export const importMappings = pgTable(
  'import_mappings',
  {
    organizationId: orgRef(),
    kind: text('kind').notNull(),
    /** { our field: their column header } */
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.kind] })],
);

// A member's saved grid filters per catalogue tab.
export const savedViews = pgTable(
  'saved_views',
  {
    id: id(),
    organizationId: orgRef(),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => reviewers.id, { onDelete: 'cascade' }),
    tab: text('tab').notNull(),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('saved_views_reviewer_idx').on(t.reviewerId, t.tab)],
);

// ---------- Distribution (issue 15; features/distribution, decision 0027) ----------
// Releases delivered as DDEX ERN 4.3 batches to destinations the label configures, followed store
// by store. Every table carries organization_id for one RLS policy each.

// Where deliveries go: an SFTP server, an S3-compatible bucket, or a folder on this server (demo and
// development). `config` holds what may be shown; `secret_sealed` the password, key or secret,
// sealed with the data key (secret-box.ts) and never answered.
export const distributionDestinations = pgTable(
  'distribution_destinations',
  {
    id: id(),
    organizationId: orgRef(),
    name: text('name').notNull(),
    /** sftp, s3, folder */
    kind: text('kind').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    secretSealed: text('secret_sealed'),
    /** The receiving party of the ERN's MessageRecipient. */
    recipientDpid: text('recipient_dpid').notNull(),
    recipientName: text('recipient_name').notNull(),
    /** The stores this destination serves (core/distribution.ts STORES, or the label's own names). */
    stores: jsonb('stores').$type<string[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    /** When the acknowledgement folder was last read, and what that read said when it failed. */
    acksCheckedAt: ts('acks_checked_at'),
    acksError: text('acks_error'),
    rowVersion: integer('row_version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('distribution_destinations_org_name_idx').on(t.organizationId, t.name)],
);

// A release's distribution settings and summary, one row per release made on first use: deal
// terms (territories: worldwide, a list, or worldwide except a list; an optional pre-order date)
// and the counts of its last readiness check, which the /distribution list shows.
export const releaseDistribution = pgTable('release_distribution', {
  releaseId: uuid('release_id')
    .primaryKey()
    .references(() => releases.id, { onDelete: 'cascade' }),
  organizationId: orgRef(),
  /** worldwide, include, exclude */
  territoryMode: text('territory_mode').notNull().default('worldwide'),
  territories: jsonb('territories').$type<string[]>().notNull().default([]),
  preOrderDate: date('pre_order_date'),
  readinessErrors: integer('readiness_errors'),
  readinessWarnings: integer('readiness_warnings'),
  readinessCheckedAt: ts('readiness_checked_at'),
  rowVersion: integer('row_version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// One message sent (or refused) to one destination: new, update or takedown. Its ERN is kept in
// storage; `files` lists every file of the batch with its size and checksums once written.
export const distributionDeliveries = pgTable(
  'distribution_deliveries',
  {
    id: id(),
    organizationId: orgRef(),
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    destinationId: uuid('destination_id')
      .notNull()
      .references(() => distributionDestinations.id, { onDelete: 'cascade' }),
    /** new, update, takedown */
    kind: text('kind').notNull(),
    /** The ERN's MessageId, also the batch folder's name. */
    messageId: text('message_id').notNull(),
    /** queued, sending, delivered, failed */
    status: text('status').notNull().default('queued'),
    jobId: uuid('job_id'),
    /** The ERN message as built and checked (tens of kB): what was sent, downloadable. */
    ernXml: text('ern_xml'),
    files: jsonb('files').$type<Record<string, unknown>[]>().notNull().default([]),
    error: text('error'),
    createdBy: uuid('created_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('distribution_deliveries_message_idx').on(t.organizationId, t.messageId),
    index('distribution_deliveries_release_idx').on(t.releaseId, t.createdAt),
    index('distribution_deliveries_in_flight_idx')
      .on(t.releaseId)
      .where(sql`status in ('queued', 'sending')`),
  ],
);

// Where a release stands at one store of one destination, with the time of each step.
export const distributionStoreStatus = pgTable(
  'distribution_store_status',
  {
    organizationId: orgRef(),
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    destinationId: uuid('destination_id')
      .notNull()
      .references(() => distributionDestinations.id, { onDelete: 'cascade' }),
    store: text('store').notNull(),
    status: text('status').notNull(),
    /** The last action sent: new, update, takedown. */
    action: text('action'),
    note: text('note'),
    lastDeliveryId: uuid('last_delivery_id'),
    queuedAt: ts('queued_at'),
    deliveredAt: ts('delivered_at'),
    liveAt: ts('live_at'),
    errorAt: ts('error_at'),
    takenDownAt: ts('taken_down_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.destinationId, t.store] }),
    index('distribution_store_status_org_status_idx').on(t.organizationId, t.status),
  ],
);

// The history of a release's distribution: every status change, delivery, acknowledgement and note.
export const distributionEvents = pgTable(
  'distribution_events',
  {
    id: id(),
    organizationId: orgRef(),
    releaseId: uuid('release_id').references(() => releases.id, { onDelete: 'cascade' }),
    destinationId: uuid('destination_id').references(() => distributionDestinations.id, {
      onDelete: 'set null',
    }),
    deliveryId: uuid('delivery_id'),
    store: text('store'),
    /** status, delivery, acknowledgement, validation, note */
    kind: text('kind').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    message: text('message'),
    actorId: uuid('actor_id').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('distribution_events_release_idx').on(t.releaseId, t.createdAt),
    index('distribution_events_destination_idx').on(t.destinationId, t.createdAt),
  ],
);

// Acknowledgement files read from a destination, each once: what they said and what was done.
export const distributionAcks = pgTable(
  'distribution_acks',
  {
    id: id(),
    organizationId: orgRef(),
    destinationId: uuid('destination_id')
      .notNull()
      .references(() => distributionDestinations.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    messageId: text('message_id'),
    deliveryId: uuid('delivery_id'),
    /** applied, unknown_message, malformed */
    outcome: text('outcome').notNull(),
    fileStatus: text('file_status'),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('distribution_acks_file_idx').on(t.destinationId, t.fileName)],
);

// What a stored file is, read once from its bytes (keys never change content): format, checksums,
// and for audio its duration and leading/trailing silence. Readiness and the ERN read these.
export const mediaInspections = pgTable(
  'media_inspections',
  {
    organizationId: orgRef(),
    storageKey: text('storage_key').notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    inspectedAt: ts('inspected_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.storageKey] })],
);

// ---------- Royalties (issue 16; decision 0028) ----------

// A distributor statement file being imported or imported: the file, its source, the job's progress
// and what the dry run found. Its lines count only once the import is `imported`.
export const royaltyImports = pgTable(
  'royalty_imports',
  {
    id: id(),
    organizationId: orgRef(),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** SHA-256 of the file's bytes, set by the job's first pass (the same file twice is refused). */
    contentSha256: text('content_sha256'),
    /** A built-in source key (distrokid, tunecore, ...) or custom. */
    source: text('source').notNull(),
    /** The custom mapping used, when source is custom. */
    mappingId: uuid('mapping_id').references((): AnyPgColumn => royaltyMappings.id, { onDelete: 'set null' }),
    /** The mapping as used (a later edit of a saved mapping does not change what an import read). */
    mapping: jsonb('mapping').$type<Record<string, unknown>>().notNull(),
    /** queued, reading, needs_decision, imported, discarded, cancelled, failed (core royalties.ts) */
    status: text('status').notNull().default('queued'),
    jobId: uuid('job_id'),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    lineCount: integer('line_count').notNull().default(0),
    badLineCount: integer('bad_line_count').notNull().default(0),
    /** The first bad lines: [{ line, column, message }] (the count above is exact). */
    badLines: jsonb('bad_lines').$type<Array<Record<string, unknown>>>().notNull().default([]),
    /** Per currency: lines and exact net sum; first and last sale month (filled when read). */
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    error: text('error'),
    createdBy: uuid('created_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    decidedBy: uuid('decided_by').references(() => reviewers.id, { onDelete: 'set null' }),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('royalty_imports_org_created_idx').on(t.organizationId, t.createdAt),
    // One live import per file: a discarded, cancelled or failed one may be imported again.
    uniqueIndex('royalty_imports_org_sha_key')
      .on(t.organizationId, t.contentSha256)
      .where(sql`content_sha256 is not null and status in ('reading', 'needs_decision', 'imported')`),
  ],
);

// One line of an imported statement, as read (raw) and normalised, and what it matched. Amounts are
// exact (numeric without scale: whatever the file says). Loaded with COPY; no realtime trigger per row
// (its import's row announces it).
export const statementLines = pgTable(
  'statement_lines',
  {
    // No foreign keys (each was a check per line loaded, ≈ 16 s per million lines): statement-level
    // triggers (migration 0026) delete the lines of a deleted import and clear the recording or
    // release of deleted ones, and the load locks what it matched (matching.repo.ts).
    organizationId: uuid('organization_id').notNull(),
    importId: uuid('import_id').notNull(),
    /** The line's number in the file as a person counts it (the header is line 1). */
    lineNumber: integer('line_number').notNull(),
    saleMonth: date('sale_month').notNull(),
    reportingDate: date('reporting_date'),
    store: text('store'),
    territory: text('territory'),
    isrc: text('isrc'),
    upc: text('upc'),
    catalogueNumber: text('catalogue_number'),
    releaseTitle: text('release_title'),
    trackTitle: text('track_title'),
    artist: text('artist'),
    saleType: text('sale_type').notNull(),
    quantity: integer('quantity').notNull().default(0),
    gross: numeric('gross'),
    net: numeric('net').notNull(),
    currency: text('currency').notNull(),
    /** The line's cells as in the file, tab-joined. */
    raw: text('raw').notNull(),
    recordingId: uuid('recording_id'),
    releaseId: uuid('release_id'),
    /** How it matched: isrc, upc, catalogue_number, alias; null = unmatched. */
    matchedBy: text('matched_by'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.lineNumber] }),
    // With the month: the reads that need a recording (or release) and a store or territory read the
    // lines themselves, a range of months at a time (decision 0030, migration 0025).
    index('statement_lines_recording_idx').on(t.recordingId, t.saleMonth),
    index('statement_lines_release_idx').on(t.releaseId, t.saleMonth),
    index('statement_lines_unmatched_idx')
      .on(t.organizationId, t.isrc, t.upc, t.catalogueNumber)
      .where(sql`recording_id is null and release_id is null`),
  ],
);

// A custom statement layout, mapped once and found again by its header row.
export const royaltyMappings = pgTable(
  'royalty_mappings',
  {
    id: id(),
    organizationId: orgRef(),
    name: text('name').notNull(),
    headerSignature: text('header_signature').notNull(),
    /** core royalty-sources ColumnMapping */
    mapping: jsonb('mapping').$type<Record<string, unknown>>().notNull(),
    createdBy: uuid('created_by').references(() => reviewers.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('royalty_mappings_org_name_key').on(t.organizationId, sql`lower(${t.name})`),
    index('royalty_mappings_org_signature_idx').on(t.organizationId, t.headerSignature),
  ],
);

// "Unmatched" resolved once: this identifier of this source means this recording or release, for
// every later import too.
export const royaltyAliases = pgTable(
  'royalty_aliases',
  {
    id: id(),
    organizationId: orgRef(),
    /** The import source (distrokid, ..., or custom:<mapping id>). */
    source: text('source').notNull(),
    /** isrc, upc, catalogue_number, title (artist and title, lower case, when a line has no code) */
    identifierKind: text('identifier_kind').notNull(),
    identifier: text('identifier').notNull(),
    recordingId: uuid('recording_id').references(() => recordings.id, { onDelete: 'cascade' }),
    releaseId: uuid('release_id').references(() => releases.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('royalty_aliases_key').on(t.organizationId, t.source, t.identifierKind, t.identifier)],
);

// The label's accounting settings (decision 0029).
export const financeSettings = pgTable('finance_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** monthly, quarterly, half_yearly */
  periodCadence: text('period_cadence').notNull().default('quarterly'),
  /** The currency analytics shows income in (issue 17; decision 0030). */
  reportingCurrency: text('reporting_currency').notNull().default('USD'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// A signed contract's royalty terms: who is paid what share of which receipts.
export const royaltyDeals = pgTable(
  'royalty_deals',
  {
    id: id(),
    organizationId: orgRef(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** royalty, profit_share */
    kind: text('kind').notNull().default('royalty'),
    /** net, gross */
    basis: text('basis').notNull().default('net'),
    /** Percent, exact. */
    defaultRate: numeric('default_rate').notNull(),
    /** [{ sale_type, territory, rate }]: the most specific wins. */
    rates: jsonb('rates').$type<Array<Record<string, unknown>>>().notNull().default([]),
    profitShare: numeric('profit_share'),
    reserveRate: numeric('reserve_rate').notNull().default('0'),
    crossCollateralize: boolean('cross_collateralize').notNull().default(false),
    rowVersion: integer('row_version').notNull().default(1),
    createdBy: uuid('created_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('royalty_deals_contract_key').on(t.contractId)],
);

export const royaltyDealPayees = pgTable(
  'royalty_deal_payees',
  {
    organizationId: orgRef(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => royaltyDeals.id, { onDelete: 'cascade' }),
    payeeId: uuid('payee_id')
      .notNull()
      .references(() => payees.id, { onDelete: 'restrict' }),
    /** Percent, exact; a deal's shares total 100. */
    share: numeric('share').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.payeeId] }),
    index('royalty_deal_payees_payee_idx').on(t.payeeId),
  ],
);

// An accounting period of the label: its months, its run and its statements' state.
export const royaltyPeriods = pgTable(
  'royalty_periods',
  {
    id: id(),
    organizationId: orgRef(),
    /** First days of the first and last months. */
    startMonth: date('start_month').notNull(),
    endMonth: date('end_month').notNull(),
    /** core PERIOD_STATUSES */
    status: text('status').notNull().default('open'),
    /** The imports the last run used. */
    importIds: uuid('import_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** 1 from = rate to: [{ from, to, rate }] */
    rates: jsonb('rates').$type<Array<Record<string, unknown>>>().notNull().default([]),
    /** The last run: payable per currency, receipts under no contract, counts. */
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    error: text('error'),
    jobId: uuid('job_id'),
    runAt: ts('run_at'),
    runBy: uuid('run_by').references(() => reviewers.id, { onDelete: 'set null' }),
    approvedAt: ts('approved_at'),
    approvedBy: uuid('approved_by').references(() => reviewers.id, { onDelete: 'set null' }),
    publishedAt: ts('published_at'),
    publishedBy: uuid('published_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('royalty_periods_org_start_key').on(t.organizationId, t.startMonth)],
);

// Every movement of a contract's balance for a payee: dated, signed by who made it, never edited
// once its period is published (corrections are new entries).
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    organizationId: orgRef(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => royaltyDeals.id, { onDelete: 'cascade' }),
    /** Null: split over the deal's payees by share. */
    payeeId: uuid('payee_id').references(() => payees.id, { onDelete: 'restrict' }),
    /** core LEDGER_ENTRY_KINDS */
    kind: text('kind').notNull(),
    /** Exact, in `currency`; positive for what the member entered (advance, cost, payment), signed for adjustments and the run's entries. */
    amount: numeric('amount').notNull(),
    currency: text('currency').notNull(),
    entryDate: date('entry_date').notNull(),
    recoupable: boolean('recoupable').notNull().default(true),
    reason: text('reason'),
    receiptKey: text('receipt_key'),
    /** Set on the entries a published period's run wrote. */
    periodId: uuid('period_id').references(() => royaltyPeriods.id, { onDelete: 'restrict' }),
    /** The payment a `payment` entry is part of. */
    paymentId: uuid('payment_id').references((): AnyPgColumn => royaltyPayments.id, { onDelete: 'restrict' }),
    createdBy: uuid('created_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_deal_idx').on(t.dealId, t.entryDate),
    index('ledger_entries_period_idx').on(t.periodId),
  ],
);

// One payee's statement for a period, as the last run computed it.
export const royaltyStatements = pgTable(
  'royalty_statements',
  {
    id: id(),
    organizationId: orgRef(),
    periodId: uuid('period_id')
      .notNull()
      .references(() => royaltyPeriods.id, { onDelete: 'cascade' }),
    payeeId: uuid('payee_id')
      .notNull()
      .references(() => payees.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    openingMinor: bigint('opening_minor', { mode: 'bigint' }).notNull(),
    earningsMinor: bigint('earnings_minor', { mode: 'bigint' }).notNull(),
    closingMinor: bigint('closing_minor', { mode: 'bigint' }).notNull(),
    payableMinor: bigint('payable_minor', { mode: 'bigint' }).notNull(),
    /** The engine's statement (figures per contract and the lines), amounts as text. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    /** What changed since the previous run of the period: [{ field, before, after }], null on a first run. */
    changes: jsonb('changes').$type<Array<Record<string, unknown>>>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('royalty_statements_period_payee_key').on(t.periodId, t.payeeId)],
);

// A payment made to a payee (its ledger entries spread it over the contracts that owed it).
export const royaltyPayments = pgTable(
  'royalty_payments',
  {
    id: id(),
    organizationId: orgRef(),
    payeeId: uuid('payee_id')
      .notNull()
      .references(() => payees.id, { onDelete: 'restrict' }),
    amount: numeric('amount').notNull(),
    currency: text('currency').notNull(),
    paidOn: date('paid_on').notNull(),
    reference: text('reference').notNull(),
    createdBy: uuid('created_by').references(() => reviewers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('royalty_payments_org_paid_idx').on(t.organizationId, t.paidOn)],
);

// ---------- Analytics (issue 17; decision 0030) ----------

// What one import's lines sum to, kept at three grains so every analytics request reads the
// smallest that answers it. Rebuilt per import (its lines deleted and summed again) whenever the
// import is imported or its lines' matches change; counted only while the import is `imported`.
// No realtime trigger per row: the import's row announces them.
const rollupSums = () => ({
  quantity: bigint('quantity', { mode: 'bigint' }).notNull(),
  net: numeric('net').notNull(),
  /** Null when no line of the group had a gross amount. */
  gross: numeric('gross'),
  lineCount: integer('line_count').notNull(),
});

/** Month, store, territory, sale type and currency (no recording): totals, time, stores, territories. */
export const statementRollupsMonthly = pgTable(
  'statement_rollups_monthly',
  {
    organizationId: uuid('organization_id').notNull(),
    importId: uuid('import_id')
      .notNull()
      .references(() => royaltyImports.id, { onDelete: 'cascade' }),
    saleMonth: date('sale_month').notNull(),
    store: text('store'),
    territory: text('territory'),
    saleType: text('sale_type').notNull(),
    currency: text('currency').notNull(),
    ...rollupSums(),
  },
  (t) => [
    index('statement_rollups_monthly_org_month_idx').on(t.organizationId, t.saleMonth),
    index('statement_rollups_monthly_import_idx').on(t.importId),
  ],
);

/** Month, recording, release, sale type and currency: releases, tracks, artists, lifecycle, value. */
export const statementRollupsRecording = pgTable(
  'statement_rollups_recording',
  {
    organizationId: uuid('organization_id').notNull(),
    importId: uuid('import_id')
      .notNull()
      .references(() => royaltyImports.id, { onDelete: 'cascade' }),
    saleMonth: date('sale_month').notNull(),
    recordingId: uuid('recording_id').references(() => recordings.id, { onDelete: 'set null' }),
    releaseId: uuid('release_id').references(() => releases.id, { onDelete: 'set null' }),
    saleType: text('sale_type').notNull(),
    currency: text('currency').notNull(),
    ...rollupSums(),
  },
  (t) => [
    index('statement_rollups_recording_org_month_idx').on(t.organizationId, t.saleMonth),
    index('statement_rollups_recording_recording_idx').on(t.organizationId, t.recordingId, t.saleMonth),
    index('statement_rollups_recording_release_idx').on(t.organizationId, t.releaseId, t.saleMonth),
    index('statement_rollups_recording_import_idx').on(t.importId),
  ],
);

// Missing income: a store or territory that reported a recording every period and is absent from
// the latest import, or dropped by more than half. Rebuilt for the label after each import changes.
export const incomeAlerts = pgTable(
  'income_alerts',
  {
    id: id(),
    organizationId: uuid('organization_id').notNull(),
    /** missing, drop */
    kind: text('kind').notNull(),
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    /** store, territory */
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    /** The import whose lines lack it (missing) or hold the drop. */
    importId: uuid('import_id')
      .notNull()
      .references(() => royaltyImports.id, { onDelete: 'cascade' }),
    /** First day of the month (or period) compared. */
    periodStart: date('period_start').notNull(),
    previousNet: numeric('previous_net').notNull(),
    currentNet: numeric('current_net').notNull(),
    currency: text('currency').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('income_alerts_org_idx').on(t.organizationId, t.createdAt)],
);
