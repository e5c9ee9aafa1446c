/**
 * `npx node bench/world/measure-worker.ts`: what the built Worker does per request kind, measured on workerd with the
 * fixture site published, saved as bench/world/worker-profile.json for the world model. I/O: workerd, KV on disk.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { pageHtmlApiPath } from '../../contracts/page-fragment.ts';
import { PAGE_VIEW_API_PATH, pageApiPath, SEARCH_API_PATH, XSRF_TOKEN_API_PATH } from '../../contracts/routes.ts';
import type { LocalWorker } from '../../tools/local-worker.ts';
import { uploadChecked } from '../../tools/upload-checked.ts';
import { createXsrfToken, LOCAL_DEVELOPMENT_SECRET } from '../../worker/http/xsrf.ts';
import { BASELINE_WORKER } from '../lib/baseline-worker.ts';
import { createScenario, type Scenario, startRuntime } from '../lib/runtime.ts';
import { median } from '../lib/stats.ts';
import { scriptEvaluationMs } from '../lib/weight.ts';
import { groupRounds, type KindProfile, keyKind, PROFILE_FILE, type RequestKind, type WorkerProfile } from './worker-profile.ts';

/** The fixture site of the tests, published as content (a folder, read like content/). */
const FIXTURE = 'test/fixtures/site';
/** Each KV read waits this long in Node, so that reads in sequence arrive this far apart and reads issued together do not. */
const HOLD_MS = 60;
const WARM_RUNS = 40;
/** Cold requests per kind, each in a fresh runtime: their median wall time, as a loaded machine makes one run jump. */
const COLD_RUNS = 3;

interface Call {
  path: string;
  init?: RequestInit;
}

async function send(runtime: LocalWorker, call: Call): Promise<{ ms: number; timing: string; status: number }> {
  const started = performance.now();
  const response = await fetch(new URL(call.path, runtime.url), { redirect: 'manual', ...call.init });
  await response.arrayBuffer();
  return { ms: performance.now() - started, timing: response.headers.get('server-timing') ?? '', status: response.status };
}

/** The requests of each kind, on the fixture site: an article is the first news post the sitemap lists. */
async function calls(runtime: LocalWorker): Promise<Record<RequestKind, Call>> {
  const sitemap = await (await fetch(new URL('/sitemap.xml', runtime.url))).text();
  const article = new URL(/<loc>([^<]*\/news\/[^<]+)<\/loc>/.exec(sitemap)?.[1] ?? 'http://x/news').pathname;
  const html = await (await fetch(new URL(article, runtime.url))).text();
  const asset = /data-entry="([^"]+)"/.exec(html)?.[1] ?? '/favicon.ico';
  const token = await createXsrfToken(LOCAL_DEVELOPMENT_SECRET);
  return {
    home: { path: '/' },
    article: { path: article },
    index: { path: '/news' },
    navigation: { path: pageHtmlApiPath(article) },
    pageData: { path: pageApiPath(article) },
    search: { path: `${SEARCH_API_PATH}?q=race` },
    asset: { path: asset },
    pageView: {
      path: PAGE_VIEW_API_PATH,
      init: {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token },
        body: JSON.stringify({ path: article }),
      },
    },
    xsrfToken: { path: XSRF_TOKEN_API_PATH },
  };
}

/** The KV reads one request made, as round trips in sequence of kinds of keys (reads issued together share one). */
async function readsOf(runtime: LocalWorker & { kvProbe: NonNullable<LocalWorker['kvProbe']> }, call: Call) {
  const from = runtime.kvProbe.readLog().length;
  const result = await send(runtime, call);
  const reads = runtime.kvProbe.readLog().slice(from);
  // A bulk get is one read whose key the probe logs as the keys joined by commas.
  const kinds = (round: { key: string }[]) => round.flatMap((read) => read.key.split(',').map(keyKind));
  return { ...result, rounds: groupRounds(reads, HOLD_MS / 2).map(kinds) };
}

async function probed(scenario: Scenario, bindings: Record<string, string> = {}) {
  const runtime = await startRuntime(scenario, { probeKv: true, bindings });
  runtime.kvProbe.holdMs = HOLD_MS;
  return runtime;
}

/** Median wall time of warm requests on loopback: an upper bound of the Worker's CPU time for them. */
async function warmMs(runtime: LocalWorker, call: Call): Promise<{ ms: number; timing: string }> {
  const first = await send(runtime, call);
  const times: number[] = [];
  for (let i = 0; i < WARM_RUNS; i++) times.push((await send(runtime, call)).ms);
  return { ms: median(times), timing: first.timing };
}

const log = (line: string) => console.error(`· ${line}`);

export async function measureWorker(): Promise<WorkerProfile> {
  const scenario = createScenario();
  const loadBefore = loadavg()[0]!;
  try {
    const setup = await startRuntime(scenario);
    await uploadChecked({ content: FIXTURE, store: setup.store, diagrams: null, cards: null });
    const requests = await calls(setup);
    await setup.dispose();
    const kinds = Object.keys(requests) as RequestKind[];
    const profile = {} as Record<RequestKind, KindProfile>;
    for (const kind of kinds) {
      log(`${kind}: cold isolate and cold KV cache, then warm; ${COLD_RUNS} times`);
      const runs = [];
      for (let i = 0; i < COLD_RUNS; i++) {
        const runtime = await probed(scenario);
        const cold = await readsOf(runtime, requests[kind]);
        runs.push({ cold, warm: await readsOf(runtime, requests[kind]) });
        await runtime.dispose();
      }
      const [{ cold, warm }] = runs as [(typeof runs)[number]];
      if (runs.some((run) => JSON.stringify(run.cold.rounds) !== JSON.stringify(cold.rounds)))
        throw new Error(`${kind}: cold requests read KV differently from one run to the next`);
      profile[kind] = {
        path: requests[kind].path,
        status: cold.status,
        cold: { rounds: cold.rounds, wallMs: median(runs.map((run) => run.cold.ms)) },
        warm: { rounds: warm.rounds, serverTiming: warm.timing },
        memoExpired: { rounds: [] },
        cpuMs: { isolateHit: 0, edgeHit: 0, rendered: 0 },
      };
    }
    log('warm isolate whose manifest memo has expired (MANIFEST_TTL_SECONDS=0)');
    const expired = await probed(scenario, { MANIFEST_TTL_SECONDS: '0' });
    for (const kind of kinds) await readsOf(expired, requests[kind]);
    for (const kind of kinds) profile[kind].memoExpired = { rounds: (await readsOf(expired, requests[kind])).rounds };
    await expired.dispose();
    log(`CPU: median wall time of ${WARM_RUNS} warm requests per kind, per page cache`);
    const variants = {
      isolateHit: {},
      edgeHit: { RENDERED_PAGE_CACHE_CHARS: '0' },
      rendered: { RENDERED_PAGE_CACHE_CHARS: '0', EDGE_PAGE_CACHE_SECONDS: '0' },
    } as const;
    for (const [name, bindings] of Object.entries(variants) as [keyof KindProfile['cpuMs'], Record<string, string>][]) {
      const runtime = await startRuntime(scenario, { bindings });
      for (const kind of kinds) profile[kind].cpuMs[name] = (await warmMs(runtime, requests[kind])).ms;
      await runtime.dispose();
    }
    log('the same warm request to an empty Worker on the same runtime: what the loopback and the runtime add');
    const empty = await startRuntime(scenario, { script: BASELINE_WORKER });
    const baselineMs = (await warmMs(empty, { path: '/' })).ms;
    await empty.dispose();
    log('start-up: the bundle evaluated in V8, median of 5');
    return {
      measuredAt: new Date().toISOString(),
      site: FIXTURE,
      holdMs: HOLD_MS,
      cpuMethod: `median wall time of ${WARM_RUNS} warm requests on loopback (an upper bound of CPU time); the model subtracts the empty Worker's`,
      baselineMs,
      machine: `${cpus().length} cores, load average ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)} (other work included)`,
      startupMs: scriptEvaluationMs(5),
      kinds: profile,
    };
  } finally {
    scenario.remove();
  }
}

if (import.meta.main) {
  const profile = await measureWorker();
  writeFileSync(PROFILE_FILE, `${JSON.stringify(profile, null, 2)}\n`);
  log(`written to ${PROFILE_FILE}`);
}
