/** One upload for command line, tests and bench: read, copy, build, draw, plan, publish live or as a preview. I/O: folder, hosts, KV. */
import { type BuildResult, buildEntries, type RenderCache } from '../build/build-entries.ts';
import { readPreviousSearch } from '../build/build-search.ts';
import { type CopyOptions, copyRemoteImages } from '../build/copy-remote-images.ts';
import { buildCards, type CardMaker } from '../cards/build-cards.ts';
import { diskCardCache } from '../cards/card-cache.ts';
import { satoriCardMaker } from '../cards/card-render.ts';
import { browserDiagramDrawer, type DiagramDrawer } from '../diagrams/diagram-browser.ts';
import { formatRequestTally, type KvStore } from '../kv/kv-store.ts';
import { readContentKeys, readLiveManifest } from '../kv/stored-records.ts';
import { draftLines, type PreviewOptions } from '../previews/preview-links.ts';
import { type PreviewOutcome, publishPreview } from '../previews/preview-upload.ts';
import { previewWindow, readPreviews, withPreviews } from '../previews/previews.ts';
import { measured } from '../progress.ts';
import { type ContentFolder, loadContentFolder } from '../source/load-content.ts';
import { type ContentProblem, formatProblem, formatWarning } from '../source/problems.ts';
import { formatScheduled, scheduledAt } from '../source/schedule.ts';
import { DEFAULT_KEEP_VERSIONS, type MadeBy, readHistory, withHistory } from './history.ts';
import { planBuilt, type UploadPlan } from './plan-upload.ts';
import { NOT_PURGED, type Purged, publishPlan } from './publish.ts';
import { live, stage } from './publish-error.ts';
import { machineUser, type TakeLock, withPublishLock } from './publish-lock.ts';
import { planLines, summaryLine } from './upload-report.ts';

export interface UploadOptions {
  content: string | ContentFolder;
  store: KvStore;
  dryRun?: boolean;
  log?: (line: string) => void;
  now?: string;
  /** Renders kept from earlier uploads (render-cache.ts): unchanged entries are not rendered again. */
  renderCache?: RenderCache;
  /** Warnings (what sanitising removed) stop the upload like problems. */
  strict?: boolean;
  /** How drafts' (and a whole-site preview's) links are signed; without it, drafts are listed without links. */
  preview?: PreviewOptions;
  /** Publishes a whole-site preview of this name (contracts/site-preview.ts) instead of the live site: needs `preview`'s secret. */
  previewName?: string;
  /** Versions made by an upload or a rollback that are kept, with their keys (history.ts; default 10). */
  keepVersions?: number;
  /** Who publishes, for the history: `npm start`'s saves are kept apart from uploads (history.ts). */
  madeBy?: Exclude<MadeBy, 'rollback'>;
  /** Draws mermaid diagrams (default: a browser found here, diagram-browser.ts); `null`, or none found, leaves them to the visitor's. */
  diagrams?: DiagramDrawer | null;
  /** Draws social cards (default: satori and sharp with the disk cache, card-cache.ts); `null`: none, pages name the site card. */
  cards?: CardMaker | null;
  /** Takes the publish lock (publish-lock.ts); without it the caller is the store's only writer (a test's, the benchmark's). */
  lock?: TakeLock | undefined;
  /** Images from other hosts first copied into the folder's media/remote/ (copy-remote-images.ts); absent or false: none. */
  remoteImages?: Omit<CopyOptions, 'log' | 'write'> | false;
}

export type UploadOutcome =
  | ({
      ok: true;
      plan: UploadPlan;
      entriesWritten: number;
      entriesUnchanged: number;
      deleted: number;
      preview?: PreviewOutcome;
    } & Purged)
  | { ok: false; problems: ContentProblem[] };

export async function uploadContent({
  content,
  store,
  dryRun = false,
  log = () => {},
  now = new Date().toISOString(),
  renderCache,
  strict = false,
  preview,
  previewName,
  keepVersions = DEFAULT_KEEP_VERSIONS,
  madeBy = 'upload',
  diagrams,
  cards: cardMaker,
  lock: takeLock,
  remoteImages = false,
}: UploadOptions): Promise<UploadOutcome> {
  const previewLink = previewName === undefined ? null : previewSigning(preview, dryRun);
  const folder = typeof content === 'string' ? await loadContentFolder(content) : content;
  const logTally = (tally = store.requests?.()) => tally && log(formatRequestTally(tally));
  const refuse = (problems: ContentProblem[]): UploadOutcome => {
    for (const problem of problems) log(formatProblem(problem));
    log(`${problems.length} problem(s) found: nothing was written.`);
    logTally();
    return { ok: false, problems };
  };
  const copyWarnings =
    folder.dir !== undefined && remoteImages
      ? (await copyRemoteImages(folder.dir, folder, { ...remoteImages, log, write: !dryRun })).warnings
      : [];
  // Read only to tell which of two files sharing a slug is the new one, when two do; the plan
  // reads the manifest under the lock.
  const unread = () => live.nothingPublished(undefined);
  const lastGood = async () => (await readHistory(store))[0]?.manifest ?? null;
  const liveManifest = (say: (line: string) => void) => readLiveManifest(store, lastGood, say);
  const published = async () => new Map((await stage(unread, () => liveManifest(() => {})))?.entries.map((e) => [e.file, e.slug]));
  const drawer = diagrams === undefined ? browserDiagramDrawer() : diagrams;
  let built: BuildResult;
  try {
    built = await buildEntries(folder, renderCache, { published, strict, diagrams: drawer, log });
  } finally {
    // Only a drawer made here is closed here.
    if (diagrams === undefined) await drawer?.close();
  }
  const strictCopies = strict ? copyWarnings.map((w) => ({ ...w, reason: `${w.reason} (--strict)` })) : [];
  if (!built.ok || strictCopies.length > 0) return refuse([...strictCopies, ...(built.ok ? [] : built.problems)]);
  // Drawn before the lock is taken, which other uploads then wait for: a first upload's drawings take seconds.
  const maker = cardMaker === undefined ? await satoriCardMaker(diskCardCache()) : cardMaker;
  const cards = maker ? await buildCards([...built.entries, ...built.drafts], maker, log) : null;
  built = { ...built, warnings: [...copyWarnings, ...built.warnings] };
  for (const warning of built.warnings) log(formatWarning(warning));
  if (built.clientDiagrams.length > 0) {
    const why =
      diagrams === null
        ? 'diagrams are not drawn at upload (--client-diagrams)'
        : 'no browser found to draw diagrams (Chromium, Chrome or Edge; CHROMIUM_PATH names one)';
    log(`${why}: the diagrams of ${built.clientDiagrams.join(', ')} are drawn by the visitor's browser`);
  }

  // Held from before the manifest is read until the clean-up is done (publish-lock.ts).
  const outcome = await withPublishLock(dryRun ? null : (takeLock ?? null), log, async (lock): Promise<UploadOutcome> => {
    if (previewName !== undefined && previewLink) {
      const published = await publishPreview({ built, cards, store, name: previewName, link: previewLink, keep: keepVersions, now, log });
      return succeeded(published.plan, published.preview);
    }
    let served: number | null | undefined;
    // Independent reads, made side by side: each is a round trip to KV.
    const [previous, existingKeys, records, previews] = await stage(
      () => live.nothingPublished(served),
      () =>
        measured('KV reads', () =>
          Promise.all([
            liveManifest(log).then((manifest) => {
              served = manifest?.version ?? null;
              return manifest;
            }),
            readContentKeys(store),
            readHistory(store),
            readPreviews(store),
          ]),
        ),
    );
    const previousSearch = await readPreviousSearch(store, previous?.search ?? null);
    const planned = await measured('plan', () => planBuilt(built, cards, { previous, existingKeys, now, previousSearch }));
    // Kept versions' and kept previews' keys survive the clean-up.
    const plan = withPreviews(
      withHistory({ plan: planned, previous, records, keep: keepVersions, by: machineUser(), madeBy }),
      previewWindow(previews, keepVersions, now),
    );
    for (const line of planLines(plan, dryRun, cards?.drawn ?? null)) log(line);
    for (const entry of scheduledAt(plan.manifest.entries, now)) log(formatScheduled(entry));
    if (preview) for (const line of await draftLines(plan.manifest.drafts, preview, new Date(now))) log(line);
    else for (const d of plan.drafts) log(`draft     ${d.file} → ${d.slug} (not public)`);
    const purged = dryRun ? NOT_PURGED : await publishPlan(store, plan, lock, log);
    log(summaryLine(plan, dryRun, built.warnings.length));
    return succeeded(plan, undefined, purged);
  });
  logTally();
  return outcome;
}

/** A whole-site preview's link is signed like drafts' links: without a secret there is no preview to give. */
function previewSigning(preview: PreviewOptions | undefined, dryRun: boolean): PreviewOptions & { secret: string } {
  if (dryRun) throw new Error('a whole-site preview has no dry run: drop --dry-run, or --preview for a dry run of the live upload');
  if (!preview?.secret)
    throw new Error(`a whole-site preview needs its link signed: ${preview?.missingSecret ?? 'no PREVIEW_SECRET'}. Nothing was written.`);
  return { ...preview, secret: preview.secret };
}

function succeeded(plan: UploadPlan, preview?: PreviewOutcome, purged = NOT_PURGED): UploadOutcome {
  const entriesWritten = plan.entries.filter((e) => e.status === 'written').length;
  const counts = { entriesWritten, entriesUnchanged: plan.entries.length - entriesWritten, deleted: plan.deletes.length };
  return { ok: true, plan, ...counts, ...purged, ...(preview ? { preview } : {}) };
}
