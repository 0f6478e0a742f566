import { describe, expect, it } from 'vitest';
import { missingForRelease, notReadyMessage } from './assets.ts';

describe('release readiness', () => {
  it('needs accepted artwork, an accepted master and a confirmed metadata form', () => {
    expect(
      missingForRelease({ artworkAccepted: true, masterAccepted: true, metadataConfirmed: true }),
    ).toEqual([]);
    expect(
      missingForRelease({ artworkAccepted: false, masterAccepted: true, metadataConfirmed: false }),
    ).toEqual(['artwork', 'metadata']);
    expect(notReadyMessage(['metadata'])).toBe(
      'The release cannot be marked ready yet. Missing: a confirmed metadata form.',
    );
  });
});
