import { ORGANIZATION_MESSAGES } from '@music-review/core/organization';
import { isApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api-client';

/** The server's onboarding errors are the spec's texts (section 8); show them as they are. */
export function onboardingErrorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return ORGANIZATION_MESSAGES.unexpected;
  if (error.isNetworkError) return NETWORK_ERROR_MESSAGE;
  if (error.code === 'http_error' || error.code === 'invalid_response') return fallback;
  return error.message;
}
