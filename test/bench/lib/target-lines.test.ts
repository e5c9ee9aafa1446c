/** The benchmark's target lines meet only on figures that were measured, and each size's row shows its errors. Pure. */
import { describe, expect, test } from 'vitest';
import type { Measurement } from '../../../bench/lib/load.ts';
import { sizeTable } from '../../../bench/lib/report.ts';
import { type KvReadCounts, type SiteRun, TARGET_NAMES, type TargetName, type UploadTiming } from '../../../bench/lib/site-run.ts';
import {
  floorLine,
  judge,
  kvReadsLine,
  latencyLine,
  lighthouseLine,
  type RunFigures,
  uploadLine,
  weightLines,
} from '../../../bench/lib/target-lines.ts';
import type { PageWeight } from '../../../bench/lib/weight.ts';

const m = (rps: number, mean: number, failures = 0): Measurement => ({ rps, p50: mean, p99: mean * 2, mean, requests: rps * 2, failures });
const KV: KvReadCounts = { indexCold: 5, articleCold: 4, articleWarm: 0, indexWarm: 0 };

/** A size's run: every target at 100 req/s and 5 ms, but those given. */
function run(label: string, over: Partial<Record<TargetName, Measurement>> = {}, kv: Partial<KvReadCounts> = {}): RunFigures {
  const results = new Map(TARGET_NAMES.map((name) => [name, over[name] ?? m(100, 5)]));
  return { label, results, kv: { ...KV, ...kv } };
}

describe('judge', () => {
  test('meets or MISSES on whole figures; zero counts are answers', () => {
    expect(judge({ figures: [1, 2], counts: [0], errors: 0 }, true)).toBe('meets');
    expect(judge({ figures: [1, 2], errors: 0 }, false)).toBe('MISSES');
  });

  test.each([
    ['zero', [0, 2]],
    ['NaN', [Number.NaN, 2]],
    ['infinite', [Number.POSITIVE_INFINITY]],
    ['missing', [undefined, 2]],
    ['none at all', []],
  ])('a figure %s fails with no figure, whatever the comparison says', (_, figures) => {
    expect(judge({ figures, errors: 0 }, true)).toBe('fails: no figure');
  });

  test('a count missing fails; errors fail first, counted', () => {
    expect(judge({ figures: [1], counts: [undefined], errors: 0 }, true)).toBe('fails: no figure');
    expect(judge({ figures: [1], errors: 1 }, true)).toBe('fails: 1 error');
    expect(judge({ figures: [0], errors: 1234 }, true)).toBe('fails: 1,234 errors');
  });
});

describe('the target lines', () => {
  test('the issue’s case: 0 req/s at 500 no longer meets the floor or the latency target', () => {
    const dead = run('500', { index: m(0, 0), article: m(0, 0), json: m(0, 0), floor: m(92, 5) });
    const sizes = [run('10'), run('100'), dead];
    expect(floorLine(run('the site'), sizes)).toBe(
      '- article SSR ÷ floor ≥ 0.8: 1.00 on content/, 1.00 at 10, 1.00 at 100, 0.00 at 500: fails: no figure',
    );
    expect(latencyLine(sizes)).toBe('- latency at 500 within 1.3× of 10: index 0.00×, article 0.00×: fails: no figure');
  });

  test('errors of a measured target fail its lines, even when the figures look right', () => {
    const sizes = [run('10'), run('1,000', { article: m(100, 5, 7) })];
    expect(floorLine(run('the site'), sizes)).toMatch(/: fails: 7 errors$/);
    expect(latencyLine(sizes)).toMatch(/: fails: 7 errors$/);
  });

  test('whole figures are judged as before: meets, and MISSES past a bound at any size', () => {
    expect(floorLine(run('the site'), [run('10')])).toMatch(/: meets$/);
    expect(floorLine(run('the site'), [run('10', { article: m(70, 5) })])).toMatch(/0\.70 at 10: MISSES$/);
    expect(latencyLine([run('10'), run('1,000', { index: m(100, 7) })])).toBe(
      '- latency at 1,000 within 1.3× of 10: index 1.40×, article 1.00×: MISSES',
    );
  });

  test('KV reads: none warm is an answer, none cold is no figure', () => {
    expect(kvReadsLine([run('10'), run('100')])).toMatch(/: meets$/);
    expect(kvReadsLine([run('10', {}, { indexCold: 0 })])).toMatch(/: fails: no figure$/);
    expect(kvReadsLine([run('10', {}, { articleWarm: 1 })])).toMatch(/: MISSES$/);
    expect(kvReadsLine([run('10', {}, { indexWarm: 1 })])).toMatch(/: MISSES$/);
    expect(kvReadsLine([run('10'), run('1,000', {}, { articleCold: 5 })])).toBe(
      '- KV reads: index ≤ 8 and article ≤ 4 cold (5/4 at 10, 5/5 at 1,000), 0 again, at every size: MISSES',
    );
  });

  test('upload: no second upload, or a first that wrote nothing, is no figure', () => {
    const timing: UploadTiming = { entries: 10, firstMs: 1000, firstWritten: 10, secondMs: 50, secondWritten: 0 };
    expect(uploadLine(timing)).toBe("- upload: second run writes 0 entries in 0.05 of the first's time: meets");
    expect(uploadLine({ ...timing, secondMs: Number.NaN })).toMatch(/in – of the first's time: fails: no figure$/);
    expect(uploadLine({ ...timing, firstWritten: 0 })).toMatch(/: fails: no figure$/);
  });

  test('weight and Lighthouse: a zero weight or score is no figure', () => {
    const article: PageWeight = { label: 'article', path: '/a', html: 10, css: 1, js: 1, fonts: 7000, total: 78_300, nextNavigation: 1400 };
    expect(weightLines(article)).toEqual([
      '- article first load < 100 KB gzip: 78.3 KB (85.3 KB with the font): meets',
      '- next navigation < 20 KB gzip: 1.4 KB: meets',
    ]);
    expect(weightLines({ ...article, total: 0, nextNavigation: 0 }).map((l) => l.split(': ').at(-1))).toEqual(['no figure', 'no figure']);
    const scores = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };
    const lighthouse = (s: Record<string, number>) => ({ path: '/', preset: 'mobile', scores: s, offlineAdjusted: s, findings: [] });
    expect(lighthouseLine([lighthouse(scores)] as never)).toMatch(/: meets$/);
    expect(lighthouseLine([lighthouse({ ...scores, seo: 0 })] as never)).toMatch(/: fails: no figure$/);
  });
});

test("the size table's rows show each size's failed requests", () => {
  const sized = (figures: RunFigures): SiteRun => ({ ...figures, indexBytes: 1000, site: {} as SiteRun['site'] });
  const text = sizeTable([sized(run('10')), sized(run('500', { index: m(0, 0, 40), article: m(0, 0, 2) }))]);
  const [head, , ten, five] = text.split('\n');
  expect(head).toMatch(/\| errors +\|$/);
  expect(ten).toMatch(/\| 0 +\|$/);
  expect(five).toMatch(/\| 42 FAILED \|$/);
});

test('a size that failed to publish is a row with its error, and every line judging it fails with that error', () => {
  const nothing = { indexCold: Number.NaN, articleCold: Number.NaN, articleWarm: Number.NaN, indexWarm: Number.NaN };
  const refused: RunFigures = { label: '1,000', results: new Map(), kv: nothing, error: 'KV PUT failed: 413' };
  const sized = (figures: RunFigures): SiteRun => ({ ...figures, indexBytes: Number.NaN, site: {} as SiteRun['site'] });
  const [, , row] = sizeTable([sized(refused)]).split('\n');
  expect(row).toMatch(/^\| 1,000 +\| – +\|.*\| 1 FAILED: KV PUT failed: 413 \|$/);
  const sizes = [run('10'), refused];
  expect(floorLine(run('the site'), sizes)).toMatch(/: fails: 1 error$/);
  expect(latencyLine(sizes)).toMatch(/: fails: 1 error$/);
  expect(kvReadsLine(sizes)).toMatch(/: fails: 1 error$/);
});
