/**
 * `npm run load-test [-- --runs 3 --duration 30 --connections 200 --fraction 0.75 --baseline]`: a request mix at the Worker.
 * I/O: starts workerd (storage on tmpfs), drives autocannon, reads the Worker's heap via its inspector (bench/README.md, Load).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { ContentFolder } from '../scripts/content/source/load-content.ts';
import { startLocalWorker } from '../tools/local-worker.ts';
import { freeLoopbackPort } from '../tools/loopback-server.ts';
import { uploadChecked } from '../tools/upload-checked.ts';
import { createXsrfToken, LOCAL_DEVELOPMENT_SECRET } from '../worker/http/xsrf.ts';
import { BASELINE_WORKER } from './lib/baseline-worker.ts';
import { type MixFigures, type MixRequest, runMix } from './lib/mix-load.ts';
import { inspectWorker, liveHeapBytes } from './lib/worker-inspector.ts';

export interface LoadTestOptions {
  connections?: number;
  /** Seconds per run. */
  duration?: number;
  runs?: number;
  /** Seconds of closed-loop load first, which measures the capacity; 0: none (the runs are closed-loop then); default: one run's. */
  saturation?: number;
  /** The share of that capacity the measured runs offer. */
  loadFraction?: number;
  /** Load `BASELINE_WORKER` instead of the site (every request then expects 200). */
  baseline?: boolean;
  /** What the site publishes: a folder (default content/) or one already read (a test's fixture). */
  content?: string | ContentFolder;
  log?: (line: string) => void;
}

export interface RunFigures {
  run: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  /** Responses whose status was not 200 or 204. */
  unexpected: number;
  statuses: Record<string, number>;
  /** Socket errors and timeouts by code. */
  errorCodes: Record<string, number>;
  /** workerd's VmRSS after the run, MB. */
  rssMb: number;
  /** The Worker isolate's live JavaScript heap after the run (garbage collected), MB. */
  heapMb: number;
}

export interface LoadTestOutcome {
  ok: boolean;
  /** The saturation phase's figures (not judged), if it ran. */
  saturation?: MixFigures;
  /** Requests per second the measured runs offer, all connections together; absent: closed loop. */
  offeredRps?: number;
  runs: RunFigures[];
  /** workerd's VmRSS before the first measured run (after the saturation phase), MB. */
  baselineRssMb: number;
  /** The Worker's live heap then, MB. */
  baselineHeapMb: number;
  problems: string[];
}

/** The pids of the workerd processes that are children of this process. */
function workerdChildren(): Set<number> {
  const found = new Set<number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces, so read after the last ')'.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (comm === 'workerd' && ppid === process.pid) found.add(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/**
 * How much more live heap the last run may leave than the first: the Worker's caches are full
 * after the saturation phase, so a leak of even a few hundred bytes per request shows as megabytes.
 */
export const MAX_HEAP_GROWTH_MB = 1;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The hashed entry script and stylesheet of the client build. */
function clientAssets(): string[] {
  const manifest = JSON.parse(readFileSync(resolve('dist/client/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; css?: string[] }
  >;
  const entry = manifest['client/entry-browser.tsx'];
  if (!entry) throw new Error('dist/client has no entry script: run `npm run build`');
  return [`/${entry.file}`, ...(entry.css ?? []).map((css) => `/${css}`)];
}

/** The mix each connection cycles through: what each request must answer. */
function requestMix(token: string): { requests: MixRequest[]; expected: Map<string, number> } {
  // Every request carries the XSRF cookie of a returning visitor; page views also the header.
  const cookie = { Cookie: `XSRF-TOKEN=${token}` };
  const json = { ...cookie, 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token };
  const gets = [
    '/',
    '/news',
    '/guide',
    '/guide/DSX',
    '/news/race-element-2-released',
    '/guide/multi-sim',
    '/setup?link=QUJD',
    '/search?q=hud',
    '/analytics',
    '/api/_analog/pages/guide/DSX',
    '/api/_analog/pages/news',
    '/api/_analog/search?q=setup',
    '/api/_analog/samples/start-race-element-minimized.bat',
    '/news/feed.xml',
    '/sitemap.xml',
    '/robots.txt',
    '/guide/DSX.md',
    ...clientAssets(),
  ];
  const requests: MixRequest[] = [];
  for (const path of gets) {
    requests.push({ method: 'GET', path, headers: cookie });
    // A page view after every third request.
    if (requests.length % 3 === 0)
      requests.push({ method: 'POST', path: '/api/_analog/analytics/hits', headers: json, body: JSON.stringify({ path: '/guide/DSX' }) });
  }
  return { requests, expected: new Map([...requests.map((r) => [`${r.method} ${r.path}`, r.method === 'POST' ? 204 : 200] as const)]) };
}

/**
 * Miniflare keeps the local Durable Object's SQLite (and KV) in a temporary folder. On this
 * machine's disk each page-view commit waits for fsync, and under load those waits stall
 * workerd for seconds (bench/README.md, Load). Production storage is Cloudflare's, so the load test puts the local one in
 * memory.
 */
const MEMORY_TMPDIR = '/dev/shm';

/** The share of the measured capacity that the measured runs offer by default. */
export const LOAD_FRACTION = 0.75;

/** The rate the measured runs offer: `fraction` of `capacityRps`, whole requests per second. */
export function offeredRate(capacityRps: number, fraction: number): number {
  const rate = Math.round(fraction * capacityRps);
  if (!(rate > 0)) throw new Error(`load-test: cannot pace to ${fraction} of ${capacityRps} req/s`);
  return rate;
}

/** A request unanswered after this many seconds counts as timed out. */
const TIMEOUT_SECONDS = 10;

/** Serves the built Worker, runs the saturation phase and the measured runs, and judges them (bench/README.md, Load). */
export async function runLoadTest({
  connections = 200,
  duration = 30,
  runs = 3,
  saturation = duration,
  loadFraction = LOAD_FRACTION,
  baseline = false,
  content = 'content',
  log = console.log,
}: LoadTestOptions = {}): Promise<LoadTestOutcome> {
  const before = workerdChildren();
  const inspectorPort = await freeLoopbackPort();
  const worker = await startLocalWorker({
    listen: true,
    inspectorPort,
    ...(existsSync(MEMORY_TMPDIR) ? { tempParent: MEMORY_TMPDIR } : {}),
    ...(baseline ? { script: BASELINE_WORKER } : {}),
  });
  try {
    const pid = [...workerdChildren()].find((p) => !before.has(p));
    if (pid === undefined) throw new Error("cannot find the workerd process among this process's children");
    if (!baseline) await uploadChecked({ content, store: worker.store });

    const token = await createXsrfToken(LOCAL_DEVELOPMENT_SECRET);
    const { requests, expected } = requestMix(token);
    if (baseline) for (const key of expected.keys()) expected.set(key, 200);
    // Every request once, checked one by one: the mix itself must be right before loading it.
    for (const r of requests) {
      const res = await fetch(new URL(r.path, worker.url), {
        method: r.method,
        headers: r.headers ?? {},
        ...(r.body ? { body: r.body } : {}),
      });
      await res.arrayBuffer();
      const want = expected.get(`${r.method} ${r.path}`);
      if (res.status !== want) throw new Error(`${r.method} ${r.path} answered ${res.status}, not ${want}`);
    }
    log(
      `${baseline ? 'BASELINE (a Worker that only says "ok"): ' : ''}workerd pid ${pid}, ${rssMb(pid)} MB resident; ${requests.length} requests in the mix; ${connections} connections`,
    );
    const load = (seconds: number, rate?: number): Promise<MixFigures> =>
      runMix({ url: worker.url, connections, duration: seconds, timeoutSeconds: TIMEOUT_SECONDS, requests, ...(rate ? { rate } : {}) });
    let saturated: MixFigures | undefined;
    let offeredRps: number | undefined;
    // Without a saturation phase (the smoke test in `npm test`) there is no capacity to pace to: the runs are closed-loop.
    if (saturation > 0) {
      saturated = await load(saturation);
      await new Promise((done) => setTimeout(done, 2_000));
      const { errorCodes, timeouts } = saturated;
      const dropped = Object.values(errorCodes).reduce((sum, n) => sum + n, 0) + timeouts;
      log(
        `saturation (closed loop, ${saturation} s, not judged): ${saturated.requests} requests, capacity ${saturated.requestsPerSecond} req/s, p99 ${saturated.p99} ms, max ${saturated.max} ms; ` +
          `socket errors ${JSON.stringify(errorCodes)}, timeouts ${timeouts}${dropped > 0 ? ' (connections the saturated runtime left unread, bench/README.md "Load")' : ''}; workerd RSS ${rssMb(pid)} MB`,
      );
      offeredRps = offeredRate(saturated.requestsPerSecond, loadFraction);
    }
    log(
      offeredRps
        ? `${runs} run(s) × ${duration} s × ${connections} connections offering ${offeredRps} req/s together (${Math.round(loadFraction * 100)}% of capacity)`
        : `${runs} run(s) × ${duration} s × ${connections} connections, closed loop`,
    );
    const inspector = await inspectWorker(inspectorPort);
    const heapMb = async () => mb(await liveHeapBytes(inspector));
    const baselineRssMb = rssMb(pid);
    const baselineHeapMb = await heapMb();
    log(`before the runs: workerd RSS ${baselineRssMb} MB, the Worker's live heap ${baselineHeapMb} MB`);

    const figures: RunFigures[] = [];
    for (let run = 1; run <= runs; run++) {
      const result = await load(duration, offeredRps);
      // Let in-flight work and timers settle before reading memory.
      await new Promise((done) => setTimeout(done, 2_000));
      const { statuses, errorCodes } = result;
      const unexpected = Object.entries(statuses)
        .filter(([status]) => status !== '200' && status !== '204')
        .reduce((sum, [, count]) => sum + count, 0);
      const f: RunFigures = {
        run,
        requests: result.requests,
        requestsPerSecond: result.requestsPerSecond,
        p50: result.p50,
        p99: result.p99,
        max: result.max,
        errors: Object.values(errorCodes).reduce((sum, n) => sum + n, 0),
        timeouts: result.timeouts,
        unexpected,
        statuses,
        errorCodes,
        rssMb: rssMb(pid),
        heapMb: await heapMb(),
      };
      figures.push(f);
      log(
        `run ${run}: ${f.requests} requests, ${f.requestsPerSecond} req/s, latency p50 ${f.p50} ms, p99 ${f.p99} ms, max ${f.max} ms; ` +
          `errors ${f.errors} ${JSON.stringify(errorCodes)}, timeouts ${f.timeouts}, unexpected statuses ${f.unexpected} (${JSON.stringify(statuses)}); workerd RSS ${f.rssMb} MB, live heap ${f.heapMb} MB`,
      );
    }

    const problems: string[] = [];
    for (const f of figures) {
      if (f.errors + f.timeouts + f.unexpected > 0)
        problems.push(`run ${f.run}: ${f.errors} errors, ${f.timeouts} timeouts, ${f.unexpected} unexpected statuses`);
      if (f.requests === 0) problems.push(`run ${f.run}: no request completed`);
    }
    // The Worker's memory is its live heap, judged across the runs. workerd's resident memory is
    // reported, not judged: it rises with any traffic, a Worker that only says "ok" included
    // (`--baseline`; bench/README.md "Load").
    if (figures.length > 1) {
      const requests = figures.reduce((sum, f) => sum + f.requests, 0);
      const grown = figures.at(-1)!.rssMb - baselineRssMb;
      log(
        `workerd RSS ${baselineRssMb} MB before the runs → ${figures.map((f) => f.rssMb).join(' → ')} MB: ${((grown * 1024) / requests).toFixed(2)} KB per request`,
      );
      const heapGrowth = Math.round((figures.at(-1)!.heapMb - figures[0]!.heapMb) * 10) / 10;
      log(
        `the Worker's live heap ${baselineHeapMb} MB before the runs → ${figures.map((f) => f.heapMb).join(' → ')} MB: ${heapGrowth} MB from run 1 to run ${figures.length}`,
      );
      if (heapGrowth > MAX_HEAP_GROWTH_MB)
        problems.push(
          `the Worker's live heap grew ${heapGrowth} MB from run 1 to run ${figures.length} (at most ${MAX_HEAP_GROWTH_MB} MB)`,
        );
    }
    for (const p of problems) log(`FAIL ${p}`);
    if (problems.length === 0) log('OK: no errors, no timeouts, no unexpected statuses, no growth of the live heap');
    inspector.close();
    return {
      ok: problems.length === 0,
      ...(saturated ? { saturation: saturated } : {}),
      ...(offeredRps ? { offeredRps } : {}),
      runs: figures,
      baselineRssMb,
      baselineHeapMb,
      problems,
    };
  } finally {
    await worker.dispose();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      connections: { type: 'string', default: '200' },
      duration: { type: 'string', default: '30' },
      runs: { type: 'string', default: '3' },
      fraction: { type: 'string', default: String(LOAD_FRACTION) },
      baseline: { type: 'boolean', default: false },
    },
  });
  runLoadTest({
    connections: Number(values.connections),
    duration: Number(values.duration),
    runs: Number(values.runs),
    loadFraction: Number(values.fraction),
    baseline: values.baseline,
  }).then(
    (outcome) => process.exit(outcome.ok ? 0 : 1),
    (error: unknown) => {
      console.error(
        `load-test: ${error instanceof Error ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ''}` : String(error)}`,
      );
      process.exit(1);
    },
  );
}
