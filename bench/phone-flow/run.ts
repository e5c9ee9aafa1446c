/**
 * `npx node bench/phone-flow/run.ts [--rounds 5] [--sites …] [--json <file>]` (after `npm run build`): the phone flow on
 * each site, rounds interleaved (bench/README.md). I/O: sites, Chromium; the table to stdout, progress to stderr.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/content/diagrams/chromium.ts';
import { runFlow } from './flow.ts';
import { CPU_SLOWDOWN, NETWORK, PHONE } from './phone.ts';
import { type FlowRow, flowTable, type HostFigures, verdicts } from './report.ts';
import { scenariosOf } from './scenarios.ts';
import { SITE_NAMES, type SiteName, startSites } from './sites.ts';

const { values: args } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, sites: { type: 'string', default: SITE_NAMES.join(',') }, json: { type: 'string' } },
  strict: true,
});
const rounds = Number(args.rounds);
const names = args.sites.split(',').map((s) => s.trim()) as SiteName[];
if (!(rounds > 0) || names.some((n) => !SITE_NAMES.includes(n)) || !names.includes('this site')) {
  console.error(`phone-flow: --rounds takes a positive number, --sites a list of ${SITE_NAMES.join(', ')} with "this site"`);
  process.exit(2);
}
const log = (line: string) => console.error(`· ${line}`);

const loadBefore = loadavg()[0]!;
const { sites, close } = await startSites(names, log);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const probe = await browser.newPage();
  const benchmarkIndex = (await probe.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`)) as number;
  await probe.close();
  const rows = new Map<string, FlowRow>();
  const plans = sites.map((site) => ({ site, scenarios: scenariosOf(site.targets) }));
  const count = plans[0]!.scenarios.length;
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < count; i++) {
      for (const { site, scenarios } of round % 2 ? [...plans].reverse() : plans) {
        const scenario = scenarios[i]!;
        const path = site.targets.paths[scenario.page];
        const key = `${scenario.page}\0${scenario.name}\0${site.name}`;
        const row = rows.get(key) ?? { site: site.name, page: scenario.page, scenario: scenario.name, path, runs: [], failures: [] };
        rows.set(key, row);
        log(`${site.name}: ${scenario.page}, ${scenario.name} (${round + 1}/${rounds})`);
        try {
          row.runs.push(await runFlow(browser, site.url, path, scenario));
        } catch (error) {
          row.failures.push(error instanceof Error ? error.message.split('\n')[0]! : String(error));
          log(`  failed: ${row.failures.at(-1)}`);
        }
      }
    }
  }
  const host: HostFigures = { benchmarkIndex, load: [loadBefore, loadavg()[0]!] };
  const all = [...rows.values()];
  console.log(
    `\nPhone flow: ${PHONE.viewport.width}×${PHONE.viewport.height} touch, CPU ×${CPU_SLOWDOWN}, ${NETWORK.latency} ms, ` +
      `${(NETWORK.downloadThroughput * 8) / 1e6} Mbps; cold cache; ${rounds} round(s), medians (ranges).`,
  );
  console.log(
    `Host: Lighthouse benchmark index ${benchmarkIndex.toFixed(0)}; load average ${host.load[0].toFixed(2)} → ${host.load[1].toFixed(2)}.\n`,
  );
  console.log(flowTable(all));
  console.log(`\n${verdicts(all).join('\n')}`);
  if (args.json) writeFileSync(args.json, JSON.stringify({ rounds, host, phone: { PHONE, CPU_SLOWDOWN, NETWORK }, rows: all }, null, 2));
} finally {
  await browser.close();
  await close();
}
