/**
 * `npx node bench/world/run.ts [--seed N] [--visits 1000,10000,100000,1000000] [--measure] [--calibrate] [--json file]`
 * (also `npm run bench -- --world …`): the world model's tables for each traffic level. I/O: reads (or with --measure
 * rewrites) worker-profile.json, writes the JSON, prints markdown.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { fitStore, kvReadPercentiles } from './calibration.ts';
import { freshness, freshnessAfterUpload, notFreshAtProbeEnd, percentiles, usage } from './metrics.ts';
import { buildNetwork } from './network.ts';
import { DEFAULT_PARAMS, DESIGNS } from './params.ts';
import { dataCentres } from './places.ts';
import { profileTable } from './profile-report.ts';
import { schedulePublishes } from './publishes.ts';
import { levelReport } from './report.ts';
import { simulateDesign } from './simulate.ts';
import { LIMITS, parameterTable } from './sources.ts';
import { targetChecks } from './targets.ts';
import { generateTraffic } from './traffic.ts';
import { BEFORE_PROFILE_FILE, PROFILE_FILE, type WorkerProfile } from './worker-profile.ts';

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: String(DEFAULT_PARAMS.seed) },
    visits: { type: 'string', default: '1000,10000,100000,1000000' },
    measure: { type: 'boolean', default: false },
    calibrate: { type: 'boolean', default: false },
    json: { type: 'string', default: 'dist/world-results.json' },
  },
  strict: true,
});
const seed = Number(args.seed);
const levels = args.visits.split(',').map(Number);
if (!Number.isInteger(seed) || levels.some((n) => !(n > 0))) {
  console.error('world: --seed takes an integer, --visits positive numbers');
  process.exit(2);
}
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
  log(`${visits} visits: ${traffic.count} requests, ${DESIGNS.length} designs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  out(levelReport(visits, runs, LIMITS, params.probeS));
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
    targets: targetChecks(visits, runs, LIMITS),
  });
}
out('### Parameters\n');
out(parameterTable());
mkdirSync(dirname(args.json), { recursive: true });
writeFileSync(args.json, `${JSON.stringify({ seed, params: DEFAULT_PARAMS, results }, null, 2)}\n`);
log(`results written to ${args.json}`);
