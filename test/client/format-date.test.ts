import { describe, expect, it } from 'vitest';
import { formatLongDate } from '../../client/format-date.ts';

describe('formatLongDate', () => {
  it('writes an ISO date as en-US long form in UTC', () => {
    expect(formatLongDate('2024-09-24')).toBe('September 24, 2024');
    expect(formatLongDate('2022-01-01')).toBe('January 1, 2022');
    expect(formatLongDate('2025-12-31')).toBe('December 31, 2025');
  });

  it('agrees with Intl.DateTimeFormat on every day of four years, leap day included', () => {
    const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    const start = Date.UTC(2023, 0, 1);
    for (let day = 0; day < 4 * 366; day++) {
      const iso = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
      expect(formatLongDate(iso), iso).toBe(intl.format(Date.parse(iso)));
    }
  });

  it('returns what is not a date as it is', () => {
    expect(formatLongDate('soon')).toBe('soon');
    expect(formatLongDate('')).toBe('');
    expect(formatLongDate('2024-13-40')).toBe('2024-13-40');
  });
});
