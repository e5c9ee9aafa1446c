/**
 * `npx node bench/starlight/lantern-tasks.ts [--page article|guide|news index] [--runs 1]`: the tasks behind the simulated TBT.
 * I/O: builds or reuses the Starlight site, starts both origins and Chromium; prints each replay's tasks.
 */

import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/content/diagrams/chromium.ts';
import { startGzipProxy } from '../lib/gzip-proxy.ts';
import { audit } from '../lib/lighthouse.ts';
import { startRuntime } from '../lib/runtime.ts';
import { publishSite } from '../lib/site-run.ts';
import { startStaticOrigin } from '../lib/static-origin.ts';
import { COMPARED_PAGES, SITES } from './comparison.ts';
import { type NodeTimings, type ReplayedTask, replayedTasks } from './lantern-replay.ts';
import { buildStarlightSite } from './site.ts';

const { values: args } = parseArgs({
  options: { page: { type: 'string', default: 'article' }, runs: { type: 'string', default: '1' } },
  strict: true,
});
const compared = COMPARED_PAGES.find((entry) => entry.page === args.page);
if (!compared) {
  console.error(`lantern-tasks: --page takes one of ${COMPARED_PAGES.map((entry) => entry.page).join(', ')}`);
  process.exit(2);
}
const allNodeTimings = (Lantern as unknown as { Simulation: { Simulator: { allNodeTimings: Map<string, NodeTimings> } } }).Simulation
  .Simulator.allNodeTimings;

function taskLine(task: ReplayedTask): string {
  const when = `${task.start.toFixed(0).padStart(6)}–${task.end.toFixed(0).padEnd(6)}`;
  const mark = task.inFirstPaint ? '[first paint]' : '             ';
  const events = task.events.join(', ') || '(no event over 1 ms)';
  return `${when} observed ${task.observedMs.toFixed(1).padStart(5)} ms  ${mark}  TBT +${task.blockingMs.toFixed(0).padEnd(4)} ${events}`;
}

const dist = buildStarlightSite('content', (line) => console.error(`· ${line}`));
const site = await publishSite({ content: 'content', articlePath: COMPARED_PAGES[0].paths['this site'] });
const runtime = await startRuntime(site.scenario);
const origin = await startStaticOrigin(dist);
const proxies = { 'this site': await startGzipProxy(runtime.url), Starlight: await startGzipProxy(origin.url) };
const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
try {
  for (const name of SITES) await (await fetch(new URL(compared.paths[name], proxies[name].url))).arrayBuffer();
  for (let run = 1; run <= Number(args.runs); run++) {
    for (const name of SITES) {
      allNodeTimings.clear();
      const lhr = await audit(new URL(compared.paths[name], proxies[name].url).href, chrome.port, 'mobile', () => {}, {
        categories: ['performance'],
      });
      const metric = (id: string) => (lhr.audits[id]?.numericValue ?? Number.NaN).toFixed(0);
      console.log(
        `\n${name}, ${compared.paths[name]} (run ${run}): FCP ${metric('first-contentful-paint')} ms, TBT ${metric('total-blocking-time')} ms`,
      );
      for (const replay of ['optimistic', 'pessimistic']) {
        const full = allNodeTimings.get(`${replay}Interactive`);
        const firstPaint = allNodeTimings.get(`${replay}FirstContentfulPaint`);
        if (!full || !firstPaint) throw new Error(`Lighthouse ran no ${replay} replay (its simulation names changed?)`);
        // Lighthouse reports the mean of the optimistic and the pessimistic replay: both are printed.
        const { fcpMs, tasks, tbtMs } = replayedTasks(full, firstPaint);
        console.log(`  ${replay} replay: simulated FCP ${fcpMs.toFixed(0)} ms, tasks add up to TBT ${tbtMs.toFixed(0)} ms`);
        for (const task of tasks) console.log(`    ${taskLine(task)}`);
      }
    }
  }
} finally {
  chrome.kill();
  await proxies['this site'].close();
  await proxies.Starlight.close();
  await origin.close();
  await runtime.dispose();
  site.scenario.remove();
}
