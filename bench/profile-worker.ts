/**
 * `npx node bench/profile-worker.ts [path] [--seconds 4] [--out worker.cpuprofile]`: the Worker's CPU profile under load.
 * I/O: publishes content/, loads it with autocannon, samples through workerd's inspector; prints, writes the profile.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { uploadChecked } from '../tools/upload-checked.ts';
import { measure } from './lib/load.ts';
import { createScenario, startRuntime } from './lib/runtime.ts';
import { inspectWorker } from './lib/worker-inspector.ts';

const { values: args, positionals } = parseArgs({
  options: {
    seconds: { type: 'string', default: '4' },
    out: { type: 'string', default: 'worker.cpuprofile' },
    'inspector-port': { type: 'string', default: '9329' },
  },
  allowPositionals: true,
});
const path = positionals[0] ?? '/news/2023-04-29-signpath';
const port = Number(args['inspector-port']);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

/** Self and inclusive sample shares per function, the largest first. */
function summarize(profile: Profile, top = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const name = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const sample of profile.samples) {
    const node = byId.get(sample)!;
    self.set(name(node), (self.get(name(node)) ?? 0) + 1);
    const seen = new Set<string>();
    for (let at: number | undefined = sample; at !== undefined; at = parent.get(at)) {
      const key = name(byId.get(at)!);
      if (!seen.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + 1);
      seen.add(key);
    }
  }
  const list = (counts: Map<string, number>) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, count]) => `  ${((100 * count) / profile.samples.length).toFixed(1).padStart(5)}%  ${key}`)
      .join('\n');
  return `Self time:\n${list(self)}\n\nInclusive time:\n${list(inclusive)}`;
}

const scenario = createScenario();
const runtime = await startRuntime(scenario, { inspectorPort: port });
try {
  await uploadChecked({ content: 'content', store: runtime.store });
  const first = await fetch(new URL(path, runtime.url));
  await first.arrayBuffer();
  const cookie = first.headers.get('set-cookie')?.split(';')[0];
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const target = { name: path, path, headers };
  await measure(runtime.url, target, { duration: 2, connections: 10 });

  const inspector = await inspectWorker(port);
  await inspector.send('Profiler.enable');
  await inspector.send('Profiler.setSamplingInterval', { interval: 100 });
  await inspector.send('Profiler.start');
  const result = await measure(runtime.url, target, { duration: Number(args.seconds), connections: 10 });
  const { profile } = (await inspector.send('Profiler.stop')) as { profile: Profile };
  inspector.close();
  writeFileSync(args.out, JSON.stringify(profile));
  console.log(
    `${path}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms while profiling; ${profile.samples.length} samples → ${args.out}\n`,
  );
  console.log(summarize(profile));
} finally {
  await runtime.dispose();
  scenario.remove();
}
