/**
 * Marketing (issue 6, build point 6): the contract of each endpoint (packages/core/src/endpoint.ts).
 * Handlers: apps/server/src/features/marketing/marketing.routes.ts.
 *
 * The request schemas are the forms' own (`../marketing.ts`, which the web's forms use too). The
 * answers are described here without their transforms and defaults: the serializer checks every
 * answer against these schemas, and a transform cannot run backwards. `../marketing.ts` re-exports
 * the answers' types under their old names.
 */
import { z } from 'zod';
import { uuidOr404 } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';
import {
  BUDGET_RANGES,
  CAMPAIGN_STATUSES,
  campaignInput,
  campaignPatch,
  generalIntakeData,
  pressPhotoFile,
  pressPhotoKey,
  pressPhotoUploadInput,
  questionnaireData,
  questionnaireSubmission,
  TASK_STATUSES,
  taskInput,
  taskPatch,
} from '../marketing.ts';

// ---- answers -----------------------------------------------------------------------------------

const task = z.object({
  id: z.string(),
  campaign_id: z.string(),
  song_id: z.string(),
  title: z.string(),
  assignee_id: z.string().nullable(),
  assignee_name: z.string().nullable(),
  due_date: z.string().nullable().meta({ description: 'YYYY-MM-DD, a UTC calendar day.' }),
  status: z.enum(TASK_STATUSES),
  created_at: z.string(),
});

const campaign = z.object({
  id: z.string(),
  song_id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  budget_cents: z.number().meta({ description: "In the currency's minor units." }),
  currency: z.string(),
  start_date: z.string().nullable().meta({ description: 'YYYY-MM-DD.' }),
  end_date: z.string().nullable().meta({ description: 'YYYY-MM-DD.' }),
  channels: z.array(z.string()),
  notes: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  tasks: z.array(task),
});

const linkState = z.enum(['active', 'used', 'revoked', 'expired']);

const link = z.object({
  id: z.string(),
  state: linkState,
  created_at: z.string(),
  expires_at: z.string(),
});

const issuedLink = z
  .object({
    link,
    token: z.string(),
    url: z.string().meta({ description: 'The public page in the web app.' }),
  })
  .meta({ description: 'A link as just issued: the only time its token (and so its address) is known.' });

const pressPhoto = pressPhotoFile.extend({
  url: z
    .string()
    .meta({ description: 'A signed address to show and download the photo (valid for an hour).' }),
});

const pressPhotoUpload = z
  .object({ key: z.string(), upload_url: z.string(), content_type: z.string() })
  .meta({
    description:
      'The PUT address for one press photo; the browser sends the bytes with exactly this Content-Type.',
  });

/** The questionnaire's answers as stored: every field present (old drafts are read back complete). */
const questionnaireAnswers = z.object({
  bio_short: z.string(),
  bio_long: z.string(),
  press_photos: z.array(z.object({ url: z.string(), caption: z.string() })),
  socials: z.object({
    instagram: z.string(),
    tiktok: z.string(),
    youtube: z.string(),
    spotify: z.string(),
    x: z.string(),
    website: z.string(),
  }),
  pitch: z.string(),
  similar_artists: z.string(),
  playlists: z.string(),
  release_story: z.string(),
});

const pressPhotoFiles = z
  .array(pressPhoto)
  .optional()
  .meta({ description: 'Photos the artist uploaded (links stay in `data.press_photos`).' });

const questionnaire = z.object({
  form_id: z.string().nullable().meta({ description: 'Null until the label creates the first link.' }),
  status: z.enum(['none', 'draft', 'submitted']),
  data: questionnaireAnswers.nullable(),
  submitted_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  links: z.array(link),
  press_photo_files: pressPhotoFiles,
});

const songMarketing = z.object({
  song: z.object({ id: z.string(), title: z.string(), artist: z.string() }),
  campaigns: z.array(campaign),
  questionnaire,
});

const generalAnswers = z.object({
  project_name: z.string(),
  contact_email: z.string(),
  release_plans: z.string(),
  target_audience: z.string(),
  budget_range: z.enum(BUDGET_RANGES).nullable(),
  channels: z.array(z.string()),
  notes: z.string(),
});

const generalSubmission = z.object({ id: z.string(), data: generalAnswers, submitted_at: z.string() });

const generalIntake = z.object({
  links: z.array(link),
  submissions: z.array(generalSubmission).meta({ description: 'The newest 50 submissions.' }),
});

const publicQuestionnaire = z.object({
  label_name: z.string(),
  song_title: z.string(),
  artist: z.string(),
  status: z.enum(['draft', 'submitted']),
  data: questionnaireAnswers,
  press_photo_files: pressPhotoFiles,
  updated_at: z.string(),
  expires_at: z.string(),
});

const publicGeneral = z.object({ label_name: z.string(), expires_at: z.string() });

const draftSaved = z.object({ saved_at: z.string() });
const questionnaireSubmitted = z.object({ submitted_at: z.string() });
const generalSubmitted = z.object({ id: z.string(), submitted_at: z.string() });

export type MarketingTaskDto = z.infer<typeof task>;
export type MarketingCampaignDto = z.infer<typeof campaign>;
export type LinkState = z.infer<typeof linkState>;
export type MarketingLinkDto = z.infer<typeof link>;
/** A link as just issued: the only time its token (and so its address) is known. */
export type IssuedLinkDto = z.infer<typeof issuedLink>;
/** An uploaded photo with a signed address to show and download it (valid for an hour). */
export type PressPhotoFileDto = z.infer<typeof pressPhoto>;
/** The PUT address for one press photo; the browser sends the bytes with exactly this Content-Type. */
export type PressPhotoUploadDto = z.infer<typeof pressPhotoUpload>;
export type QuestionnaireDto = z.infer<typeof questionnaire>;
export type SongMarketingDto = z.infer<typeof songMarketing>;
export type GeneralIntakeSubmissionDto = z.infer<typeof generalSubmission>;
export type GeneralIntakeDto = z.infer<typeof generalIntake>;
/** GET /api/v1/public/marketing-forms/{token}. */
export type PublicQuestionnaireDto = z.infer<typeof publicQuestionnaire>;
/** GET /api/v1/public/marketing-general/{token}. */
export type PublicGeneralIntakeDto = z.infer<typeof publicGeneral>;
export type QuestionnaireDraftSavedDto = z.infer<typeof draftSaved>;
export type QuestionnaireSubmittedDto = z.infer<typeof questionnaireSubmitted>;
export type GeneralIntakeSubmittedDto = z.infer<typeof generalSubmitted>;

// ---- inputs ------------------------------------------------------------------------------------

// Ids in marketing paths: UUIDs, and one that is not answers 404 with the same text as an unknown
// or another label's id (never a 400), so the path tells an outsider nothing.
const songParams = z.object({ songId: uuidOr404('Song not found') });
const campaignParams = z.object({ id: uuidOr404('Campaign not found') });
const taskParams = z.object({ id: uuidOr404('Task not found') });
const linkParams = z.object({ id: uuidOr404('Link not found') });
// Any text: a malformed token answers 404 like an unknown one (openPublicLink).
const tokenParams = z.object({ token: z.string() });

const linkRefusals = ['not_found', 'link_expired', 'link_used', 'link_revoked'] as const;

// ---- the label's side --------------------------------------------------------------------------

export const getSongMarketing = endpoint({
  operationId: 'getSongMarketing',
  summary: "A song's Marketing tab: its campaigns with their tasks, and its questionnaire with its links",
  tag: 'marketing',
  method: 'GET',
  path: '/api/v1/songs/:songId/marketing',
  access: 'member',
  params: songParams,
  responses: { 200: songMarketing },
  errors: ['not_found'],
});

export const createMarketingCampaign = endpoint({
  operationId: 'createMarketingCampaign',
  summary: 'Creates a campaign for the song',
  tag: 'marketing',
  method: 'POST',
  path: '/api/v1/songs/:songId/marketing/campaigns',
  access: 'member',
  params: songParams,
  body: campaignInput,
  responses: { 201: campaign },
  errors: ['not_found'],
});

export const updateMarketingCampaign = endpoint({
  operationId: 'updateMarketingCampaign',
  summary: "Changes any of a campaign's fields (its dates checked against the stored ones too)",
  tag: 'marketing',
  method: 'PATCH',
  path: '/api/v1/marketing/campaigns/:id',
  access: 'member',
  params: campaignParams,
  body: campaignPatch,
  responses: { 200: campaign },
  errors: ['not_found'],
});

export const deleteMarketingCampaign = endpoint({
  operationId: 'deleteMarketingCampaign',
  summary: 'Deletes a campaign and its tasks',
  tag: 'marketing',
  method: 'DELETE',
  path: '/api/v1/marketing/campaigns/:id',
  access: 'member',
  params: campaignParams,
  responses: { 204: null },
  errors: ['not_found'],
});

export const createMarketingTask = endpoint({
  operationId: 'createMarketingTask',
  summary: 'Adds a task to a campaign (its assignee hears of it)',
  tag: 'marketing',
  method: 'POST',
  path: '/api/v1/marketing/campaigns/:id/tasks',
  access: 'member',
  params: campaignParams,
  body: taskInput,
  responses: { 201: task },
  errors: ['not_found'],
});

export const updateMarketingTask = endpoint({
  operationId: 'updateMarketingTask',
  summary: "Changes any of a task's fields (a new assignee hears of it)",
  tag: 'marketing',
  method: 'PATCH',
  path: '/api/v1/marketing/tasks/:id',
  access: 'member',
  params: taskParams,
  body: taskPatch,
  responses: { 200: task },
  errors: ['not_found'],
});

export const deleteMarketingTask = endpoint({
  operationId: 'deleteMarketingTask',
  summary: 'Deletes a task',
  tag: 'marketing',
  method: 'DELETE',
  path: '/api/v1/marketing/tasks/:id',
  access: 'member',
  params: taskParams,
  responses: { 204: null },
  errors: ['not_found'],
});

export const issueMarketingQuestionnaireLink = endpoint({
  operationId: 'issueMarketingQuestionnaireLink',
  summary: "Issues the song's questionnaire link for the artist, withdrawing the earlier ones",
  tag: 'marketing',
  method: 'POST',
  path: '/api/v1/songs/:songId/marketing/questionnaire/links',
  access: 'member',
  params: songParams,
  responses: { 201: issuedLink },
  errors: ['not_found'],
});

export const revokeMarketingLink = endpoint({
  operationId: 'revokeMarketingLink',
  summary: 'Withdraws a questionnaire or intake link of the label',
  tag: 'marketing',
  method: 'DELETE',
  path: '/api/v1/marketing/links/:id',
  access: 'member',
  params: linkParams,
  responses: { 204: null },
  errors: ['not_found'],
});

export const getMarketingGeneralIntake = endpoint({
  operationId: 'getMarketingGeneralIntake',
  summary: 'The label-wide intake: its links and the newest submissions',
  tag: 'marketing',
  method: 'GET',
  path: '/api/v1/marketing/general',
  access: 'member',
  responses: { 200: generalIntake },
  errors: [],
});

export const issueMarketingGeneralLink = endpoint({
  operationId: 'issueMarketingGeneralLink',
  summary: 'Issues the label-wide intake link, withdrawing the earlier ones',
  tag: 'marketing',
  method: 'POST',
  path: '/api/v1/marketing/general/links',
  access: 'member',
  responses: { 201: issuedLink },
  errors: [],
});

// ---- public pages (no session: the token is the credential) ----------------------------------

export const openMarketingQuestionnaire = endpoint({
  operationId: 'openMarketingQuestionnaire',
  summary: "The artist's questionnaire, opened by its link",
  tag: 'marketing',
  method: 'GET',
  path: '/api/v1/public/marketing-forms/:token',
  access: 'public-link',
  params: tokenParams,
  responses: { 200: publicQuestionnaire },
  errors: [...linkRefusals],
});

export const saveMarketingQuestionnaireDraft = endpoint({
  operationId: 'saveMarketingQuestionnaireDraft',
  summary: "Saves the questionnaire's answers as typed (autosave; the link stays usable)",
  tag: 'marketing',
  method: 'PUT',
  path: '/api/v1/public/marketing-forms/:token',
  access: 'public-link',
  params: tokenParams,
  body: z.object({ data: questionnaireData }),
  responses: { 200: draftSaved },
  errors: [...linkRefusals],
});

export const submitMarketingQuestionnaire = endpoint({
  operationId: 'submitMarketingQuestionnaire',
  summary: 'Submits the questionnaire to the label, which spends the link',
  tag: 'marketing',
  method: 'POST',
  path: '/api/v1/public/marketing-forms/:token/submit',
  access: 'public-link',
  params: tokenParams,
  body: z.object({ data: questionnaireSubmission }),
  responses: { 200: questionnaireSubmitted },
  errors: [...linkRefusals],
});

export const createPressPhotoUploadUrl = endpoint({
  operationId: 'createPressPhotoUploadUrl',
  summary: 'An upload address for one press photo of the questionnaire (the link is not spent)',
  tag: 'marketing',
  method: 'POST',
  path: '/api/v1/public/marketing-forms/:token/photos/upload-url',
  access: 'public-link',
  params: tokenParams,
  body: pressPhotoUploadInput,
  responses: { 200: pressPhotoUpload },
  errors: [...linkRefusals, 'conflict', 'payload_too_large', 'unsupported_media_type', 'plan_limit_reached'],
});

export const confirmPressPhoto = endpoint({
  operationId: 'confirmPressPhoto',
  summary: "After the browser's upload: checks the photo's bytes and adds it to the questionnaire",
  tag: 'marketing',
  method: 'POST',
  path: '/api/v1/public/marketing-forms/:token/photos/confirm',
  access: 'public-link',
  params: tokenParams,
  body: pressPhotoKey,
  responses: { 201: pressPhoto },
  errors: [...linkRefusals, 'conflict', 'payload_too_large', 'unsupported_media_type', 'plan_limit_reached'],
});

export const removePressPhoto = endpoint({
  operationId: 'removePressPhoto',
  summary: 'Removes one uploaded press photo while the questionnaire is a draft',
  tag: 'marketing',
  method: 'DELETE',
  path: '/api/v1/public/marketing-forms/:token/photos',
  access: 'public-link',
  params: tokenParams,
  query: pressPhotoKey,
  responses: { 204: null },
  errors: [...linkRefusals, 'conflict'],
});

export const openMarketingGeneralIntake = endpoint({
  operationId: 'openMarketingGeneralIntake',
  summary: 'The label-wide marketing intake, opened by its link',
  tag: 'marketing',
  method: 'GET',
  path: '/api/v1/public/marketing-general/:token',
  access: 'public-link',
  params: tokenParams,
  responses: { 200: publicGeneral },
  errors: [...linkRefusals],
});

export const submitMarketingGeneralIntake = endpoint({
  operationId: 'submitMarketingGeneralIntake',
  summary: 'Submits one answer to the label-wide intake (the link stays open for more)',
  tag: 'marketing',
  method: 'POST',
  path: '/api/v1/public/marketing-general/:token/submit',
  access: 'public-link',
  params: tokenParams,
  body: z.object({ data: generalIntakeData }),
  responses: { 201: generalSubmitted },
  errors: [...linkRefusals],
});
