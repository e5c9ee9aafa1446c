/**
 * tools/local-worker.ts: the site's options as Wrangler would give them, Miniflare storage in our own folder gone on
 * dispose or exit, the KV probe, KV on disk outliving a runtime, state shared with the upload, a missing bundle named. workerd.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, expect, test } from 'vitest';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { openLocalKv } from '../../scripts/local-kv.ts';
import { createMiniflare, siteWorkerOptions, startLocalWorker } from '../../tools/local-worker.ts';

let parent: string | undefined;
afterEach(() => {
  if (parent) rmSync(parent, { recursive: true, force: true });
});

test("the site's options from wrangler.toml are the ones Wrangler gives Miniflare for them", () => {
  const { name, ...ours } = siteWorkerOptions();
  const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml');
  // Wrangler's own, less what it leaves empty or unset.
  const theirs = Object.entries(workerOptions).filter(
    ([, value]) => value !== undefined && JSON.stringify(value) !== '{}' && JSON.stringify(value) !== '[]',
  );
  expect(name).toBe('race-element-site');
  expect(JSON.parse(JSON.stringify(ours))).toEqual(
    JSON.parse(JSON.stringify(Object.fromEntries(theirs.filter(([key]) => !['rootPath', 'modulesRules', 'email'].includes(key))))),
  );
});

test('the instance stores under its own folder, removed when dispose() resolves, twice safely', async () => {
  parent = mkdtempSync(join(tmpdir(), 'local-worker-test-'));
  const before = process.env.TMPDIR;
  const { mf, dispose } = createMiniflare(
    { modules: true, script: 'export default { fetch() { return new Response("") } }', kvNamespaces: ['KV'] },
    parent,
  );
  expect(process.env.TMPDIR).toBe(before);
  await mf.ready;
  const kv = await mf.getKVNamespace('KV');
  await kv.put('key', 'value');
  const [folder] = readdirSync(parent);
  expect(folder).toMatch(/^race-element-miniflare-/);
  // Miniflare's own temporary folder, with the KV data, is inside ours.
  expect(readdirSync(join(parent, folder!)).some((name) => name.startsWith('miniflare-'))).toBe(true);
  await Promise.all([dispose(), dispose()]);
  expect(existsSync(join(parent, folder!))).toBe(false);
});

test('a process that exits with an instance still running, as npm start on Ctrl+C, leaves no folder behind', async () => {
  parent = mkdtempSync(join(tmpdir(), 'local-worker-test-'));
  const script = `import { createMiniflare } from ${JSON.stringify(resolve('tools/local-worker.ts'))};
    const { mf } = createMiniflare({ modules: true, script: 'export default { fetch() { return new Response("") } }' }, ${JSON.stringify(parent)});
    await mf.ready;
    console.log('ready');
    process.stdin.on('data', () => process.exit(130));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((done) => child.once('exit', done));
  await new Promise((ready) => createInterface({ input: child.stdout! }).once('line', ready));
  expect(readdirSync(parent)).toHaveLength(1);
  child.stdin!.write('exit\n');
  await exited;
  expect(readdirSync(parent)).toEqual([]);
});

test('options Miniflare refuses: its error, no folder left behind, TMPDIR as it was', () => {
  parent = mkdtempSync(join(tmpdir(), 'local-worker-test-'));
  const before = process.env.TMPDIR;
  expect(() => createMiniflare({ modules: true, script: 1 } as never, parent)).toThrow(/Unexpected options/);
  expect(readdirSync(parent)).toEqual([]);
  expect(process.env.TMPDIR).toBe(before);
});

test('probeKv: each KV read the Worker makes and its round trips are counted at the binding, writes from the test are not, faults apply on demand', async () => {
  const worker = await startLocalWorker({ assetsDir: null, probeKv: true, bindings: { MANIFEST_TTL_SECONDS: '0' } });
  try {
    const probe = worker.kvProbe;
    // Nothing published: the Worker reads the manifest, finds none, answers 503.
    const unpublished = await worker.fetch('/news');
    await unpublished.arrayBuffer();
    expect(unpublished.status).toBe(503);
    expect(probe.reads()).toBe(1);
    expect(probe.rounds()).toBe(1);
    await worker.kv.put('manifest', 'not json');
    expect(probe.reads()).toBe(1);
    // A manifest that does not parse is refused by its entrypoint, like KV failing (no last good one held here).
    const unreadable = await worker.fetch('/news');
    await unreadable.arrayBuffer();
    expect(unreadable.status).toBe(503);
    expect(probe.reads()).toBe(2);
    // One read after another's answer: a round trip more.
    expect(probe.rounds()).toBe(2);
    probe.faults.kv = 'throw';
    const down = await worker.fetch('/news');
    await down.arrayBuffer();
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('30');
    expect(probe.failedCalls()).toBe(1);
    expect(probe.reads()).toBe(3);
  } finally {
    await worker.dispose();
  }
});

/** A Worker that reads the key `k` once each way the Worker may, then answers the bytes it saw. */
const READ_EVERY_WAY = `export default { async fetch(request, env) {
  const as = new URL(request.url).searchParams.get('as');
  if (as === 'stream') return new Response(await env.CONTENT.get('k', { type: 'stream' }));
  if (as === 'metadata') return Response.json(await env.CONTENT.getWithMetadata('k', { type: 'json' }));
  return Response.json(await env.CONTENT.get('k', { type: as }));
} }`;

test('probeKv: the bytes of the keys read and of the values they returned are summed, however the value is read', async () => {
  const worker = await startLocalWorker({ assetsDir: null, probeKv: true, script: READ_EVERY_WAY });
  try {
    const value = JSON.stringify({ word: 'déjà', n: 1 });
    const bytes = Buffer.byteLength(value);
    await worker.kv.put('k', value, { metadata: { v: 2 } });
    const counted = async (as: string) => {
      const before = worker.kvProbe.bytesRead();
      const response = await worker.fetch(`/?as=${as}`);
      await response.arrayBuffer();
      expect(response.status, as).toBe(200);
      return worker.kvProbe.bytesRead() - before;
    };
    // One byte of key each time; a streamed value counts once read to its end, before the Worker's answer ends.
    for (const as of ['text', 'json', 'arrayBuffer', 'stream']) expect(await counted(as), as).toBe(1 + bytes);
    expect(await counted('metadata')).toBe(1 + bytes + Buffer.byteLength('{"v":2}'));
    expect(worker.kvProbe.reads()).toBe(5);
  } finally {
    await worker.dispose();
  }
});

test('kvPersist: a second runtime on the same folder reads what the first wrote', async () => {
  parent = mkdtempSync(join(tmpdir(), 'local-worker-test-'));
  const kvPersist = join(parent, 'kv');
  const first = await startLocalWorker({ assetsDir: null, kvPersist, tempParent: parent });
  await first.kv.put('written', 'by the first');
  await first.dispose();
  const second = await startLocalWorker({ assetsDir: null, kvPersist, tempParent: parent });
  try {
    expect(await second.kv.get('written')).toBe('by the first');
  } finally {
    await second.dispose();
  }
});

test('assetsDir null: the static files are left out and the Worker answers their paths', async () => {
  const [served, without] = await Promise.all([startLocalWorker(), startLocalWorker({ assetsDir: null })]);
  try {
    const favicon = async (worker: typeof served) => {
      const res = await worker.fetch('/favicon.ico');
      await res.arrayBuffer();
      return { status: res.status, type: res.headers.get('content-type') };
    };
    expect(await favicon(served)).toEqual({ status: 200, type: expect.stringMatching(/icon/) });
    expect((await favicon(without)).status).toBe(404);
  } finally {
    await Promise.all([served.dispose(), without.dispose()]);
  }
});

test('persistTo: the state `npm run upload` writes (scripts/local-kv.ts) is what the runtime serves, and the other way round', async () => {
  parent = mkdtempSync(join(tmpdir(), 'local-worker-test-'));
  const root = join(parent, 'state');
  const upload = await openLocalKv('wrangler.toml', 'CONTENT', root);
  await upload.namespace.put('written', 'by the upload');
  await upload.dispose();
  const worker = await startLocalWorker({ assetsDir: null, persistTo: root, tempParent: parent });
  try {
    expect(await worker.kv.get('written')).toBe('by the upload');
    await worker.kv.put('written', 'by the runtime');
    // The Durable Objects too, under the names `wrangler dev` gives them (its Worker's name first).
    await (await worker.fetch('/analytics')).arrayBuffer();
    expect(readdirSync(join(root, 'v3', 'do'))).toContain('race-element-site-AnalyticsCounter');
  } finally {
    await worker.dispose();
  }
  const again = await openLocalKv('wrangler.toml', 'CONTENT', root);
  try {
    expect(await again.namespace.get('written')).toBe('by the runtime');
  } finally {
    await again.dispose();
  }
});

test('a missing bundle is named, with the command that builds it', async () => {
  await expect(startLocalWorker({ bundle: '/nowhere/index.js' })).rejects.toThrow(
    '/nowhere/index.js is missing: run `npm run build` first',
  );
});
