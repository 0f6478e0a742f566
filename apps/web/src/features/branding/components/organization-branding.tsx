import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect } from 'react';
import { useRealtimeTopic } from '../../../lib/realtime-context';
import { useTheme } from '../../../lib/theme/theme-context';
import { brandingQueryKey } from '../api/get-branding';
import { applyBranding } from '../apply-branding';
import { useActiveBranding } from '../use-active-branding';

/**
 * Applies the organization's branding to the whole document while the signed-in shell is mounted
 * (spec section 4): loaded with the shell after sign-in, and every default put back when it
 * unmounts at sign-out, before anyone else signs in. Follows the light/dark mode, and an admin's
 * change on another device (realtime).
 */
export function OrganizationBranding() {
  const { branding, query } = useActiveBranding();
  const { mode } = useTheme();
  const queryClient = useQueryClient();

  const refresh = () => void queryClient.invalidateQueries({ queryKey: brandingQueryKey });
  useRealtimeTopic('table:whitelabel_branding_v2', refresh);
  useRealtimeTopic('table:whitelabel_branding', refresh);

  // Before paint, so a mode switch never flashes the other mode's brand colours.
  useLayoutEffect(() => applyBranding(branding, mode), [branding, mode]);
  useLayoutEffect(() => () => applyBranding(null, 'dark'), []);

  // Spec section 8: a failed lookup is logged and nothing is applied (no row is not a failure:
  // the server answers the defaults then).
  useEffect(() => {
    if (query.error) console.warn('Branding could not be loaded; the default look stays.', query.error);
  }, [query.error]);

  return null;
}
