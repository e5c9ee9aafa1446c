/** The world model's Workers KV does what the KV docs say: the cacheTtl floor, propagation within 60 s, the published latency. */
import { describe, expect, test } from 'vitest';
import { kvReadPercentiles, PUBLISHED_KV } from '../../../bench/world/calibration.ts';
import { effectiveTtlS, KvModel } from '../../../bench/world/kv-model.ts';
import { buildNetwork } from '../../../bench/world/network.ts';
import { DEFAULT_PARAMS } from '../../../bench/world/params.ts';
import { dataCentres } from '../../../bench/world/places.ts';
import { randomFor } from '../../../bench/world/sampling.ts';

const nodes = buildNetwork(dataCentres(), DEFAULT_PARAMS);
const model = () => new KvModel(nodes, DEFAULT_PARAMS.kv, randomFor(3));

test('330 data centres, each placed', () => {
  expect(nodes.length).toBeGreaterThanOrEqual(330);
  for (const n of nodes) expect(Math.abs(n.lat) + Math.abs(n.lon)).toBeGreaterThan(0);
});

describe('cacheTtl', () => {
  test('below 30 s is raised to 30 s, above it is kept', () => {
    expect(effectiveTtlS(10, 30)).toBe(30);
    expect(effectiveTtlS(86_400, 30)).toBe(86_400);
  });

  test('a copy read with cacheTtl 10 still answers 25 s later, after a write, and not after 30 s and the regional copy', () => {
    const kv = model();
    kv.write('k', 0);
    kv.read(0, 'k', 10, 0);
    kv.write('k', 1);
    expect(kv.read(0, 'k', 10, 25_000)).toMatchObject({ version: 0, tier: 'local' });
    expect(kv.peek(0, 'k', 61_000)).toBe(1);
  });
});

test('a write is visible in every data centre within 60 s, whatever they read before and however often', () => {
  const kv = model();
  kv.write('manifest', 0);
  const write = 100_000;
  // Every data centre reads every second for the 30 s before the write and after it: copies are fresh, and
  // refreshed in the background, when the write lands.
  for (let t = write - 30_000; t < write + 60_000; t += 1000) {
    if (t === write) kv.write('manifest', 1);
    for (let dc = 0; dc < nodes.length; dc++) kv.read(dc, 'manifest', 30, t);
  }
  // A round trip to a central store is the only slack past 60 s.
  for (let dc = 0; dc < nodes.length; dc++) expect(kv.peek(dc, 'manifest', write + 61_000)).toBe(1);
});

describe('calibration against the KV changelog of 2025-08-22 (p95 about 50 ms, p99 about 250 ms)', () => {
  test('Europe, Asia, Africa and the Middle East together: within 15 %', () => {
    const { p95, p99 } = kvReadPercentiles(nodes, DEFAULT_PARAMS);
    expect(Math.abs(p95 / PUBLISHED_KV.p95 - 1)).toBeLessThan(0.15);
    expect(Math.abs(p99 / PUBLISHED_KV.p99 - 1)).toBeLessThan(0.15);
  });

  test('Europe and Asia each: within 35 % (the figure is for the four regions together)', () => {
    for (const region of ['Europe', 'Asia'] as const) {
      const { p95, p99 } = kvReadPercentiles(nodes, DEFAULT_PARAMS, [region]);
      expect(Math.abs(p95 / PUBLISHED_KV.p95 - 1), region).toBeLessThan(0.35);
      expect(Math.abs(p99 / PUBLISHED_KV.p99 - 1), region).toBeLessThan(0.35);
    }
  });
});
