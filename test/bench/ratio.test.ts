/**
 * The performance regression check (`npm run bench:ratio`): ratios of the benchmark's pieces measured side by
 * side on one machine, never absolute times, with thresholds below bench/README.md's figures. workerd.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { measureRounds, ratioByRound, type Target, warmUp } from '../../bench/lib/load.ts';
import { TARGETS } from '../../bench/lib/report.ts';
import { startRuntime } from '../../bench/lib/runtime.ts';
import {
  coldReads,
  type PublishedSite,
  publishSite,
  siteTargets,
  startEdgeOnlyRuntime,
  startUncachedRuntime,
} from '../../bench/lib/site-run.ts';
import type { LocalWorker } from '../../tools/local-worker.ts';
import { syntheticArticlePath, syntheticContent } from '../../tools/synthetic-content.ts';

/** Article SSR throughput ÷ a static file of the same bytes, from the same runtime. */
// From the rendered-page cache the article measures about 0.9 here (bench/README.md), and
// rendered every time about 0.55; these catch a lost cache or an SSR path that halves, with
// room for a busy CI machine.
const MIN_ARTICLE_TO_FLOOR = 0.6;
const MIN_RENDERED_TO_FLOOR = 0.3;
/** Index latency at 1,000 entries ÷ at 10. */
const MAX_INDEX_GROWTH = 2.5;

// Short bodies: the number of entries is what matters here, and they render in no time.
const content = (count: number) => syntheticContent(count, { words: [40, 80] });
/**
 * Seven short turns per target, ratios taken within each turn and their median kept: a burst of
 * other work on the machine spoils a turn, not the result.
 */
const ROUNDS = 7;
const LOAD = { duration: 0.6, connections: 8 };

let small: PublishedSite | undefined;
let large: PublishedSite | undefined;
const running: LocalWorker[] = [];

beforeAll(async () => {
  small = await publishSite({ content: content(10), articlePath: syntheticArticlePath() });
  large = await publishSite({ content: content(1000), articlePath: syntheticArticlePath() });
});

afterAll(async () => {
  await Promise.all(running.map((r) => r.dispose()));
  small?.scenario.remove();
  large?.scenario.remove();
});

describe('benchmark ratios', () => {
  test(`KV reads per request: index ≤ ${TARGETS.indexColdReads} and article ≤ ${TARGETS.articleColdReads} cold, 0 again, at 10 and 1,000 entries`, async () => {
    for (const site of [small!, large!]) {
      const kv = await coldReads(site);
      expect(kv.indexCold).toBeGreaterThan(0);
      expect(kv.indexCold).toBeLessThanOrEqual(TARGETS.indexColdReads);
      expect(kv.articleCold).toBeGreaterThan(0);
      expect(kv.articleCold).toBeLessThanOrEqual(TARGETS.articleColdReads);
      expect(kv.articleWarm).toBe(0);
      expect(kv.indexWarm).toBe(0);
    }
  });

  test(`article SSR ≥ ${MIN_ARTICLE_TO_FLOOR} of the static floor (rendered every time ≥ ${MIN_RENDERED_TO_FLOOR}); index latency at 1,000 entries ≤ ${MAX_INDEX_GROWTH}× that at 10`, async () => {
    const [a, aEdge, aUncached, b, bEdge, bUncached] = await Promise.all([
      startRuntime(small!.scenario),
      startEdgeOnlyRuntime(small!.scenario),
      startUncachedRuntime(small!.scenario),
      startRuntime(large!.scenario),
      startEdgeOnlyRuntime(large!.scenario),
      startUncachedRuntime(large!.scenario),
    ]);
    running.push(a, aEdge, aUncached, b, bEdge, bUncached);
    const at10 = await siteTargets(a, small!, { edgeOnly: aEdge, uncached: aUncached });
    const at1000 = await siteTargets(b, large!, { edgeOnly: bEdge, uncached: bUncached });
    const targets: Target[] = [
      { ...at10.floor, base: a.url },
      { ...at10.article, base: a.url },
      at10.edge,
      at10.rendered,
      { ...at10.index, name: 'index at 10', base: a.url },
      { ...at1000.index, name: 'index at 1,000', base: b.url },
    ];
    await warmUp(a.url, targets, { ...LOAD, duration: 0.3 });
    const runs = await measureRounds(a.url, targets, ROUNDS, LOAD);
    const floorRatio = ratioByRound(runs, 'article', 'floor');
    const renderedRatio = ratioByRound(runs, 'rendered', 'floor');
    const edgeRatio = ratioByRound(runs, 'edge', 'floor');
    const indexGrowth = ratioByRound(runs, 'index at 1,000', 'index at 10', 'mean');
    console.log(
      `bench ratios: article ÷ floor ${floorRatio.toFixed(2)} (from the data centre's cache ${edgeRatio.toFixed(2)}, rendered every time ${renderedRatio.toFixed(2)}), index latency 1,000 ÷ 10 ${indexGrowth.toFixed(2)}`,
    );
    for (const [name, list] of runs)
      expect(
        list.map((m) => m.failures),
        name,
      ).toEqual(list.map(() => 0));
    expect(floorRatio).toBeGreaterThanOrEqual(MIN_ARTICLE_TO_FLOOR);
    expect(renderedRatio).toBeGreaterThanOrEqual(MIN_RENDERED_TO_FLOOR);
    expect(indexGrowth).toBeLessThanOrEqual(MAX_INDEX_GROWTH);
  });
});
