/**
 * Songs (spec section 2, adding tracks and deciding on them): the contract of each endpoint
 * (packages/core/src/endpoint.ts). Handlers: apps/server/src/features/songs/songs.routes.ts.
 */
import { z } from 'zod';
import { fileResponse, idParams } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';

/** GET /api/v1/songs answers at most this many songs a page. */
const SONG_PAGE_MAX = 100;
/** POST /api/v1/songs/decisions takes at most this many songs. */
const BULK_DECISION_MAX = 200;

const song = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string().nullable().meta({
    description:
      'Null until the caller has reviewed the current version (blind review); shown on signed songs.',
  }),
  status: z.string(),
  submitted_at: z.string(),
  submission_source: z
    .string()
    .nullable()
    .meta({ description: "The submitter: a team member's name when the address is one of theirs." }),
  audio_file_key: z.string().nullable(),
  waveform_file_key: z.string().nullable(),
  current_version_number: z.number(),
  has_revisions: z.boolean(),
  reviewed_by_me: z.boolean(),
  created_at: z.string(),
});

const songPage = z.object({
  songs: z.array(song),
  next_cursor: z.string().nullable().meta({ description: 'Where the next page starts; null without more.' }),
});

const bulkDecision = z.object({
  updated: z.array(z.string()).meta({ description: 'The songs whose status changed.' }),
});

/** A song as GET /api/v1/songs and /api/v1/songs/{id} show it. */
export type SongDto = z.infer<typeof song>;
export type SongPageDto = z.infer<typeof songPage>;
/** POST /api/v1/songs/decisions (admins): the ids whose status changed. */
export type BulkDecisionDto = z.infer<typeof bulkDecision>;

export const listSongs = endpoint({
  operationId: 'listSongs',
  summary: "The label's songs, newest submission first, a page at a time (signed ones on request)",
  tag: 'songs',
  method: 'GET',
  path: '/api/v1/songs',
  access: 'member',
  query: z.object({
    include_signed: z.enum(['true', 'false']).default('false'),
    limit: z.coerce.number().int().min(1).max(SONG_PAGE_MAX).default(50),
    cursor: z.string().max(200).optional(),
  }),
  responses: { 200: songPage },
  errors: [],
});

export const createSong = endpoint({
  operationId: 'createSong',
  summary: 'Adds a track whose audio (and waveform) was uploaded through a presigned URL',
  tag: 'songs',
  method: 'POST',
  path: '/api/v1/songs',
  access: 'member',
  body: z.object({
    id: z.uuid().optional(),
    title: z.string().trim().min(1, { message: 'Please enter a title' }).max(200),
    artist: z.string().trim().min(1, { message: 'Please enter an artist' }).max(200),
    // Null sits on a member of the union, not on the union: OpenAPI 3.0 has no type to put beside it.
    submission_source: z
      .union([z.literal(''), z.email({ message: 'Please enter a valid email address' }).nullable()])
      .optional(),
    audio_file_key: z.string().min(1).max(500),
    waveform_file_key: z.string().min(1).max(500).nullish(),
  }),
  responses: { 201: song },
  errors: ['not_found', 'conflict', 'plan_limit_reached', 'payload_too_large', 'unsupported_media_type'],
});

export const setSongWaveform = endpoint({
  operationId: 'setSongWaveform',
  summary: 'Stores the waveform the browser generated for a song that had none',
  tag: 'songs',
  method: 'PUT',
  path: '/api/v1/songs/:id/waveform',
  access: 'member',
  params: idParams,
  body: z.object({ waveform_file_key: z.string().min(1).max(500) }),
  responses: { 200: song },
  errors: ['not_found', 'payload_too_large', 'unsupported_media_type'],
});

export const getSongWaveform = endpoint({
  operationId: 'getSongWaveform',
  summary: "The current version's waveform JSON, as stored or in BBC audiowaveform's format",
  tag: 'songs',
  method: 'GET',
  path: '/api/v1/songs/:id/waveform',
  access: 'member',
  params: idParams,
  query: z.object({ format: z.enum(['audiowaveform']).optional() }),
  responses: {
    200: fileResponse(
      "As stored: Music Review's format (version 1, data integers 0-255, silence 128). With " +
        'format=audiowaveform: BBC audiowaveform JSON (version 2, signed -128..127) for peaks.js and ' +
        'waveform-data.',
    ),
  },
  errors: ['not_found', 'conflict'],
});

export const getSong = endpoint({
  operationId: 'getSong',
  summary: 'One song of the label (404 for a missing song or one of another label)',
  tag: 'songs',
  method: 'GET',
  path: '/api/v1/songs/:id',
  access: 'member',
  params: idParams,
  responses: { 200: song },
  errors: ['not_found'],
});

export const decideSongs = endpoint({
  operationId: 'decideSongs',
  summary: 'Signs or passes on several songs at once (admins); answers the ids whose status changed',
  tag: 'songs',
  method: 'POST',
  path: '/api/v1/songs/decisions',
  access: 'member',
  body: z.object({
    song_ids: z
      .array(z.uuid({ message: 'song_ids: every id must be a song id (UUID)' }))
      .min(1, { message: 'song_ids: choose at least one song' })
      .max(BULK_DECISION_MAX, { message: `song_ids: at most ${BULK_DECISION_MAX} songs at once` }),
    status: z.enum(['signed', 'passed'], { message: "status: must be 'signed' or 'passed'" }),
  }),
  responses: { 200: bulkDecision },
  errors: ['not_found'],
});

export const signSong = endpoint({
  operationId: 'signSong',
  summary: 'Signs a song (admins): it leaves the review lists for Signed Songs',
  tag: 'songs',
  method: 'POST',
  path: '/api/v1/songs/:id/sign',
  access: 'member',
  params: idParams,
  responses: { 200: song },
  errors: ['not_found'],
});

export const passSong = endpoint({
  operationId: 'passSong',
  summary: 'Passes on a song (admins): it leaves the review lists',
  tag: 'songs',
  method: 'POST',
  path: '/api/v1/songs/:id/pass',
  access: 'member',
  params: idParams,
  responses: { 200: song },
  errors: ['not_found'],
});
