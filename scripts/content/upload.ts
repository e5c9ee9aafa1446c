/**
 * One upload, start to finish: read the folder, validate and render everything, plan against
 * what KV holds, then publish (unless dry-run). Used by the command line, the tests and the
 * benchmark alike. Progress and the summary go through `log`, one line each.
 */
import { MANIFEST_KEY, manifestSchema, parseStored, type Manifest } from '../../worker/kv-schema.ts';
import { buildEntries, type RenderCache } from './build-entries.ts';
import { browserDiagramDrawer, type DiagramDrawer } from './diagram-browser.ts';
import { buildSearchIndexValue } from './build-search-index.ts';
import type { KvStore } from './kv-store.ts';
import { loadContentFolder, type ContentFolder } from './load-content.ts';
import { planUpload, type UploadPlan } from './plan-upload.ts';
import { formatProblem, type ContentProblem } from './problems.ts';
import { publishPlan } from './publish.ts';
import { acquireUploadLock, type UploadLock } from './upload-lock.ts';
import { RENDERER_VERSION } from './render-markdown.ts';

export interface UploadOptions {
  /** A folder to read, or content already in memory. */
  content: string | ContentFolder;
  store: KvStore;
  dryRun?: boolean;
  log?: (line: string) => void;
  /** The upload's time; defaults to now. */
  now?: string;
  /** Renders kept from earlier uploads (render-cache.ts): unchanged entries are not rendered again. */
  renderCache?: RenderCache;
  /**
   * Draws mermaid diagrams into the entries. By default a browser is looked for (Chromium,
   * Chrome or Edge: diagram-browser.ts); `null`, or no browser found, leaves them to the
   * visitor's browser, as the log then says.
   */
  diagrams?: DiagramDrawer | null;
}

export type UploadOutcome =
  | { ok: true; plan: UploadPlan; entriesWritten: number; entriesUnchanged: number; deleted: number }
  | { ok: false; problems: ContentProblem[] };

export async function uploadContent({ content, store, dryRun = false, log = () => {}, now = new Date().toISOString(), renderCache, diagrams }: UploadOptions): Promise<UploadOutcome> {
  const folder = typeof content === 'string' ? await loadContentFolder(content) : content;
  const drawer = diagrams === undefined ? browserDiagramDrawer() : diagrams;
  let built;
  try {
    built = await buildEntries(folder, renderCache, drawer);
  } finally {
    // Only a drawer made here is closed here.
    if (diagrams === undefined) await drawer?.close();
  }
  if (!built.ok) {
    for (const problem of built.problems) log(formatProblem(problem));
    log(`${built.problems.length} problem(s) found: nothing was written.`);
    return { ok: false, problems: built.problems };
  }
  for (const file of built.skippedDrafts) log(`draft     ${file} (skipped)`);
  if (built.clientDiagrams.length > 0) {
    const why = diagrams === null ? 'diagrams are not drawn at upload (--client-diagrams)' : 'no browser found to draw diagrams (Chromium, Chrome or Edge; CHROMIUM_PATH names one)';
    log(`${why}: the diagrams of ${built.clientDiagrams.join(', ')} are drawn by the visitor's browser`);
  }

  // Held from before the manifest is read until the clean-up is done (upload-lock.ts).
  const lock = dryRun ? null : await acquireUploadLock(store, now);
  try {
    return await planAndPublish(built, store, dryRun, log, now, lock);
  } finally {
    await lock?.release();
  }
}

async function planAndPublish(
  built: Extract<Awaited<ReturnType<typeof buildEntries>>, { ok: true }>,
  store: KvStore,
  dryRun: boolean,
  log: (line: string) => void,
  now: string,
  lock: UploadLock | null,
): Promise<UploadOutcome> {
  const previous = await readManifest(store);
  const existingKeys = new Set(
    (await Promise.all(['entry/', 'sample/', 'search/'].map((prefix) => store.listKeys(prefix)))).flat(),
  );
  const search = buildSearchIndexValue(built.entries);
  const plan = planUpload({ entries: built.entries, samples: built.samples, search, previous, existingKeys, renderer: RENDERER_VERSION, now });

  for (const e of plan.entries) log(`${e.status.padEnd(9)} ${e.file} → ${e.slug}`);
  for (const s of plan.samples) log(`${s.status.padEnd(9)} samples/${s.path}`);

  if (!dryRun) {
    await publishPlan(
      store,
      plan,
      (step) => {
        if (step.kind === 'cleanup-skipped') log(`clean-up skipped: ${step.reason}`);
      },
      lock ?? undefined,
    );
  }

  const entriesWritten = plan.entries.filter((e) => e.status === 'written').length;
  const entriesUnchanged = plan.entries.length - entriesWritten;
  const verb = dryRun ? 'would write' : 'wrote';
  const manifestNote = plan.manifestChanged ? `manifest v${plan.manifest.version}` : 'manifest unchanged';
  log(
    `${dryRun ? 'Dry run: ' : ''}${plan.entries.length} entries: ${verb} ${entriesWritten}, ${entriesUnchanged} unchanged; ` +
      `${plan.samples.length} samples; ${manifestNote}; ${dryRun ? 'would delete' : 'deleted'} ${plan.deletes.length} stale key(s).`,
  );
  return { ok: true, plan, entriesWritten, entriesUnchanged, deleted: plan.deletes.length };
}

async function readManifest(store: KvStore): Promise<Manifest | null> {
  const raw = await store.get(MANIFEST_KEY);
  return raw === null ? null : parseStored(manifestSchema, raw, 'the manifest in KV');
}
