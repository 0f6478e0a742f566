/**
 * The work drawer's form: title, ISWC (its check digit checked as typed) and the writers with their
 * roles, shares (totalling 100) and publishers, checked by core's workFields.
 */
import type { FieldErrors } from '@music-review/core/api-errors';
import { type updateWorkBody, workFields } from '@music-review/core/catalogue-schemas';
import type { WorkDto } from '@music-review/core/contracts/catalogue';
import type { WriterRole } from '@music-review/core/metadata-forms';
import type { z } from 'zod';
import { issuesByField, numberOrNull, sameValue } from '../../form-values';
import type { PickerOption } from '../shared/search-combobox';

export interface WriterValue {
  party: PickerOption | null;
  role: WriterRole;
  share: string;
  publisher: PickerOption | null;
  /** Shown beside the writer (what "Needs attention" asks for); undefined for a person just picked. */
  ipi?: string | null;
  pro?: string | null;
}

export interface WorkValues {
  title: string;
  iswc: string;
  writers: WriterValue[];
}

export function workValues(work: WorkDto): WorkValues {
  return {
    title: work.title,
    iswc: work.iswc ?? '',
    writers: work.writer_rows.map((writer) => ({
      party: { id: writer.party_id, label: writer.name },
      role: writer.role,
      share: String(writer.share),
      publisher: writer.publisher ? { id: writer.publisher.id, label: writer.publisher.name } : null,
      ipi: writer.ipi,
      pro: writer.pro,
    })),
  };
}

export type WorkChanges = Omit<z.input<typeof updateWorkBody>, 'row_version'>;

export const workValueOf = (path: string) => (path.split('.')[0] ?? path) as keyof WorkValues;

/** Checks the form as the server will (the writers only when changed), and picks what changed. */
export function checkWork(
  values: WorkValues,
  base: WorkValues,
): { errors: FieldErrors; changes: WorkChanges | null } {
  const writersChanged = !sameValue(values.writers, base.writers);
  const checked = workFields.safeParse({
    title: values.title,
    iswc: values.iswc.trim(),
    ...(writersChanged
      ? {
          writers: values.writers.map((writer) => ({
            party_id: writer.party?.id ?? '',
            role: writer.role,
            share: numberOrNull(writer.share) ?? Number.NaN,
            publisher_id: writer.publisher?.id ?? null,
          })),
        }
      : {}),
  });
  if (!checked.success) {
    const errors: FieldErrors = {};
    for (const [path, message] of Object.entries(issuesByField(checked.error))) {
      // A share's own fault comes as 'writers.<index>', the total's as 'writers'.
      errors[/^writers\.\d+$/.test(path) ? `${path}.share` : path] = message;
    }
    return { errors, changes: null };
  }
  const picked: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(checked.data)) {
    const key = workValueOf(field);
    if (!sameValue(values[key], base[key])) picked[field] = value;
  }
  return { errors: {}, changes: Object.keys(picked).length > 0 ? (picked as WorkChanges) : null };
}
