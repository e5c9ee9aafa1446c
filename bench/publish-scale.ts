/**
 * `npx node bench/publish-scale.ts [--entries 10000] [--card-entries 100]`: a synthetic site in a git checkout in a
 * temporary folder, published through the real upload into a fresh local KV, then one entry changed and published
 * again; per-stage times of both, the KV writes of the second, and social cards' rate on a smaller site.
 * I/O: a temporary folder, git, Miniflare's KV on disk.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildEntries } from '../scripts/content/build/build-entries.ts';
import { buildSearchIndexValue } from '../scripts/content/build/build-search-index.ts';
import { diskRenderCache } from '../scripts/content/build/render-cache.ts';
import type { CardMaker } from '../scripts/content/cards/build-cards.ts';
import { diskCardCache } from '../scripts/content/cards/card-cache.ts';
import { satoriCardMaker } from '../scripts/content/cards/card-render.ts';
import { formatRequestTally, type KvStore, kvStoreFromBinding, type RequestTally } from '../scripts/content/kv/kv-store.ts';
import { isProgressLine, measureName } from '../scripts/content/progress.ts';
import { uploadContent } from '../scripts/content/publish/upload.ts';
import { readLastEdits } from '../scripts/content/source/file-history.ts';
import { loadContentFolder } from '../scripts/content/source/load-content.ts';
import { openLocalKv } from '../scripts/local-kv.ts';
import { syntheticContent } from '../tools/synthetic-content.ts';

const { values: args } = parseArgs({
  options: { entries: { type: 'string', default: '10000' }, 'card-entries': { type: 'string', default: '100' } },
});
const ONE_CHANGE_TARGET_MS = 60_000;
const MAX_WRITES = 20;

/** The upload's stages as progress.ts measures them, then what the bench times around it. */
const UPLOAD_STAGES = ['render', 'cards', 'KV reads', 'plan', 'KV writes'] as const;
type Row = { label: string; ms: Record<string, number>; writes: number | null; refused: string | null; progress: string[] };

/** A KV store counting the calls that reach the local namespace: each value written is one KV write. */
function countingStore(store: KvStore): KvStore & { requests(): RequestTally } {
  const byOperation: Record<string, number> = { 'value read': 0, 'key list': 0, 'value write': 0, 'value delete': 0 };
  const counted =
    <A extends unknown[], R>(op: string, call: (...a: A) => Promise<R>) =>
    (...a: A) => {
      byOperation[op]!++;
      return call(...a);
    };
  const requests = () => ({ total: Object.values(byOperation).reduce((a, b) => a + b, 0), byOperation: { ...byOperation } });
  const basic = { get: counted('value read', store.get), listKeys: counted('key list', store.listKeys) };
  return {
    ...store,
    ...basic,
    put: counted('value write', store.put),
    delete: counted('value delete', store.delete),
    getMany: async (keys) => new Map(await Promise.all(keys.map(async (k) => [k, await basic.get(k)] as const))),
    putMany: async (pairs, written) => {
      byOperation['value write']! += pairs.length;
      await store.putMany(pairs, written);
    },
    deleteMany: async (keys) => {
      byOperation['value delete']! += keys.length;
      await store.deleteMany(keys);
    },
    requests,
  };
}

/** `count` synthetic articles as files of a git checkout (one commit), as a maintainer's content/ is. */
function syntheticSite(dir: string, count: number): string {
  const content = join(dir, 'content');
  mkdirSync(content, { recursive: true });
  for (const { file, source } of syntheticContent(count).files) writeFileSync(join(content, file), source);
  const git = (...a: string[]) => execFileSync('git', ['-C', dir, '-c', 'user.name=bench', '-c', 'user.email=bench@localhost', ...a]);
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'synthetic content');
  return content;
}

/** One publish of the folder, timed per stage. */
async function publish(
  label: string,
  dir: string,
  store: KvStore & { requests(): RequestTally },
  cacheDir: string,
  cards: CardMaker | null,
) {
  performance.clearMeasures();
  const before = store.requests().byOperation['value write']!;
  const lines: string[] = [];
  const ms: Record<string, number> = {};
  const started = performance.now();
  let refused: string | null = null;
  try {
    const folder = await loadContentFolder(dir, async (d, files) => {
      const gitStarted = performance.now();
      const edits = await readLastEdits(d, files);
      ms['git dates'] = performance.now() - gitStarted;
      return edits;
    });
    ms['load files'] = performance.now() - started;
    const outcome = await uploadContent({
      content: folder,
      store,
      renderCache: diskRenderCache(join(cacheDir, 'renders')),
      cards,
      diagrams: null,
      log: (line) => {
        lines.push(line);
        if (isProgressLine(line)) console.log(`  ${line}`);
      },
    });
    if (!outcome.ok) throw new Error(`the synthetic content does not upload: ${outcome.problems.length} problem(s)`);
  } catch (error) {
    refused = (error as Error).message.split('\n').slice(0, 2).join(' ');
  }
  ms.total = performance.now() - started;
  for (const stage of UPLOAD_STAGES) {
    const measure = performance.getEntriesByName(measureName(stage)).at(-1);
    if (measure) ms[stage] = measure.duration;
  }
  const writes = refused ? null : store.requests().byOperation['value write']! - before;
  return { label, ms, writes, refused, progress: lines.filter(isProgressLine) } satisfies Row;
}

/** The search index's build alone, on the entries the folder renders to (from the render cache the publishes filled). */
async function searchBuildMs(dir: string, cacheDir: string): Promise<number> {
  const built = await buildEntries(await loadContentFolder(dir), diskRenderCache(join(cacheDir, 'renders')));
  if (!built.ok) throw new Error('the synthetic content does not build');
  const started = performance.now();
  buildSearchIndexValue(built.entries);
  return performance.now() - started;
}

/** A site of `count` entries: a first publish, then one entry changed and published again. */
async function measureSite(count: number, cards: (cacheDir: string) => Promise<CardMaker | null>) {
  const dir = mkdtempSync(join(tmpdir(), 'race-element-publish-scale-'));
  const kv = await openLocalKv('wrangler.toml', 'CONTENT', join(dir, 'state'));
  try {
    const content = syntheticSite(dir, count);
    const store = countingStore(kvStoreFromBinding(kv.namespace));
    const maker = await cards(dir);
    const first = await publish(`first publish, ${count.toLocaleString('en')} entries`, content, store, dir, maker);
    const changed = join(content, 'synthetic-0002.md');
    writeFileSync(changed, readFileSync(changed, 'utf8').replace(/\n$/, '\n\nOne more sentence, changed for the benchmark.\n'));
    const second = await publish('one entry changed', content, store, dir, maker);
    const tally = formatRequestTally(store.requests()).replace(/Cloudflare API requests?/, 'calls');
    return { first, second, search: await searchBuildMs(content, dir), tally };
  } finally {
    await kv.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

const seconds = (ms: number | undefined) => (ms === undefined ? '–' : (ms / 1000).toFixed(2));
const COLUMNS = ['load files', 'git dates', ...UPLOAD_STAGES, 'total'];

function table(rows: Row[]): string[] {
  const head = `| publish | ${COLUMNS.map((c) => `${c} (s)`).join(' | ')} | KV writes |`;
  return [
    head,
    head.replace(/[^|]+/g, '---'),
    ...rows.map((r) => `| ${r.label} | ${COLUMNS.map((c) => seconds(r.ms[c])).join(' | ')} | ${r.writes ?? `refused: ${r.refused}`} |`),
  ];
}

const entries = Number(args.entries);
const cardEntries = Number(args['card-entries']);
console.log(`Publishing ${entries.toLocaleString('en')} synthetic entries (no cards, no diagrams), then one changed…`);
const big = await measureSite(entries, async () => null);
console.log(`Social cards on ${cardEntries} entries (satori and sharp, a fresh card cache)…`);
const carded = await measureSite(cardEntries, async (dir) => satoriCardMaker(diskCardCache(join(dir, 'cards'))));

/** The cards stage's summary line, its last. */
const cardRate = (row: Row) => row.progress.findLast((line) => line.startsWith('[cards] ')) ?? 'no [cards] line';
console.log('');
for (const line of table([big.first, big.second, carded.first, carded.second])) console.log(line);
console.log('');
console.log(`The plan's time includes the search index's build, ${seconds(big.search)} s of it at ${entries} entries (measured apart).`);
console.log(`Cards drawn: ${cardRate(carded.first)}; from the cache: ${cardRate(carded.second)}.`);
console.log(`KV calls of the local namespace, both publishes at ${entries}: ${big.tally}`);
const oneChange = big.second;
const meets =
  !oneChange.refused && oneChange.ms.total! < ONE_CHANGE_TARGET_MS && oneChange.writes !== null && oneChange.writes <= MAX_WRITES;
console.log(
  `One changed entry at ${entries}: ${seconds(oneChange.ms.total)} s (target < ${ONE_CHANGE_TARGET_MS / 1000} s), ` +
    `${oneChange.writes ?? 'no'} KV writes (target ≤ ${MAX_WRITES}): ${meets ? 'meets' : 'fails'}` +
    (oneChange.refused ? ` (refused: ${oneChange.refused})` : ''),
);
process.exitCode = meets ? 0 : 1;
