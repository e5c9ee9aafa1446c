/**
 * The Starlight comparison's verdicts, on made-up rows: each target meets or misses on its own,
 * and the observed (devtools-throttled) figures are reported beside them without a verdict.
 */
import { describe, expect, test } from 'vitest';
import type { ComparisonRow, PageFigures, SiteName } from '../../bench/starlight-comparison.ts';
import { starlightTable, starlightVerdicts } from '../../bench/starlight-report.ts';

const figures = (lcpMs: number, tbtMs: number, totalBytes = 20_000): PageFigures => ({
  lcpMs,
  tbtMs,
  jsBytes: 3_600,
  totalBytes,
  score: 100,
});

function rows(ours: { lcpMs: number; tbtMs: number; observedTbtMs: number }): ComparisonRow[] {
  return ['article', 'guide', 'news index'].flatMap((page) =>
    (['this site', 'Starlight'] as SiteName[]).map((site) => {
      const median = site === 'this site' ? figures(ours.lcpMs, ours.tbtMs) : figures(1_400, 0, 51_000);
      const observedMedian = { lcpMs: median.lcpMs + 100, tbtMs: site === 'this site' ? ours.observedTbtMs : 20 };
      return { page, site, path: `/${page}`, runs: [median], median, observedRuns: [observedMedian], observedMedian };
    }),
  );
}

describe('starlightVerdicts', () => {
  test('earlier LCP, TBT 0 and a light article meet every target', () => {
    const lines = starlightVerdicts(rows({ lcpMs: 900, tbtMs: 0, observedTbtMs: 0 }));
    expect(lines.filter((line) => line.endsWith('meets'))).toHaveLength(3);
    expect(lines.some((line) => line.endsWith('MISSES'))).toBe(false);
  });

  test('a simulated TBT above 0 misses even when the observed one is 0', () => {
    const lines = starlightVerdicts(rows({ lcpMs: 900, tbtMs: 57, observedTbtMs: 0 }));
    expect(lines.find((line) => line.startsWith('- TBT'))).toMatch(/article 57 ms.*MISSES$/);
    expect(lines.find((line) => line.startsWith('- observed'))).toContain('TBT article 0 ms vs 20 ms');
  });

  test('a later LCP misses', () => {
    const lines = starlightVerdicts(rows({ lcpMs: 1_500, tbtMs: 0, observedTbtMs: 0 }));
    expect(lines.find((line) => line.startsWith('- LCP'))).toMatch(/article 1\.50 s vs 1\.40 s.*MISSES$/);
  });
});

test('the table has a row per page and site, with the observed TBT and its range', () => {
  const text = starlightTable(rows({ lcpMs: 900, tbtMs: 57, observedTbtMs: 3 }));
  expect(text.split('\n').filter((line) => line.includes('| this site |'))).toHaveLength(3);
  expect(text).toContain('observed TBT (range)');
  expect(text).toContain('3 ms (3)');
});
