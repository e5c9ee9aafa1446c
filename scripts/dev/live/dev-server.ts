/**
 * `npm start`'s server: the built Worker in workerd behind a Workers Cache stand-in, content/ published at start and on
 * each save, open pages told. I/O: starts workerd, listens, watches a folder, writes the local KV (docs/publishing.md).
 */
import { statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { DEFAULT_PREVIEW_DAYS, LOCAL_PREVIEW_SECRET } from '../../../contracts/preview-token.ts';
import { startLocalWorker } from '../../../tools/local-worker.ts';
import type { RenderCache } from '../../content/build/build-entries.ts';
import { rememberedCache } from '../../content/build/remembered-cache.ts';
import { diskRenderCache } from '../../content/build/render-cache.ts';
import type { CardMaker } from '../../content/cards/build-cards.ts';
import { diskCardCache } from '../../content/cards/card-cache.ts';
import { satoriCardMaker } from '../../content/cards/card-render.ts';
import { browserDiagramDrawer, type DiagramDrawer } from '../../content/diagrams/diagram-browser.ts';
import { renderMarkdown } from '../../content/markdown/render-markdown.ts';
import { LOCAL_PUBLISH_SECRET, takePublishLock } from '../../content/publish/publish-lock.ts';
import { localNamespaceId, WRANGLER_STATE } from '../../local-kv.ts';
import { type DevEdge, startDevEdge, throughEdge } from './dev-edge.ts';
import { claimLocalState, linkOrigin } from './dev-origin.ts';
import { forward } from './forward.ts';
import { liveChannel } from './live-channel.ts';
import { liveClientScript } from './live-client.ts';
import { MAX_HEAD_BYTES, onNodeRefusal } from './node-refusals.ts';
import { contentPublisher } from './republish.ts';
import { saveQueue } from './save-queue.ts';
import { watchContent } from './watch-content.ts';

export const LIVE_SCRIPT_PATH = '/__dev/live.js';
export const LIVE_CHANNEL_PATH = '/__dev/live';

/** Editors write a save as several events within a few milliseconds; this much quiet ends one. */
const QUIET_MS = 40;

export interface DevServerOptions {
  contentDir: string;
  /** 0: any free port. */
  port: number;
  host: string;
  /** Where the bindings' state lives (default .wrangler/state, as `wrangler dev`). */
  persistTo?: string;
  log?: (line: string) => void;
  /** Renders kept between runs (default: the upload's, node_modules/.cache). */
  renderCache?: RenderCache;
  /** Draws diagrams (default: a browser found on this machine, started on the first diagram); null leaves them to the browser. */
  diagrams?: DiagramDrawer | null;
  /** Draws social cards (default: the upload's, satori and sharp with its disk cache); null: none. */
  cards?: CardMaker | null;
  /** Copy images from other hosts into the content folder's media/remote/, as `npm run upload` does (default true). */
  imageCopies?: boolean;
  /** Pass GET and HEAD through a stand-in for Workers Cache, emptied after each publish (default true). */
  edgeCache?: boolean;
}

export interface DevServer {
  url: URL;
  /** Resolves once every save so far is published (or refused). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function startDevServer({
  contentDir,
  port,
  host,
  persistTo = WRANGLER_STATE,
  log = console.log,
  renderCache = diskRenderCache(),
  diagrams = browserDiagramDrawer(),
  cards,
  imageCopies = true,
  edgeCache = true,
}: DevServerOptions): Promise<DevServer> {
  if (!statSync(contentDir, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`${contentDir} is not a folder: nothing to publish`);
  const state = claimLocalState(persistTo, 'npm start');
  if (!('release' in state))
    throw new Error(
      `${state.by === 'upload' ? 'an upload' : 'npm start'} (pid ${state.pid}) runs the local Worker on ${persistTo}${state.origin ? ` at ${state.origin}` : ''}: start again when it ends`,
    );
  // PUBLISH_SECRET: its saves and `npm run upload` publish under the publish lock of this Worker, whose purges reach
  // the cache in front (none again later: the local KV has no delay to wait out).
  let edge: DevEdge | null = null;
  const bindings = { MANIFEST_TTL_SECONDS: '0', PUBLISH_SECRET: LOCAL_PUBLISH_SECRET, PURGE_AGAIN_SECONDS: '' };
  const edgePurge = async (request: Request) => (edge ? edge.purgeRequest(request) : Response.json({ success: true, errors: [] }));
  const worker = await startLocalWorker({ persistTo, bindings, edgePurge }).catch((error: unknown) => {
    state.release();
    throw error;
  });
  const closers: (() => unknown)[] = [() => state.release(), () => diagrams?.close(), () => worker.dispose()];
  /** Stops everything started, last first; one part failing to stop does not keep the others running. */
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) {
      try {
        await closer();
      } catch (error) {
        log(`npm start: stopping: ${(error as Error).message}`);
      }
    }
  };
  try {
    // workerd's own socket: requests go there as they came (through the cache when it takes them), the Worker decides.
    const upstream = { hostname: worker.url.hostname, port: Number(worker.url.port) };
    const started = edgeCache ? await startDevEdge(upstream) : null;
    edge = started;
    if (started) closers.push(() => started.close());
    let publisher: Awaited<ReturnType<typeof contentPublisher>> | undefined;
    const server = createServer({ maxHeaderSize: MAX_HEAD_BYTES }, (request, response) => {
      try {
        const [path, query = ''] = (request.url ?? '/').split('?');
        if (path === LIVE_SCRIPT_PATH) {
          const served = Number(new URLSearchParams(query).get('version'));
          response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
          response.end(liveClientScript(LIVE_CHANNEL_PATH, Number.isInteger(served) && served > 0 ? served : undefined));
        } else
          forward(request, response, {
            upstream: edge && throughEdge(request) ? edge.upstream : upstream,
            // The version being served as the page is: a publish before the page connects is not missed.
            scriptTag: () => `<script src="${LIVE_SCRIPT_PATH}?version=${publisher?.state().version ?? ''}" async></script>`,
            log,
          });
      } catch (error) {
        // One request can never end the process.
        log(`${request.method} ${request.url?.slice(0, 200)} failed in the dev server: ${(error as Error).stack ?? error}`);
        if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        response.end('The dev server failed on this request; its terminal says why.\n');
      }
    });
    server.on('clientError', (error, socket) => onNodeRefusal(error, socket, upstream, log));
    const channel = liveChannel({ version: null, problems: [], moved: {} });
    server.on('upgrade', (request, socket, head) => {
      if ((request.url ?? '/').split('?')[0] === LIVE_CHANNEL_PATH) channel.upgrade(request, socket, head);
      else socket.destroy();
    });
    closers.push(
      () =>
        new Promise((closed) => {
          server.close(closed);
          server.closeAllConnections();
        }),
      () => channel.close(),
    );
    await new Promise<void>((listening, failed) => {
      server.once('error', failed);
      server.listen(port, host, () => listening());
    });
    // Once listening, a server error (too many open files, say) is logged: it ends no process.
    server.on('error', (error) => log(`npm start: the HTTP server: ${error.message}`));
    const address = server.address() as AddressInfo;
    const url = new URL(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}`);
    // Drafts' links name this server, in its publishes and in `npm run upload`'s while it runs.
    const origin = linkOrigin(host, address.port);
    state.record(origin);

    publisher = await contentPublisher({
      contentDir: resolve(contentDir),
      store: worker.store,
      log,
      // In memory too: a save then reads no cached render from disk.
      renderCache: rememberedCache(renderCache),
      diagrams,
      // One for the session, its cards in memory too: the fonts are read once, and a save reads no card from disk.
      cards: cards === undefined ? await satoriCardMaker(rememberedCache(diskCardCache())) : cards,
      preview: { origin, secret: LOCAL_PREVIEW_SECRET, days: DEFAULT_PREVIEW_DAYS },
      lock: () => takePublishLock({ origin: worker.url.href, secret: LOCAL_PUBLISH_SECRET, namespace: localNamespaceId() }),
      imageCopies,
    });
    const ready = publisher;
    // Watched from before the first publish, so that a save during it (a cold start renders every
    // file) is not missed; its republish waits for the first to end.
    let first: Promise<unknown> | undefined;
    const queue = saveQueue({
      quietMs: QUIET_MS,
      run: async (paths) => {
        await first;
        const published = await ready.publish(paths);
        // Before the open pages are told: the page they fetch again is the one just published.
        edge?.purge();
        channel.send(published);
      },
    });
    const watcher = watchContent(contentDir, queue.saved, (error) => log(`npm start: watching ${contentDir} stopped: ${error.message}`));
    closers.push(
      () => queue.settled(),
      () => queue.close(),
      () => watcher.close(),
    );
    log(`Serving ${url.href}; publishing ${resolve(contentDir)} to the local state (${persistTo})…`);
    first = ready.publish().then((state) => {
      edge?.purge();
      channel.send(state);
    });
    await first;
    // A first publish from the render cache renders nothing, so the highlighter (shiki, half a
    // second to load) would load on the first save: load it now, while the author reads.
    void renderMarkdown('```json\n{}\n```').catch(() => {});
    return { url, settled: () => queue.settled(), close };
  } catch (error) {
    await close();
    throw error;
  }
}
