import { isUnconfirmedEmailError } from '@music-review/core/auth';
import { isApiError } from '../../lib/api-client';

/**
 * A more specific message than a form's fallback, when there is one the user can act on: the
 * server's rate-limit answer, or that the server could not be reached.
 */
export function specificErrorMessage(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.isNetworkError || error.code === 'rate_limited') return error.message;
  return null;
}

export function isUnconfirmedEmail(error: unknown): boolean {
  return isApiError(error) && isUnconfirmedEmailError(`${error.code} ${error.message}`);
}
