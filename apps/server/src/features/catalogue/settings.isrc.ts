import type { OrgTx } from '../../platform/db/index.ts';
import { usedIsrcNumbers } from './recordings.repo.ts';
import type { SettingsRecord } from './settings.repo.ts';

/** The last designation of a year: ISRCs number 00001 to 99999 per registrant and year. */
const LAST_NUMBER = 99_999;

/**
 * The ISRC "Assign ISRC" gives next: the label's prefix, the two-digit current year and a 5-digit
 * running number, which starts again at 1 when the year has changed and skips numbers a recording
 * of the label already carries (typed in or imported). Null without a prefix; `full` when every
 * number of the year is used.
 */
export async function nextIsrc(
  tx: OrgTx,
  organizationId: string,
  settings: SettingsRecord,
  now: Date = new Date(),
): Promise<{ isrc: string; year: number; number: number } | { full: true } | null> {
  if (!settings.isrc_prefix) return null;
  const year = now.getUTCFullYear() % 100;
  const stem = `${settings.isrc_prefix}${String(year).padStart(2, '0')}`;
  let number = settings.isrc_year === year ? Math.max(1, settings.isrc_next_number) : 1;
  const used = await usedIsrcNumbers(tx, organizationId, stem, number);
  while (used.has(number)) number++;
  if (number > LAST_NUMBER) return { full: true };
  return { isrc: `${stem}${String(number).padStart(5, '0')}`, year, number };
}
