import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useApiClient } from '../api-context';
import { getSignedUrl, getSignedUrlWithFormToken, type SignUrl } from './signed-url';

/** How the player and the waveforms get their signed URLs, and whether the reader may store files. */
export interface SignedUrlSource {
  sign: SignUrl;
  /** False for an external party: a waveform generated in the browser is shown but not uploaded. */
  canStore: boolean;
}

const SignedUrlSourceContext = createContext<SignedUrlSource | null>(null);

/**
 * Spec section 6, external access: below this provider the waveform player signs files with a
 * metadata form's token instead of the session (the artist's public form page).
 */
export function MetadataFormUrlSource({ token, children }: { token: string; children: ReactNode }) {
  const source = useMemo<SignedUrlSource>(
    () => ({ sign: (fileKey, signal) => getSignedUrlWithFormToken(token, fileKey, signal), canStore: false }),
    [token],
  );
  return <SignedUrlSourceContext.Provider value={source}>{children}</SignedUrlSourceContext.Provider>;
}

/** The nearest source; by default the signed-in member's session. */
export function useSignedUrlSource(): SignedUrlSource {
  const external = useContext(SignedUrlSourceContext);
  const api = useApiClient();
  const member = useMemo<SignedUrlSource>(
    () => ({ sign: (fileKey, signal) => getSignedUrl(api, fileKey, signal), canStore: true }),
    [api],
  );
  return external ?? member;
}
