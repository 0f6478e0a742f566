import { isApiError } from '../../../../lib/api-client';

/** Whether an error is the catalogue's plan gate (403 plan_required). */
export const isPlanRequired = (error: unknown) => isApiError(error) && error.code === 'plan_required';
