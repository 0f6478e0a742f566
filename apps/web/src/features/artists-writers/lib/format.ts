const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A share in percent as the API gives it (at most 2 decimals): 12.5 -> "12.5%". */
export const formatShare = (percent: number) =>
  `${percent.toLocaleString(undefined, { maximumFractionDigits: 2 })}%`;

/** An ISO day ("2025-03-01") without a time-zone shift. */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00`);
  return Number.isNaN(date.getTime()) ? day : dateFormat.format(date);
}

export function formatDateTime(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : dateTimeFormat.format(date);
}

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(undefined, { type: 'region' });
  } catch {
    return null;
  }
})();

/** "GB" -> "United Kingdom (GB)"; the code alone when the browser does not know it. */
export function formatCountry(code: string): string {
  try {
    const name = regionNames?.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/** 1 -> "1 artist", 1200 -> "1,200 artists". */
export const countLabel = (n: number, one: string, many: string) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;
