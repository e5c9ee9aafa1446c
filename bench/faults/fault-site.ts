/**
 * One site under faults: the built Worker in workerd behind the stand-in for Workers Cache (its purge limits enforced),
 * the namespace the upload writes shown to the Worker after a lag, the real upload, and a visitor's probe of every page.
 * I/O: workerd, KV, timers.
 */
import { MANIFEST_KEY } from '../../contracts/kv-keys.ts';
import type { PurgeAnswer } from '../../contracts/publish-lock.ts';
import { articlePath, pageApiPath } from '../../contracts/routes.ts';
import { type KvStore, withBulkOperations } from '../../scripts/content/kv/kv-store.ts';
import { takePublishLock } from '../../scripts/content/publish/publish-lock.ts';
import { requestPurge } from '../../scripts/content/publish/purge.ts';
import { uploadContent } from '../../scripts/content/publish/upload.ts';
import type { ContentFolder } from '../../scripts/content/source/load-content.ts';
import { createEdgeNetwork, type EdgeNetwork } from '../../tools/edge-cache/edge-network.ts';
import { httpOrigin } from '../../tools/edge-cache/edge-server.ts';
import { laggingKv } from '../../tools/lagging-kv.ts';
import { type LocalWorker, startLocalWorker } from '../../tools/local-worker.ts';
import { syntheticContent, syntheticFile } from '../../tools/synthetic-content.ts';

const SECRET = 'bench-faults-publish-secret';
const NAMESPACE = 'bench-faults';
/** Articles of the site: each edition stamps every one, so every page that shows or lists one says its edition. */
const ARTICLES = 6;

/** Where a stopped upload stops: its next step never returns, as a killed process's (nothing after it runs). */
export type StopPoint = 'after-entries' | 'after-manifest' | 'after-purge-request';

/** Faults the harness injects into the namespace as the upload sees it. */
export interface StoreFaults {
  /** Every write throws as a failing KV API answer does. */
  failWrites: boolean;
  /** The upload stops there (a kill). */
  stopAt: StopPoint | null;
  /** Milliseconds the Worker's view of KV lags the upload's writes (Workers KV documents up to 60 s). */
  lagMs: number;
}

export interface PublishResult {
  ok: boolean;
  /** Every line the upload printed, its error's message last. */
  lines: string[];
  /** Resolved when the upload ended; a stopped one never ends. */
  stopped: boolean;
}

/** The word every page that shows or lists an article of edition `n` holds (no edition's is part of another's). */
export const editionMark = (n: number): string => `ed${n}x`;
const WORDS: [number, number] = [60, 90];

/** Content of `edition`: the same articles, each saying its edition in its title. */
export function edition(n: number): ContentFolder {
  const site = syntheticContent(ARTICLES, { words: WORDS });
  const stamp = (source: string) => source.replace(/^title: "(.*)"$/m, `title: "$1 ${editionMark(n)}"`);
  return { ...site, files: site.files.map((file) => ({ ...file, source: stamp(file.source) })) };
}

/** A namespace in memory: what the KV API serves the upload. */
function memoryStore(): KvStore {
  const values = new Map<string, string>();
  return withBulkOperations({
    get: async (key) => values.get(key) ?? null,
    put: async (key, value) => void values.set(key, typeof value === 'string' ? value : Buffer.from(value).toString()),
    delete: async (key) => void values.delete(key),
    listKeys: async (prefix) => [...values.keys()].filter((key) => key.startsWith(prefix)).sort(),
  });
}

const never = new Promise<never>(() => {});
const injected = () => Object.assign(new Error('KV PUT failed: 500 injected by the fault bench'), { notApplied: true });

/** The upload's store: the lagging namespace with the faults of `faults` applied; `stopped` is told where an upload stops. */
function faultyStore(inner: KvStore, faults: StoreFaults, stopped: () => void): KvStore {
  const stopHere = async (point: StopPoint) => {
    if (faults.stopAt !== point) return;
    stopped();
    await never;
  };
  return {
    ...inner,
    async put(key, value) {
      if (faults.failWrites) throw injected();
      await inner.put(key, value);
      if (key === MANIFEST_KEY) await stopHere('after-manifest');
    },
    async putMany(pairs) {
      if (faults.failWrites) throw injected();
      await inner.putMany(pairs);
      await stopHere('after-entries');
    },
    async deleteMany(keys) {
      await stopHere('after-purge-request');
      await inner.deleteMany(keys);
    },
  };
}

export interface FaultSite {
  network: EdgeNetwork;
  worker: LocalWorker;
  faults: StoreFaults;
  /** The namespace as the API holds it (writes land here first). */
  central: KvStore;
  /** Publishes `edition(n)` through the real upload, under the Worker's publish lock. */
  publish(n: number): Promise<PublishResult>;
  /** Paths whose answer through the cache does not show edition `n`, or is not a whole 200 page. */
  stale(n: number): Promise<string[]>;
  /** The Worker's purge queue, as the purge route answers with no tags. */
  queue(): Promise<PurgeAnswer>;
  /** Resolves once the Worker's view of KV holds every write made so far. */
  replicated(): Promise<void>;
  close(): Promise<void>;
}

/** The paths a visitor reads: every page that shows or lists an article, an article's page data, and the feed. */
function probedPaths(): string[] {
  const articles = Array.from({ length: ARTICLES }, (_, i) => {
    const slug = /^slug: (.+)$/m.exec(syntheticFile(i, { words: WORDS }).source)![1]!;
    return articlePath(i % 2 === 0 ? 'news' : 'guide', slug);
  });
  return ['/', '/news', '/guide', '/news/feed.xml', ...articles, pageApiPath(articles[0]!)];
}

export async function startFaultSite({ brokenAnalytics = false } = {}): Promise<FaultSite> {
  const faults: StoreFaults = { failWrites: false, stopAt: null, lagMs: 0 };
  let network: EdgeNetwork | undefined;
  const worker = await startLocalWorker({
    listen: true,
    assetsDir: null,
    brokenAnalytics,
    bindings: { PUBLISH_SECRET: SECRET },
    edgePurge: (request) => network!.purgeRequest(request),
  });
  network = createEdgeNetwork({ origin: httpOrigin({ hostname: worker.url.hostname, port: Number(worker.url.port) }) });
  const central = memoryStore();
  const lagging = laggingKv(central, [{ store: worker.store, lagMs: () => faults.lagMs }]);
  let stopped = () => {};
  const store = faultyStore(lagging.store, faults, () => stopped());
  const visitor = network.dataCentre('visitor');
  const address = { origin: worker.url.origin, secret: SECRET };
  const paths = probedPaths();

  const site: FaultSite = {
    network,
    worker,
    faults,
    central,
    async publish(n) {
      const lines: string[] = [];
      const lock = () => takePublishLock({ ...address, namespace: NAMESPACE });
      const upload = uploadContent({ content: edition(n), store, lock, cards: null, diagrams: null, log: (line) => lines.push(line) })
        .then((outcome) => ({ ok: outcome.ok, lines, stopped: false }))
        .catch((error: Error) => ({ ok: false, lines: [...lines, error.message], stopped: false }));
      // A stopped upload is left hanging, as a killed process: its caller goes on once it reached the stop.
      const stop = new Promise<PublishResult>((resolve) => {
        stopped = () => resolve({ ok: false, lines, stopped: true });
      });
      return Promise.race([upload, stop]);
    },
    async stale(n) {
      const marker = editionMark(n);
      const answers = await Promise.all(
        paths.map(async (path) => {
          const response = await visitor.fetch(new Request(new URL(path, worker.url)));
          const body = await response.text();
          return response.status === 200 && body.includes(marker) ? null : path;
        }),
      );
      return answers.filter((path) => path !== null);
    },
    queue: () => requestPurge({ ...address, namespace: NAMESPACE }, null, [], () => {}, true),
    replicated: () => lagging.replicated(),
    async close() {
      await network!.settled();
      await worker.dispose();
    },
  };
  return site;
}
