import { setSongWaveform as setSongWaveformEndpoint } from '@music-review/core/contracts/songs';
import type { ApiClient } from '../../../lib/api-client';

/** PUT /api/v1/songs/{id}/waveform: the uploaded waveform's key, for a song that had none. */
export async function setSongWaveform(api: ApiClient, songId: string, key: string): Promise<void> {
  await api.call(setSongWaveformEndpoint, { params: { id: songId }, body: { waveform_file_key: key } });
}
