/** "2024-09-24" → "September 24, 2024"; the same on every server and browser (UTC, en-US). Pure. */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * The long form of an ISO date; the input as it is when it is not one. By hand rather than Intl.DateTimeFormat: the
 * formatter's locale data costs a cold Worker about 20 ms of start-up, for one fixed English format.
 */
export function formatLongDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
