import type { LabelCopyData, LabelCopyIssue } from '@music-review/core/label-copy';

/** A field's path ("upc", "tracks.0.isrc") to the message shown beside that field. */
export type IssueMap = Map<string, string>;

/** Issues by field path; with `showAll` false, only those of fields that hold something. */
export function visibleIssues(
  data: LabelCopyData,
  issues: readonly LabelCopyIssue[],
  showAll: boolean,
): IssueMap {
  const map: IssueMap = new Map();
  for (const issue of issues) {
    if (!showAll && isEmptyAt(data, issue.field)) continue;
    if (!map.has(issue.field)) map.set(issue.field, issue.message);
  }
  return map;
}

function isEmptyAt(data: LabelCopyData, path: string): boolean {
  let value: unknown = data;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return true;
    value = (value as Record<string, unknown>)[part];
  }
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object')
    return Object.values(value as Record<string, unknown>).every((v) => v === null || v === '');
  return false;
}
