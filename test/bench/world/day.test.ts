import { describe, expect, it } from 'vitest';
import { simulateDay } from '../../../bench/world/day.ts';
import { PARAMS } from '../../../bench/world/params.ts';
import { quantile } from '../../../bench/world/sensitivity.ts';

const SIZES = {
  entries: 24,
  indexBytes: 2400,
  pieceBytes: { entry: 5000, listChunk: 2000, searchRoot: 5000, searchShard: 20_000, docChunk: 30_000 },
  coldArticle: { cpuMs: 100, bytesRead: 50_000 },
};
const p99 = (values: number[]) => quantile(values, 0.99);

describe('a day of the model', () => {
  it('is the same for the same seed', () => {
    expect(simulateDay(PARAMS, SIZES, 1000, 3)).toEqual(simulateDay(PARAMS, SIZES, 1000, 3));
  });

  it('a doubled cold-isolate CPU slows the Worker, not the static host', () => {
    const [base, slow] = [
      simulateDay(PARAMS, SIZES, 1000, 1),
      simulateDay(PARAMS, { ...SIZES, coldArticle: { cpuMs: 200, bytesRead: 1 } }, 1000, 1),
    ];
    expect(p99(slow.worker)).toBeGreaterThan(p99(base.worker));
    expect(slow.static).toEqual(base.static);
  });

  it('a halved eviction time means more misses: more KV reads and Worker runs', () => {
    const [base, short] = [
      simulateDay(PARAMS, SIZES, 10_000, 1),
      simulateDay({ ...PARAMS, evictionS: PARAMS.evictionS / 2 }, SIZES, 10_000, 1),
    ];
    expect(short.kvReadsPerDay).toBeGreaterThan(base.kvReadsPerDay);
    expect(short.invocationsPerDay).toBeGreaterThan(base.invocationsPerDay);
  });

  it('doubled KV latencies slow the static host', () => {
    const slow = simulateDay({ ...PARAMS, kv: { ...PARAMS.kv, p95: 100, p99: 500 } }, SIZES, 1000, 1);
    expect(p99(slow.static)).toBeGreaterThan(p99(simulateDay(PARAMS, SIZES, 1000, 1).static));
  });

  it('the loopback read straight from KV costs KV reads', () => {
    const direct = simulateDay({ ...PARAMS, loopbackTiered: false }, SIZES, 10_000, 1);
    expect(direct.kvReadsPerDay).toBeGreaterThan(simulateDay(PARAMS, SIZES, 10_000, 1).kvReadsPerDay);
  });
});
