import { isApiError } from '../../../lib/api-client';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A form's instant as shown in the metadata tab; empty when not set. */
export const formatDate = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '');

/** What a failed call says, or `fallback` when it says nothing useful. */
export const messageOf = (error: unknown, fallback: string) =>
  isApiError(error) || error instanceof Error ? error.message || fallback : fallback;
