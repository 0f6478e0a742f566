/**
 * What the catalogue's forms share: turning typed text into the values the schemas of
 * core/catalogue-schemas.ts check, and their messages into the words shown beside a field.
 */
import type { FieldErrors } from '@music-review/core/api-errors';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-client';

/** '' (or spaces) is "not set". */
export const textOrNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** '' is "not set"; anything else a number, NaN when it is not one (the schema then says so). */
export const numberOrNull = (text: string): number | null =>
  text.trim() === '' ? null : Number(text.trim());

/** "3:25" or "205" (seconds) -> 205; '' -> null; NaN when neither. */
export function parseDuration(text: string): number | null {
  const value = text.trim();
  if (value === '') return null;
  const clock = /^(\d+):([0-5]\d)$/.exec(value);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

/** 205 -> "3:25". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '';
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export const DURATION_MESSAGE = 'Enter the length as minutes and seconds, like 3:25';

/**
 * A schema message as a form shows it beside its field: the API's "field: " prefix dropped (the
 * label already names the field), the first letter capitalised. "isrc: …" stays readable either way.
 */
export function fieldMessage(message: string): string {
  const text = message.replace(/^[a-z_]+: /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The first problem of each field ('writers.1.share', 'writers' for the list's total). */
export function issuesByField(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in fields)) fields[path] = fieldMessage(issue.message);
  }
  return fields;
}

/** A version conflict: someone saved the record after it was read (409 conflict naming no field). */
export function isVersionConflict(error: unknown): boolean {
  return isApiError(error) && error.code === 'conflict' && Object.keys(error.fields).length === 0;
}

/** The server's problems by field, in the form's words. */
export function serverFields(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  const fields: FieldErrors = {};
  for (const [path, message] of Object.entries(error.fields)) fields[path] = fieldMessage(message);
  return fields;
}

/** Values compare by content (a form's values are plain data). */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The messages to show now: a field's once the member has changed it (validation at entry, without
 * flagging old data nobody touched), every one once they tried to save.
 */
export function visibleErrors(
  errors: FieldErrors,
  isChanged: (path: string) => boolean,
  attempted: boolean,
): FieldErrors {
  if (attempted) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([path]) => isChanged(path)));
}
