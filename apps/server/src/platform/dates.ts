/** A timestamp as the API writes it (ISO 8601, UTC). */
export const iso = (value: Date | string) => new Date(value).toISOString();

/** The same, keeping null. */
export const isoOrNull = (value: Date | string | null | undefined) => (value == null ? null : iso(value));

/** A `date` column as the API writes it: YYYY-MM-DD (PGlite and pg may hand back a Date or a string). */
export function isoDay(value: Date | string | null | undefined): string | null {
  if (value == null) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  return value.toISOString().slice(0, 10);
}
