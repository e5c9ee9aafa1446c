/**
 * `npm run bench -- --scale [--sizes 24,1000,10000] [--isolates 5] [--duration 12] [--json file]` or `npx node
 * bench/scale/run.ts …`: synthetic sites of each size published side by side, then what a cold isolate, warm requests
 * and an isolate's memory cost at each, and their ratios (bench/README.md, Scale). I/O: builds if stale, workerd
 * runtimes, autocannon; progress to stderr, tables to stdout, dist/bench/scale.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureFreshBuild } from '../../scripts/dev/fresh-build.ts';
import { measureCold } from './cold.ts';
import { DISTINCT_PAGES, measureMemory } from './memory.ts';
import { allMet, prefixTable, type ScaleRow, scaleJson, scaleTargetLines, sizeTable } from './report.ts';
import { publishScaleSite, type ScaleSite } from './site.ts';
import { measureWarm } from './warm.ts';

const DEFAULT_JSON = 'dist/bench/scale.json';
const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '24,1000,10000' },
    isolates: { type: 'string', default: '5' },
    duration: { type: 'string', default: '12' },
    rounds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '10' },
    json: { type: 'string' },
  },
  strict: true,
});
const sizes = args.sizes.split(',').map(Number);
const [isolates, duration, rounds, connections] = [args.isolates, args.duration, args.rounds, args.connections].map(Number) as [
  number,
  number,
  number,
  number,
];
if (sizes.some((n) => !(Number.isInteger(n) && n > 0)) || !(isolates > 0 && duration > 0 && rounds > 0 && connections > 0)) {
  console.error('bench --scale: --sizes, --isolates, --duration, --rounds and --connections take positive numbers');
  process.exit(2);
}

const started = performance.now();
const log = (line: string) => console.error(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
ensureFreshBuild({ purpose: 'the scale bench', log });
const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 1e9)} GB, Node ${process.versions.node}`;
log(`machine: ${machine}; sizes ${sizes.join(', ')}`);

const sites: ScaleSite[] = [];
const rows = new Map<ScaleSite, ScaleRow>();
try {
  for (const entries of sizes) {
    const label = entries.toLocaleString('en');
    log(`${label}: publishing`);
    // The upload's summary and problems, not its line per entry.
    const site = await publishScaleSite(entries, (line) => /^\S+ +synthetic-\d+\.md → /.test(line) || log(`${label}: ${line}`));
    sites.push(site);
    rows.set(site, {
      entries,
      ...(site.error ? { error: site.error } : {}),
      publishMs: site.publishMs,
      layout: site.layout,
      cold: { cpuMs: [], bytesRead: [], reads: [], failures: 0 },
      warm: {},
    });
  }
  const published = sites.filter((site) => !site.error);

  log(`cold isolates: ${isolates} per size, the sizes taking turns`);
  for (const [site, samples] of await measureCold(published, isolates, log)) {
    rows.get(site)!.cold = {
      cpuMs: samples.map((s) => s.cpuMs),
      bytesRead: samples.map((s) => s.bytesRead),
      reads: samples.map((s) => s.reads),
      failures: samples.filter((s) => s.failed).length,
    };
  }

  for (const site of published) {
    log(`${site.entries.toLocaleString('en')}: memory after ${Math.min(DISTINCT_PAGES, site.pagePaths.length)} distinct pages`);
    rows.get(site)!.memory = await measureMemory(site);
  }

  if (published.length > 0) {
    const warm = await measureWarm(published, { load: { duration, connections }, rounds, log });
    for (const [site, figures] of warm) rows.get(site)!.warm = figures;
  }
} finally {
  for (const site of sites) site.scenario.remove();
}

const all = [...rows.values()];
const command = `npm run bench -- --scale ${process.argv.slice(2).join(' ')}`.trim();
const out = (text = '') => console.log(text);
out(`\n## Scale (${new Date().toISOString().slice(0, 10)})\n`);
out(`Command: ${command}`);
out(
  `Machine: ${machine}. Cold: ${isolates} fresh workerd per size, the first article request each (KV bytes and reads counted at the binding; CPU sampled through the inspector in another workerd). Warm: both page caches off, autocannon ${connections} connections, ${duration} s per target in ${rounds} slices taking turns. Heap: live JS heap after up to ${DISTINCT_PAGES} distinct pages, caches as deployed.\n`,
);
out(sizeTable(all));
out('\n### KV after the publish, per key prefix\n');
out(prefixTable(all));
out('\n### Targets\n');
const lines = scaleTargetLines(all);
for (const line of lines) out(line);

const json = `${JSON.stringify(scaleJson(all, command, new Date().toISOString()), null, 2)}\n`;
for (const file of new Set([DEFAULT_JSON, ...(args.json ? [args.json] : [])])) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, json);
  log(`results written to ${file}`);
}
process.exitCode = allMet(lines) ? 0 : 1;
