/**
 * Publishes the content folder to the dev server's KV through the upload's own pipeline (scripts/content/publish/upload.ts).
 * Prints what a save changed. I/O: reads the folder, reads and writes KV, logs.
 */
import type { Manifest } from '../../../contracts/kv-values.ts';
import type { RenderCache } from '../../content/build/build-entries.ts';
import type { CardMaker } from '../../content/cards/build-cards.ts';
import type { DiagramDrawer } from '../../content/diagrams/diagram-browser.ts';
import type { KvStore } from '../../content/kv/kv-store.ts';
import { readManifest } from '../../content/kv/stored-records.ts';
import type { PreviewOptions } from '../../content/previews/preview-links.ts';
import { isProgressLine } from '../../content/progress.ts';
import type { TakeLock } from '../../content/publish/publish-lock.ts';
import { uploadContent } from '../../content/publish/upload.ts';
import { loadContentFolder } from '../../content/source/load-content.ts';
import { formatProblem } from '../../content/source/problems.ts';
import { sessionImageFetches } from './image-fetches.ts';
import { type LiveState, movedPaths } from './live-state.ts';
import { firstPublishLines, saveLines, warningLines } from './publish-lines.ts';
import { sessionLastEdits } from './session-edits.ts';

export interface PublisherOptions {
  contentDir: string;
  store: KvStore;
  log: (line: string) => void;
  renderCache?: RenderCache;
  /** Draws mermaid diagrams (kept open across saves); null leaves them to the browser. */
  diagrams: DiagramDrawer | null;
  /** Draws social cards (one for the session); null: none. */
  cards: CardMaker | null;
  preview?: PreviewOptions;
  /** The local Worker's publish lock: an `npm run upload` at the same time waits its turn or is refused. */
  lock?: TakeLock;
  /** Copy images from other hosts into the folder's media/remote/, as `npm run upload` does (default true). */
  imageCopies?: boolean;
}

export interface ContentPublisher {
  /** Publishes the folder; `changed` names the paths that made it (none: the first publish). */
  publish(changed?: readonly string[]): Promise<LiveState>;
  /** Where things stand after the last publish. */
  state(): LiveState;
}

export async function contentPublisher({
  contentDir,
  store,
  log,
  renderCache,
  diagrams,
  cards,
  preview,
  lock,
  imageCopies = true,
}: PublisherOptions): Promise<ContentPublisher> {
  let served: Manifest | null = await readManifest(store);
  let state: LiveState = { version: served?.version ?? null, problems: [], moved: {} };
  const edits = sessionLastEdits();
  const images = sessionImageFetches();
  // The last publish's warning lines: a save does not repeat those of files it did not touch.
  let warned = new Set<string>();

  return {
    state: () => state,
    async publish(changed) {
      const first = changed === undefined;
      const started = performance.now();
      if (!first) log(`${changed.length > 0 ? changed.join(', ') : 'content'} changed: publishing ${contentDir}…`);
      const problems: string[] = [];
      const lines: string[] = [];
      let news = false;
      try {
        const content = await loadContentFolder(contentDir, edits.read);
        images.touched(changed ?? []);
        const outcome = await uploadContent({
          content,
          store,
          renderCache,
          diagrams,
          cards,
          preview,
          madeBy: 'npm start',
          ...(lock ? { lock } : {}),
          remoteImages: imageCopies && { fetchImage: images.fetchImage },
          // Progress as it comes (a first publish of thousands of entries takes minutes); the rest once it is done.
          log: (line) => (isProgressLine(line) ? log(line) : lines.push(line)),
        });
        if (outcome.ok) {
          const manifest = outcome.plan.manifest;
          news = outcome.plan.manifestChanged;
          state = { version: manifest.version, problems: [], moved: movedPaths(served, manifest) };
          served = manifest;
          for (const line of first ? firstPublishLines(lines) : saveLines(lines, changed, warned)) log(line);
          warned = warningLines(lines);
        } else {
          problems.push(...outcome.problems.map(formatProblem));
          for (const line of lines) if (!line.startsWith('unchanged ')) log(line);
        }
      } catch (error) {
        for (const line of lines) log(line);
        // Another upload holding the lock, KV failing: the upload's message, as it would print it.
        const message = `upload-content: stopped: ${(error as Error).message}`;
        log(message);
        problems.push(message);
      }
      const ms = Math.round(performance.now() - started);
      // git is asked again now, while the author reads, not on the way of the next save.
      edits.refresh(contentDir);
      if (problems.length > 0) {
        state = { version: state.version, problems, moved: {} };
        const still = state.version === null ? 'nothing is published yet' : `the site still serves version ${state.version}`;
        log(`Not published (${ms} ms): ${still}; the open pages show the problem.`);
      } else
        log(
          news ? `Published version ${state.version} in ${ms} ms.` : `Nothing new to publish (${ms} ms): version ${state.version} stays.`,
        );
      return state;
    },
  };
}
