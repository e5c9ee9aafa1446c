/**
 * Scheduled posts at upload: go-live times in UTC, when publishAt is set, and the list of posts not yet live. Unit.
 */
import { expect, test } from 'vitest';
import type { ManifestEntry } from '../../../../contracts/kv-values.ts';
import { calendarDate, formatScheduled, goLiveTime, publishAtFor, scheduledAt } from '../../../../scripts/content/source/schedule.ts';

const UPLOAD = '2026-11-23T17:00:00.000Z';

test('a plain date goes live at 00:00 UTC that day; a timestamp at its moment, in UTC', () => {
  expect(goLiveTime('2026-12-01')).toBe('2026-12-01T00:00:00.000Z');
  expect(goLiveTime('2026-12-01T20:00+02:00')).toBe('2026-12-01T18:00:00.000Z');
  expect(calendarDate('2026-12-01T20:00+02:00')).toBe('2026-12-01');
});

test('publishAt is set for a date after the upload or with a time of day, absent otherwise', () => {
  expect(publishAtFor(undefined, UPLOAD)).toBeUndefined();
  expect(publishAtFor('2024-09-24', UPLOAD)).toBeUndefined();
  expect(publishAtFor('2026-11-23', UPLOAD)).toBeUndefined();
  expect(publishAtFor('2026-11-24', UPLOAD)).toBe('2026-11-24T00:00:00.000Z');
  expect(publishAtFor('2024-09-24T18:00:00Z', UPLOAD)).toBe('2024-09-24T18:00:00.000Z');
  expect(publishAtFor('2026-12-01T18:00:00Z', UPLOAD)).toBe('2026-12-01T18:00:00.000Z');
});

test('the upload names the posts not yet live, soonest first, with their UTC time', () => {
  const e = (file: string, publishAt?: string) => ({ file, ...(publishAt ? { publishAt } : {}) }) as ManifestEntry;
  const entries = [
    e('news-late.md', '2026-12-02T09:30:00.000Z'),
    e('news-old.md'),
    e('news-x.md', '2026-12-01T18:00:00.000Z'),
    e('news-timed-past.md', '2024-09-24T18:00:00.000Z'),
  ];
  expect(scheduledAt(entries, UPLOAD).map(formatScheduled)).toEqual([
    'scheduled news-x.md → goes live 2026-12-01 18:00 UTC',
    'scheduled news-late.md → goes live 2026-12-02 09:30 UTC',
  ]);
});
