/**
 * `npx node bench/world/run.ts [--seed N] [--visits 1000,10000,100000,1000000] [--days 10] [--measure] [--calibrate] [--json file]`
 * (also `npm run bench -- --world …`): the world model's tables for each traffic level, and at the levels of the latency
 * targets those targets over `--days` days (seeds from --seed on). I/O: reads (or with --measure
 * rewrites) worker-profile.json, writes the JSON, prints markdown.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { fitStore, kvReadPercentiles } from './calibration.ts';
import { freshness, freshnessAfterUpload, notFreshAtProbeEnd, percentiles, pooledLatency, usage } from './metrics.ts';
import { buildNetwork } from './network.ts';
import { DEFAULT_PARAMS, DESIGNS, type Design } from './params.ts';
import { dataCentres } from './places.ts';
import { profileTable } from './profile-report.ts';
import { schedulePublishes } from './publishes.ts';
import { levelReport, type PooledDays, pooledTable } from './report.ts';
import { simulateDesign } from './simulate.ts';
import { LIMITS, parameterTable } from './sources.ts';
import { LATENCY_LEVELS, targetChecks } from './targets.ts';
import { generateTraffic } from './traffic.ts';
import { BEFORE_PROFILE_FILE, PROFILE_FILE, type WorkerProfile } from './worker-profile.ts';

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: String(DEFAULT_PARAMS.seed) },
    visits: { type: 'string', default: '1000,10000,100000,1000000' },
    days: { type: 'string', default: '10' },
    measure: { type: 'boolean', default: false },
    calibrate: { type: 'boolean', default: false },
    json: { type: 'string', default: 'dist/world-results.json' },
  },
  strict: true,
});
const seed = Number(args.seed);
const levels = args.visits.split(',').map(Number);
const days = Number(args.days);
if (!Number.isInteger(seed) || levels.some((n) => !(n > 0)) || !Number.isInteger(days) || days < 1) {
  console.error('world: --seed takes an integer, --visits positive numbers, --days a whole number of at least 1');
  process.exit(2);
}
/** The control run's seed, this far from the run's: its own KV draws over the same visits. */
const CONTROL_SEED_OFFSET = 1000;
const log = (line: string) => console.error(`· ${line}`);
const out = (text = '') => console.log(text);

if (args.measure) {
  const { measureWorker } = await import('./measure-worker.ts');
  writeFileSync(PROFILE_FILE, `${JSON.stringify(await measureWorker(), null, 2)}\n`);
  log(`measured the Worker again: ${PROFILE_FILE}`);
}
const profile = JSON.parse(readFileSync(PROFILE_FILE, 'utf8')) as WorkerProfile;
const beforeProfile = JSON.parse(readFileSync(BEFORE_PROFILE_FILE, 'utf8')) as WorkerProfile;
const nodes = buildNetwork(dataCentres(), DEFAULT_PARAMS);

if (args.calibrate) {
  log('fitting the central stores to the published KV percentiles (a few minutes)');
  const fit = fitStore(nodes, DEFAULT_PARAMS);
  out(`storeMedianMs ${fit.storeMedianMs}, storeSigma ${fit.storeSigma}`);
  out(JSON.stringify(kvReadPercentiles(nodes, { ...DEFAULT_PARAMS, kv: { ...DEFAULT_PARAMS.kv, ...fit } })));
  process.exit(0);
}

/** The designs whose latency is pooled over days: after and its bound. */
const POOLED: readonly Design[] = ['after', 'afterPlaced', 'afterFreeStart'];

/** The latency of `POOLED`, the static host and its control, each over `days` days of `visits` from seed `seed` on. */
function pooledDays(visits: number): PooledDays {
  const runs = Array.from({ length: days }, (_, day) => {
    const params = { ...DEFAULT_PARAMS, seed: seed + day, visitsPerDay: visits };
    const world = { nodes, params, profile, beforeProfile, traffic: generateTraffic(nodes, params), publishes: schedulePublishes(params) };
    return {
      anchor: simulateDesign('static', world),
      control: simulateDesign('static', { ...world, params: { ...params, seed: params.seed + CONTROL_SEED_OFFSET } }),
      designs: POOLED.map((design) => simulateDesign(design, world)),
    };
  });
  return {
    seeds: days === 1 ? `seed ${seed}` : `${days} days (seeds ${seed} to ${seed + days - 1})`,
    anchor: pooledLatency(runs.map((r) => r.anchor)),
    control: pooledLatency(runs.map((r) => r.control)),
    designs: POOLED.map((design, i) => ({ design, latency: pooledLatency(runs.map((r) => r.designs[i]!)) })),
  };
}

const kv = kvReadPercentiles(nodes, { ...DEFAULT_PARAMS, seed });
out(`## World model (seed ${seed}; Worker measured ${profile.measuredAt.slice(0, 16)} UTC on ${profile.machine})`);
out(
  `\nThe before design replays the KV reads of the Worker measured ${beforeProfile.measuredAt.slice(0, 16)} UTC (two round trips), with today's times:\n`,
);
out(profileTable(beforeProfile, profile));
out(
  `\n${nodes.length} data centres. KV reads at the binding, Europe, Asia, Africa and the Middle East, as calibrated: p95 ${kv.p95.toFixed(0)} ms, p99 ${kv.p99.toFixed(0)} ms (published: about 50 and 250).\n`,
);
const results = [];
for (const visits of levels) {
  const params = { ...DEFAULT_PARAMS, seed, visitsPerDay: visits };
  const started = performance.now();
  const traffic = generateTraffic(nodes, params);
  const world = { nodes, params, profile, beforeProfile, traffic, publishes: schedulePublishes(params) };
  const runs = DESIGNS.map((design) => simulateDesign(design, world));
  // The static host again, its KV latencies drawn from another seed: what chance alone does to the latency checks.
  const control = simulateDesign('static', { ...world, params: { ...params, seed: seed + CONTROL_SEED_OFFSET } });
  log(`${visits} visits: ${traffic.count} requests, ${DESIGNS.length} designs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  out(levelReport(visits, runs, LIMITS, params.probeS, control));
  const pooled = LATENCY_LEVELS.includes(visits) ? pooledDays(visits) : null;
  if (pooled) out(`${pooledTable(pooled)}\n`);
  results.push({
    visits,
    requests: traffic.count,
    designs: runs.map((m) => ({
      design: m.design,
      pageTtfb: percentiles(m.pageTtfb),
      firstVisitTtfb: percentiles(m.firstVisitTtfb),
      byRegion: Object.fromEntries([...m.byRegion].map(([region, values]) => [region, percentiles(values)])),
      freshness: freshness(m),
      freshnessAfterUpload: freshnessAfterUpload(m),
      staleAnswers: m.staleAnswers,
      pageAnswers: m.pageAnswers,
      oldAfterFresh: m.oldAfterFresh,
      oldAfterFreshDataCentres: m.oldAfterFreshAt.size,
      notFreshAtProbeEnd: notFreshAtProbeEnd(m),
      usage: usage(m),
    })),
    targets: targetChecks(visits, runs, LIMITS, control),
  });
}
out('### Parameters\n');
out(parameterTable());
mkdirSync(dirname(args.json), { recursive: true });
writeFileSync(args.json, `${JSON.stringify({ seed, params: DEFAULT_PARAMS, results }, null, 2)}\n`);
log(`results written to ${args.json}`);
