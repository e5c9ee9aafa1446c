/** "2024-09-24" → "September 24, 2024"; the same on every server and browser (UTC, en-US). Pure. */
const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The long form of an ISO date; the input as it is when it is not one. */
export function formatLongDate(isoDate: string): string {
  const time = Date.parse(`${isoDate}T00:00:00Z`);
  return Number.isNaN(time) ? isoDate : LONG_DATE.format(time);
}
