/**
 * Global search (spec sections 2, 5 and 9): every result group in one answer. The contract of the
 * endpoint (packages/core/src/endpoint.ts); handler: apps/server/src/features/search/search.routes.ts.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  SEARCH_TOO_LONG_MESSAGE,
  SEARCH_TOO_SHORT_MESSAGE,
} from '../search.ts';

const song = z
  .object({
    id: z.string(),
    title: z.string(),
    artist: z
      .string()
      .nullable()
      .meta({ description: 'Null while the caller may not see it (blind review).' }),
    status: z.string(),
  })
  .meta({ description: 'A song: opens /review/{id}.' });

const artist = z
  .object({ name: z.string() })
  .meta({ description: "An artist of the label's signed songs: opens /signed-songs?artist={name}." });

const contract = z
  .object({
    id: z.string(),
    song_id: z.string(),
    song_title: z.string().meta({ description: "The related song's title, or 'Untitled'." }),
    artist_name: z.string(),
    status: z.string(),
  })
  .meta({ description: 'A contract, found by its artist name: opens /signed-songs/{song_id}/contracts.' });

const metadata = z
  .object({
    id: z.string(),
    song_id: z.string(),
    song_title: z.string().meta({ description: "The related song's title, or 'Untitled'." }),
    artist: z.string().nullable().meta({
      description: "The related song's artist; null while the caller may not see it (blind review).",
    }),
    status: z.string(),
  })
  .meta({
    description: 'A metadata form, found by its status text: opens /signed-songs/{song_id}/metadata.',
  });

const results = z.object({
  query: z.string().meta({ description: 'The query the results are for (trimmed).' }),
  songs: z.array(song),
  artists: z.array(artist),
  contracts: z.array(contract),
  metadata: z.array(metadata),
});

export type SearchSongDto = z.infer<typeof song>;
export type SearchArtistDto = z.infer<typeof artist>;
export type SearchContractDto = z.infer<typeof contract>;
export type SearchMetadataDto = z.infer<typeof metadata>;
/** Every group in one answer, at most 5 entries each, best matches first. */
export type SearchResultsDto = z.infer<typeof results>;

export const searchLabel = endpoint({
  operationId: 'searchLabel',
  summary:
    "Searches the label's songs, artists, contracts and metadata forms: at most 5 of each, best matches first",
  tag: 'search',
  method: 'GET',
  path: '/api/v1/search',
  access: 'member',
  query: z.object({
    q: z
      .string({ message: SEARCH_TOO_SHORT_MESSAGE })
      .trim()
      .min(SEARCH_MIN_LENGTH, { message: SEARCH_TOO_SHORT_MESSAGE })
      .max(SEARCH_MAX_LENGTH, { message: SEARCH_TOO_LONG_MESSAGE }),
  }),
  responses: { 200: results },
  errors: [],
});
