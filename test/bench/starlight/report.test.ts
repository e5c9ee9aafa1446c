/**
 * The Starlight comparison's verdicts, on made-up rows: each target meets or misses on its own,
 * and the observed (devtools-throttled) figures are reported beside them without a verdict.
 */
import { describe, expect, test } from 'vitest';
import type { ComparisonRow, PageFigures, SiteName } from '../../../bench/starlight/comparison.ts';
import { hostSpeed, starlightTable, starlightVerdicts } from '../../../bench/starlight/report.ts';

const figures = (lcpMs: number, tbtMs: number, totalBytes = 20_000, benchmarkIndex = 1_800): PageFigures => ({
  lcpMs,
  tbtMs,
  jsBytes: 3_600,
  totalBytes,
  score: 100,
  benchmarkIndex,
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

test('the table has a row per page and site, with each TBT and its range', () => {
  const table = rows({ lcpMs: 900, tbtMs: 57, observedTbtMs: 3 });
  table[0]!.runs = [figures(900, 0), figures(900, 57), figures(900, 80)];
  const text = starlightTable(table);
  expect(text.split('\n').filter((line) => line.includes('| this site |'))).toHaveLength(3);
  expect(text).toContain('TBT median (range)');
  expect(text).toContain('57 ms (0–80)');
  expect(text).toContain('observed TBT (range)');
  expect(text).toContain('3 ms (3)');
});

test("the host's speed is Lighthouse's benchmark index over every simulated run", () => {
  const table = rows({ lcpMs: 900, tbtMs: 0, observedTbtMs: 0 });
  table[0]!.runs = [figures(900, 0, 20_000, 700), figures(900, 0, 20_000, 2_300)];
  // 7 runs: 700, 2300 and five of 1800.
  expect(hostSpeed(table)).toMatch(/^Lighthouse's benchmark index of this host .*: median 1800, range 700–2300\. /);
  expect(hostSpeed(table.map((r) => ({ ...r, runs: r.runs.map((f) => ({ ...f, benchmarkIndex: Number.NaN })) })))).toBe(
    "Lighthouse's benchmark index of this host: not reported.",
  );
});
