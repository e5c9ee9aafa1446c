/** Why a written news date was refused (contracts/front-matter.ts holds the rule): the first thing wrong with it. Pure. */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-](\d{2}):(\d{2}))?$/;

export function whyNotADate(written: string): string {
  const [day, time] = written.split('T') as [string, string | undefined];
  const date = DATE.exec(day);
  if (!date) return `"${written}" is not an ISO date (YYYY-MM-DD)`;
  const [, y, m] = date.map(Number) as [number, number, number, number];
  if (m < 1 || m > 12) return `"${written}" is not a real date: there is no month ${m} (months are 01 to 12)`;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (Number(date[3]) < 1 || Number(date[3]) > days) return `"${written}" is not a real date: ${MONTHS[m - 1]} ${y} has ${days} days`;
  const clock = TIME.exec(time ?? '');
  if (!clock) return `"${written}" is not an ISO time (e.g. 2024-09-24T18:00:00Z or 2024-09-24T20:00+02:00)`;
  const [, hours, minutes, seconds, zone, offsetHours, offsetMinutes] = clock;
  const n = (part: string | undefined) => Number(part ?? 0);
  if (n(hours) > 23 || n(minutes) > 59 || n(seconds) > 59) return `"${written}" is not a real time: ${time!.slice(0, 5)} is past 23:59:59`;
  if (zone === undefined) return `"${written}" has no time zone: add Z for UTC or an offset such as +02:00 (e.g. 2024-09-24T18:00:00Z)`;
  if (n(offsetHours) > 23 || n(offsetMinutes) > 59) return `"${written}" is not a real time zone offset: ${zone}`;
  return `"${written}" is not an ISO time`;
}
