/** "2024-09-24" → "September 24, 2024"; the same on every server and browser (UTC, en-US). */
const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function formatLongDate(isoDate: string): string {
  const time = Date.parse(`${isoDate}T00:00:00Z`);
  return Number.isNaN(time) ? isoDate : LONG_DATE.format(time);
}
