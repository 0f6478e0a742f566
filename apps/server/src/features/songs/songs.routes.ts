import * as songs from '@music-review/core/contracts/songs';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { contentDisposition } from '../../platform/storage/serving.ts';
import { createSongsService } from './songs.service.ts';

/** The songs endpoints (contracts: packages/core/src/contracts/songs.ts). */
export async function songsRoutes(app: App, ctx: AppContext) {
  const service = createSongsService(ctx);

  route(app, ctx, songs.listSongs, ({ member, query }) =>
    service.list(member, {
      includeSigned: query.include_signed === 'true',
      limit: query.limit,
      cursor: query.cursor,
    }),
  );

  route(app, ctx, songs.createSong, ({ member, body }) => service.create(member, body));

  route(app, ctx, songs.setSongWaveform, ({ member, params, body }) =>
    service.setWaveform(member, params.id, body.waveform_file_key),
  );

  route(app, ctx, songs.getSongWaveform, async ({ member, params, query, reply }) => {
    const file = await service.waveform(member, params.id, query.format ?? 'stored');
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', contentDisposition('application/json', file.filename))
      .header('cache-control', 'private, no-cache')
      .send(file.body);
  });

  route(app, ctx, songs.getSong, ({ member, params }) => service.get(member, params.id));

  route(app, ctx, songs.decideSongs, ({ member, body }) =>
    service.decideMany(member, body.song_ids, body.status),
  );

  route(app, ctx, songs.signSong, ({ member, params }) => service.decide(member, params.id, 'signed'));

  route(app, ctx, songs.passSong, ({ member, params }) => service.decide(member, params.id, 'passed'));
}
