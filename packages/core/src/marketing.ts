import { z } from 'zod';

/**
 * Marketing (issue 6, build point 6): campaigns per signed song with tasks, the deadline reminders,
 * the artist's questionnaire (/marketing/{token}) and the label-wide intake
 * (/marketing-general/{token}). Shared by the server (validation, schedule) and the web app.
 */

// ---------------------------------------------------------------------------------------------
// Campaigns and tasks

export const CAMPAIGN_STATUSES = ['planned', 'active', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  planned: 'Planned',
  active: 'Active',
  completed: 'Completed',
};

export const TASK_STATUSES = ['todo', 'in_progress', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  todo: 'To do',
  in_progress: 'In progress',
  done: 'Done',
};

/** The channels a campaign picks from; anything else is typed as free text. */
export const MARKETING_CHANNELS = [
  'Spotify editorial pitch',
  'Apple Music',
  'TikTok',
  'Instagram',
  'YouTube',
  'Radio',
  'Press',
  'Playlists',
  'Paid ads',
  'Email',
] as const;

/** Currencies a budget may be kept in (the ones labels we know of pay in). */
export const CAMPAIGN_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'SEK',
  'NOK',
  'DKK',
  'JPY',
  'BRL',
] as const;
export type CampaignCurrency = (typeof CAMPAIGN_CURRENCIES)[number];

export const CAMPAIGN_NAME_MAX = 120;
export const CAMPAIGN_NOTES_MAX = 5000;
export const CHANNEL_MAX = 40;
export const CHANNELS_MAX = 20;
/** 10 billion in the currency's minor units: far above any single-song campaign, well inside bigint. */
export const BUDGET_CENTS_MAX = 1_000_000_000_000;
export const TASK_TITLE_MAX = 200;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date as YYYY-MM-DD that exists (no 2025-02-30). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const isoDate = (field: string) =>
  z.string().refine(isIsoDate, { message: `${field}: must be a date like 2026-05-01` });

export const MARKETING_ERRORS = {
  nameEmpty: 'name: give the campaign a name',
  nameTooLong: `name: at most ${CAMPAIGN_NAME_MAX} characters`,
  endBeforeStart: 'end_date: the campaign cannot end before it starts',
  budget: 'budget_cents: must be a whole amount of at least 0',
  budgetTooLarge: 'budget_cents: that budget is too large',
  currency: `currency: choose one of ${CAMPAIGN_CURRENCIES.join(', ')}`,
  channel: `channels: each channel is 1 to ${CHANNEL_MAX} characters`,
  channels: `channels: at most ${CHANNELS_MAX} channels`,
  taskTitleEmpty: 'title: give the task a title',
  taskTitleTooLong: `title: at most ${TASK_TITLE_MAX} characters`,
  assignee: 'assignee_id: choose a member of your label',
  status: 'status: not a valid status',
} as const;

const campaignFields = {
  name: z
    .string({ message: MARKETING_ERRORS.nameEmpty })
    .trim()
    .min(1, { message: MARKETING_ERRORS.nameEmpty })
    .max(CAMPAIGN_NAME_MAX, { message: MARKETING_ERRORS.nameTooLong }),
  status: z.enum(CAMPAIGN_STATUSES, { message: `status: choose ${CAMPAIGN_STATUSES.join(', ')}` }),
  budget_cents: z
    .number({ message: MARKETING_ERRORS.budget })
    .int({ message: MARKETING_ERRORS.budget })
    .min(0, { message: MARKETING_ERRORS.budget })
    .max(BUDGET_CENTS_MAX, { message: MARKETING_ERRORS.budgetTooLarge }),
  currency: z.enum(CAMPAIGN_CURRENCIES, { message: MARKETING_ERRORS.currency }),
  start_date: isoDate('start_date').nullable(),
  end_date: isoDate('end_date').nullable(),
  channels: z
    .array(
      z
        .string({ message: MARKETING_ERRORS.channel })
        .trim()
        .min(1, { message: MARKETING_ERRORS.channel })
        .max(CHANNEL_MAX, { message: MARKETING_ERRORS.channel }),
    )
    .max(CHANNELS_MAX, { message: MARKETING_ERRORS.channels })
    // The same channel twice (any case) is kept once.
    .transform((list) => {
      const seen = new Set<string>();
      return list.filter((c) => {
        const key = c.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    }),
  notes: z.string().max(CAMPAIGN_NOTES_MAX, { message: `notes: at most ${CAMPAIGN_NOTES_MAX} characters` }),
};

const datesInOrder = (v: { start_date?: string | null; end_date?: string | null }) =>
  !v.start_date || !v.end_date || v.end_date >= v.start_date;

/** POST /api/v1/songs/{songId}/marketing/campaigns. */
export const campaignInput = z
  .object({
    ...campaignFields,
    status: campaignFields.status.default('planned'),
    budget_cents: campaignFields.budget_cents.default(0),
    currency: campaignFields.currency.default('USD'),
    start_date: campaignFields.start_date.default(null),
    end_date: campaignFields.end_date.default(null),
    channels: campaignFields.channels.default([]),
    notes: campaignFields.notes.default(''),
  })
  .refine(datesInOrder, { message: MARKETING_ERRORS.endBeforeStart, path: ['end_date'] });
export type CampaignInput = z.input<typeof campaignInput>;
export type CampaignValues = z.output<typeof campaignInput>;

/** PATCH /api/v1/marketing/campaigns/{id}: any of the fields (dates checked against the stored ones too). */
export const campaignPatch = z
  .object({
    name: campaignFields.name.optional(),
    status: campaignFields.status.optional(),
    budget_cents: campaignFields.budget_cents.optional(),
    currency: campaignFields.currency.optional(),
    start_date: campaignFields.start_date.optional(),
    end_date: campaignFields.end_date.optional(),
    channels: campaignFields.channels.optional(),
    notes: campaignFields.notes.optional(),
  })
  .refine(datesInOrder, { message: MARKETING_ERRORS.endBeforeStart, path: ['end_date'] });
export type CampaignPatch = z.output<typeof campaignPatch>;

const taskFields = {
  title: z
    .string({ message: MARKETING_ERRORS.taskTitleEmpty })
    .trim()
    .min(1, { message: MARKETING_ERRORS.taskTitleEmpty })
    .max(TASK_TITLE_MAX, { message: MARKETING_ERRORS.taskTitleTooLong }),
  assignee_id: z.uuid({ message: MARKETING_ERRORS.assignee }).nullable(),
  due_date: isoDate('due_date').nullable(),
  status: z.enum(TASK_STATUSES, { message: `status: choose ${TASK_STATUSES.join(', ')}` }),
};

/** POST /api/v1/marketing/campaigns/{id}/tasks. */
export const taskInput = z.object({
  title: taskFields.title,
  assignee_id: taskFields.assignee_id.default(null),
  due_date: taskFields.due_date.default(null),
  status: taskFields.status.default('todo'),
});
export type TaskInput = z.input<typeof taskInput>;
export type TaskValues = z.output<typeof taskInput>;

/** PATCH /api/v1/marketing/tasks/{id}. */
export const taskPatch = z.object({
  title: taskFields.title.optional(),
  assignee_id: taskFields.assignee_id.optional(),
  due_date: taskFields.due_date.optional(),
  status: taskFields.status.optional(),
});
export type TaskPatch = z.output<typeof taskPatch>;

// ---------------------------------------------------------------------------------------------
// Money

/**
 * A typed amount ("1,250.50", "1250", "€ 300") in minor units, or null when it is not an amount.
 * Commas are taken as thousands separators; at most two decimals.
 */
export function parseMoneyToCents(text: string): number | null {
  const cleaned = text.replace(/[\s,$€£¥]/g, '').replace(/^(USD|EUR|GBP|CAD|AUD|SEK|NOK|DKK|JPY|BRL)/i, '');
  if (cleaned === '') return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents <= BUDGET_CENTS_MAX ? cents : null;
}

/** "$1,250.50" in the browser's language; JPY has no minor unit shown. */
export function formatMoney(cents: number, currency: string, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Deadline reminders

/**
 * Reminders go out 3 days before, 1 day before and on the due date, each once per task and due date.
 * Days are UTC calendar days (decision 0010): a due date has no time zone of its own, the job runs on
 * servers in any zone, and one rule for every member keeps "exactly once" simple.
 */
export const REMINDER_KINDS = ['3days', '1day', 'today'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const REMINDER_DAYS_BEFORE: Record<ReminderKind, number> = { '3days': 3, '1day': 1, today: 0 };

export const REMINDER_NOTIFICATION_TYPE = {
  '3days': 'campaign_task_deadline_3days',
  '1day': 'campaign_task_deadline_1day',
  today: 'campaign_task_deadline_today',
} as const satisfies Record<ReminderKind, string>;

const DAY_MS = 86_400_000;

/** The UTC calendar day of an instant, YYYY-MM-DD. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** A YYYY-MM-DD day moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole UTC days from `now`'s day to the due date (negative once past). */
export function daysUntil(dueDate: string, now: Date): number {
  return Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${utcDay(now)}T00:00:00Z`)) / DAY_MS);
}

/**
 * The reminder a task is due for at `now`, or null. Only today's kind counts: a mark that passed
 * while no server ran is not sent late (2 days before sends nothing; the 1-day one follows).
 */
export function reminderDue(
  task: { status: string; assignee_id: string | null; due_date: string | null },
  now: Date,
): ReminderKind | null {
  if (task.status === 'done' || !task.assignee_id || !task.due_date) return null;
  const days = daysUntil(task.due_date, now);
  return REMINDER_KINDS.find((kind) => REMINDER_DAYS_BEFORE[kind] === days) ?? null;
}

/** The due dates each kind looks for at `now` (what the job scans for). */
export function reminderDueDates(now: Date): { kind: ReminderKind; dueDate: string }[] {
  const today = utcDay(now);
  return REMINDER_KINDS.map((kind) => ({ kind, dueDate: addDays(today, REMINDER_DAYS_BEFORE[kind]) }));
}

/** The bell's text for a reminder (the e2e test looks for "due in 3 days"). */
export function reminderMessage(kind: ReminderKind, task: { title: string; song_title: string }): string {
  const when = kind === '3days' ? 'is due in 3 days' : kind === '1day' ? 'is due tomorrow' : 'is due today';
  return `"${task.title}" for ${task.song_title} ${when}`;
}

/** How a task's due date reads in the list: overdue, due today or soon (within 3 days), or later. */
export type DueState = 'overdue' | 'today' | 'soon' | 'later' | 'none' | 'done';
export function dueState(task: { status: string; due_date: string | null }, now: Date): DueState {
  if (task.status === 'done') return 'done';
  if (!task.due_date) return 'none';
  const days = daysUntil(task.due_date, now);
  if (days < 0) return 'overdue';
  if (days === 0) return 'today';
  if (days <= 3) return 'soon';
  return 'later';
}

// ---------------------------------------------------------------------------------------------
// The artist questionnaire (/marketing/{token})

/** Spotify for Artists limits an editorial pitch to 500 characters. */
export const PITCH_MAX = 500;
export const BIO_SHORT_MAX = 300;
export const LONG_TEXT_MAX = 5000;
export const REFERENCES_MAX = 2000;
export const PRESS_PHOTOS_MAX = 10;
export const URL_MAX = 500;

export const SOCIAL_FIELDS = ['instagram', 'tiktok', 'youtube', 'spotify', 'x', 'website'] as const;
export type SocialField = (typeof SOCIAL_FIELDS)[number];
export const SOCIAL_LABELS: Record<SocialField, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  spotify: 'Spotify',
  x: 'X',
  website: 'Website',
};

/** An http(s) address; "www.example.com" is read as https. Empty is allowed (not filled in). */
export function normaliseUrl(raw: string): string {
  const text = raw.trim();
  if (text === '') return '';
  return /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
}

export function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const webUrl = (field: string) =>
  z
    .string()
    .max(URL_MAX, { message: `${field}: at most ${URL_MAX} characters` })
    .transform(normaliseUrl)
    .refine((v) => v === '' || isWebUrl(v), { message: `${field}: must be a web address (https://...)` });

const text = (field: string, max: number) =>
  z.string().max(max, { message: `${field}: at most ${max} characters` });

export const questionnaireData = z.object({
  bio_short: text('bio_short', BIO_SHORT_MAX).default(''),
  bio_long: text('bio_long', LONG_TEXT_MAX).default(''),
  press_photos: z
    .array(
      z.object({
        url: webUrl('press_photos.url'),
        caption: text('press_photos.caption', 200).default(''),
      }),
    )
    .max(PRESS_PHOTOS_MAX, { message: `press_photos: at most ${PRESS_PHOTOS_MAX} photos` })
    .transform((list) => list.filter((p) => p.url !== ''))
    .default([]),
  socials: z
    .object({
      instagram: webUrl('socials.instagram').default(''),
      tiktok: webUrl('socials.tiktok').default(''),
      youtube: webUrl('socials.youtube').default(''),
      spotify: webUrl('socials.spotify').default(''),
      x: webUrl('socials.x').default(''),
      website: webUrl('socials.website').default(''),
    })
    .default({ instagram: '', tiktok: '', youtube: '', spotify: '', x: '', website: '' }),
  pitch: text('pitch', PITCH_MAX).default(''),
  similar_artists: text('similar_artists', REFERENCES_MAX).default(''),
  playlists: text('playlists', REFERENCES_MAX).default(''),
  release_story: text('release_story', LONG_TEXT_MAX).default(''),
});
export type QuestionnaireData = z.output<typeof questionnaireData>;
export type QuestionnaireInput = z.input<typeof questionnaireData>;

export const QUESTIONNAIRE_ERRORS = {
  bioShort: 'bio_short: please write a short bio',
  pitch: 'pitch: please write a pitch for the release',
} as const;

/** Submitting needs the two things a pitch cannot go out without. Drafts take anything valid. */
export const questionnaireSubmission = questionnaireData.superRefine((data, ctx) => {
  if (data.bio_short.trim() === '')
    ctx.addIssue({ code: 'custom', message: QUESTIONNAIRE_ERRORS.bioShort, path: ['bio_short'] });
  if (data.pitch.trim() === '')
    ctx.addIssue({ code: 'custom', message: QUESTIONNAIRE_ERRORS.pitch, path: ['pitch'] });
});

export const EMPTY_QUESTIONNAIRE: QuestionnaireData = questionnaireData.parse({});

// ---------------------------------------------------------------------------------------------
// Uploaded press photos (besides or instead of links)

/** The image types an artist may upload as a press photo (the server checks the bytes too). */
export const PRESS_PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** For the file picker: the types and their usual extensions. */
export const PRESS_PHOTO_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';
export const PRESS_PHOTO_TYPE_MESSAGE = 'Press photos must be JPEG, PNG or WebP images.';
export const PRESS_PHOTO_FILES_MESSAGE = `press_photo_files: at most ${PRESS_PHOTOS_MAX} uploaded photos`;

export function isPressPhotoType(contentType: string): boolean {
  const ct = contentType.split(';')[0]!.trim().toLowerCase();
  return (PRESS_PHOTO_CONTENT_TYPES as readonly string[]).includes(ct);
}

/** POST /api/v1/public/marketing-forms/{token}/photos/upload-url. */
export const pressPhotoUploadInput = z.object({
  filename: z
    .string({ message: 'filename: the file needs a name' })
    .trim()
    .min(1, { message: 'filename: the file needs a name' })
    .max(255, { message: 'filename: at most 255 characters' }),
  content_type: z
    .string({ message: `content_type: ${PRESS_PHOTO_TYPE_MESSAGE}` })
    .max(200, { message: `content_type: ${PRESS_PHOTO_TYPE_MESSAGE}` }),
  size_bytes: z
    .number({ message: 'size_bytes: must be the file size in bytes' })
    .int({ message: 'size_bytes: must be the file size in bytes' })
    .positive({ message: 'size_bytes: the file is empty' }),
});
export type PressPhotoUploadInput = z.output<typeof pressPhotoUploadInput>;

/** POST .../photos/confirm and DELETE .../photos?key=: the storage key the upload URL was made for. */
export const pressPhotoKey = z.object({
  key: z
    .string({ message: 'key: the uploaded file is missing' })
    .min(1, { message: 'key: the uploaded file is missing' })
    .max(600, { message: 'key: not a valid file' }),
});

/** One uploaded photo as the form keeps it (`data.press_photo_files`). */
export const pressPhotoFile = z.object({
  key: z.string().min(1),
  filename: z.string().min(1),
  size_bytes: z.number().int().nonnegative(),
  content_type: z.string(),
});
export type PressPhotoFile = z.output<typeof pressPhotoFile>;

/** The photos stored in a form's data; anything unreadable is left out. */
export function storedPressPhotoFiles(data: unknown): PressPhotoFile[] {
  const list = (data as { press_photo_files?: unknown } | null)?.press_photo_files;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const parsed = pressPhotoFile.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// The label-wide intake (/marketing-general/{token})

export const BUDGET_RANGES = [
  'Under $1,000',
  '$1,000 - $5,000',
  '$5,000 - $20,000',
  'Over $20,000',
  'Not sure yet',
] as const;

export const generalIntakeData = z.object({
  project_name: z
    .string({ message: 'project_name: please give the artist or project name' })
    .trim()
    .min(1, { message: 'project_name: please give the artist or project name' })
    .max(200, { message: 'project_name: at most 200 characters' }),
  contact_email: z
    .string()
    .trim()
    .pipe(z.email({ message: 'contact_email: must be an email address' })),
  release_plans: text('release_plans', LONG_TEXT_MAX).default(''),
  target_audience: text('target_audience', REFERENCES_MAX).default(''),
  budget_range: z
    .enum(BUDGET_RANGES, { message: 'budget_range: choose one of the ranges' })
    .nullable()
    .default(null),
  channels: z
    .array(z.string().trim().min(1).max(CHANNEL_MAX, { message: MARKETING_ERRORS.channel }))
    .max(CHANNELS_MAX, { message: MARKETING_ERRORS.channels })
    .default([]),
  notes: text('notes', LONG_TEXT_MAX).default(''),
});
export type GeneralIntakeData = z.output<typeof generalIntakeData>;
export type GeneralIntakeInput = z.input<typeof generalIntakeData>;

// ---------------------------------------------------------------------------------------------
// DTOs: the answers' types, inferred from the contract's schemas (packages/core/src/contracts/marketing.ts).

export type {
  GeneralIntakeDto,
  GeneralIntakeSubmissionDto,
  GeneralIntakeSubmittedDto,
  IssuedLinkDto,
  LinkState,
  MarketingCampaignDto,
  MarketingLinkDto,
  MarketingTaskDto,
  PressPhotoFileDto,
  PressPhotoUploadDto,
  PublicGeneralIntakeDto,
  PublicQuestionnaireDto,
  QuestionnaireDraftSavedDto,
  QuestionnaireDto,
  QuestionnaireSubmittedDto,
  SongMarketingDto,
} from './contracts/marketing.ts';

/** Links live this long: an artist may take weeks over a questionnaire. */
export const QUESTIONNAIRE_LINK_DAYS = 30;
export const GENERAL_LINK_DAYS = 180;
