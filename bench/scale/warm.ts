/**
 * Warm requests a second and latency of an article, `/news`, the home page and a search query, with both page caches
 * off so that the Worker does the work, every size's runtime running and their targets taking turns (bench/lib/load.ts).
 * I/O: workerd runtimes, autocannon.
 */
import { type LoadOptions, type Measurement, measure, measureInterleaved, type Target } from '../lib/load.ts';
import { startRuntime } from '../lib/runtime.ts';
import { WARM_NAMES, type WarmName } from './report.ts';
import type { ScaleSite } from './site.ts';

const paths = (site: ScaleSite): Record<WarmName, string> => ({
  article: site.articlePath,
  news: '/news',
  home: '/',
  search: `/api/_analog/search?q=${encodeURIComponent('tyre pressure')}`,
});

export interface WarmPlan {
  /** Each target's load in total, spread over `rounds` slices. */
  load: LoadOptions;
  rounds: number;
  log: (line: string) => void;
}

/** Every site's four targets, measured side by side; a target's warm-up failures count with its errors. */
export async function measureWarm(
  sites: readonly ScaleSite[],
  { load, rounds, log }: WarmPlan,
): Promise<Map<ScaleSite, Record<WarmName, Measurement>>> {
  const runtimes = await Promise.all(
    sites.map((site) => startRuntime(site.scenario, { bindings: { RENDERED_PAGE_CACHE_CHARS: '0', EDGE_PAGE_CACHE_SECONDS: '0' } })),
  );
  try {
    const targets: Target[] = sites.flatMap((site, i) =>
      WARM_NAMES.map((name) => ({ name: `${site.entries} ${name}`, path: paths(site)[name], base: runtimes[i]!.url })),
    );
    const warmUpFailures = new Map<string, number>();
    for (const target of targets) {
      const m = await measure(target.base!, target, { duration: 1, connections: load.connections });
      warmUpFailures.set(target.name, m.failures);
    }
    log(
      `warm: ${rounds} rounds of ${targets.length} targets × ${load.duration / rounds} s, ${sites.map((s) => s.entries).join(', ')} side by side`,
    );
    const measured = await measureInterleaved(targets[0]!.base!, targets, rounds, { ...load, duration: load.duration / rounds });
    return new Map(
      sites.map((site) => {
        const of = (name: WarmName) => {
          const key = `${site.entries} ${name}`;
          const m = measured.get(key)!;
          return { ...m, failures: m.failures + (warmUpFailures.get(key) ?? 0) };
        };
        return [site, Object.fromEntries(WARM_NAMES.map((name) => [name, of(name)])) as Record<WarmName, Measurement>];
      }),
    );
  } finally {
    await Promise.all(runtimes.map((r) => r.dispose()));
  }
}
