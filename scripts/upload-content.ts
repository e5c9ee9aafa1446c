/**
 * `npm run upload`: publishes content/ to Workers KV (`-- --help` lists the options; docs/publishing.md). Exit 0 on
 * success, 1 when content, the lock or KV stops it or --verify finds a problem, 2 on bad usage. `uploadCommand` runs
 * it on the environment and output it is given, so that tests can run it in their own process.
 */
import { resolve } from 'node:path';
import type { KvStore } from './content/kv/kv-store.ts';
import type { TakeLock } from './content/publish/publish-lock.ts';
import { type RunReport, writeGithubReport } from './github/upload-report.ts';
import { parseUploadArgs, usage } from './upload-cli.ts';
import { openLocal, openRemote, previewOptions, remoteWorker, siteUrl, type Target } from './upload-target.ts';

/** Where one run reads its environment and writes its lines. */
export interface CommandIo {
  env: NodeJS.ProcessEnv;
  log(line: string): void;
  error(line: string): void;
}

/** One run: its output, and what it tells a GitHub Actions job at the end (github/upload-report.ts), set as it goes. */
interface Run extends CommandIo {
  command: RunReport['command'];
  report?: RunReport;
}

const failed = (run: Run, reason: string) => {
  run.report = { ok: false, command: run.command, reason };
};

/** `npm run upload <argv>`: its exit code, once its report to a GitHub Actions job is written. */
export async function uploadCommand(argv: string[], io: CommandIo): Promise<number> {
  const run: Run = { ...io, command: 'read' };
  let code: number;
  try {
    code = await main(run, argv);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.error(`upload-content: ${message}`);
    failed(run, message);
    code = 1;
  }
  if (run.report) writeGithubReport(run.report, io.env);
  return code;
}

async function main(run: Run, argv: string[]): Promise<number> {
  const { env, log } = run;
  const parsed = parseUploadArgs(argv);
  if (!parsed.ok) {
    run.error(`upload-content: ${parsed.error}`);
    return 2;
  }
  const { args, keep, rollbackTo } = parsed;
  if (args.help) {
    log(usage());
    return 0;
  }
  // Imported once the command line is known good: the pipeline (shiki), Wrangler and Miniflare
  // take seconds to load, which --help and a mistyped option should not wait for.
  const [
    { diskRenderCache },
    { uploadContent },
    { verifyPublished },
    { formatHistory, keptHistory, keptWording, readHistory },
    { rollback },
    { readManifest },
    { formatPreviews, readPreviews },
    { removePreview },
  ] = await Promise.all([
    import('./content/build/render-cache.ts'),
    import('./content/publish/upload.ts'),
    import('./content/publish/verify.ts'),
    import('./content/publish/history.ts'),
    import('./content/publish/rollback.ts'),
    import('./content/kv/stored-records.ts'),
    import('./content/previews/previews.ts'),
    import('./content/previews/remove-preview.ts'),
  ]);

  const where = args.remote ? 'remote namespace' : 'local state';
  if (args.purge) {
    log(`Asking the ${args.remote ? 'remote' : 'local'} Worker to purge the whole site from the cache in front of it…`);
    return purgeSite(run, args);
  }
  if (args.verify) {
    log(`Verifying what the ${where} publishes…`);
    return withStore(run, args, { readOnlyNote: 'Nothing was written (--verify only reads).' }, async (store) =>
      (await verifyPublished(store, log)).ok ? 0 : 1,
    );
  }
  if (args.history) {
    return withStore(run, args, { readOnlyNote: 'Nothing was written (--history only reads).' }, async (store) => {
      const liveVersion = (await readManifest(store))?.version ?? null;
      const lines = formatHistory(keptHistory(await readHistory(store), liveVersion, keep), liveVersion);
      // The heading once the store has answered: a refused --remote prints only its reason.
      log(`Versions kept in the ${where} (--keep ${keep}: ${keptWording(keep)}), newest first:`);
      for (const line of lines.length ? lines : ['no history recorded yet']) log(line);
      const previews = formatPreviews(await readPreviews(store), new Date().toISOString());
      log(previews.length ? `Previews, newest first:\n${previews.join('\n')}` : 'no previews');
      return 0;
    });
  }
  if (args.rollback) {
    run.command = 'rollback';
    log(`Rolling the ${where} back to ${rollbackTo === undefined ? 'the previous version' : `version ${rollbackTo}`}…`);
    return withStore(run, args, {}, async (store, lock) => {
      const done = await rollback({
        store,
        lock,
        keep,
        remote: args.remote,
        ...(rollbackTo === undefined ? {} : { version: rollbackTo }),
        log,
      });
      const purged = { tags: done.purged.length, again: (done.purge?.followUps.length ?? 0) > 0, now: done.purge?.purgedNow ?? true };
      run.report = { ok: true, command: 'rollback', ...done, purged, url: await siteUrl(env, args) };
      return 0;
    });
  }

  const removing = args['remove-preview'];
  if (removing !== undefined) {
    run.command = 'remove-preview';
    log(`Removing the preview ${removing} from the ${where}…`);
    return withStore(run, args, {}, async (store, lock) => {
      await removePreview({ store, name: removing, lock, log });
      run.report = { ok: true, command: 'remove-preview', name: removing };
      return 0;
    });
  }

  run.command = args.preview === undefined ? 'upload' : 'preview';
  const dir = resolve(args.dir);
  const what = args.preview === undefined ? '' : ` as the preview ${args.preview}`;
  log(`Publishing ${dir} to the ${where}${what}${args['dry-run'] ? ' (dry run)' : ''}…`);
  const preview = await previewOptions(env, args.remote, args.config, args['persist-to']);
  if (args.preview !== undefined && !preview.secret) {
    const reason = `--preview needs its link signed: ${preview.missingSecret}. Nothing was written.`;
    run.error(`upload-content: ${reason}`);
    failed(run, reason);
    return 1;
  }
  // uploadContent logs the request tally itself, as its last line.
  return withStore(run, args, { tallyLogged: true }, async (store, lock) => {
    const outcome = await uploadContent({
      content: dir,
      store,
      lock,
      dryRun: args['dry-run'],
      log,
      strict: args.strict,
      preview,
      ...(args.preview === undefined ? {} : { previewName: args.preview }),
      keepVersions: keep,
      renderCache: diskRenderCache(),
      ...(args['client-diagrams'] ? { diagrams: null } : {}),
      // Images shown from other hosts are copied into <dir>/media/remote/, to be committed.
      remoteImages: args['no-image-copies'] ? false : {},
    });
    if (!outcome.ok) {
      failed(run, `${outcome.problems.length} problem(s) in the content, listed in the log: nothing was written; the site is unchanged.`);
      return 1;
    }
    const { plan, entriesWritten } = outcome;
    if (outcome.preview) {
      const { name, version, url, expires } = outcome.preview;
      run.report = { ok: true, command: 'preview', name, version, entriesWritten, entries: plan.entries.length, url, expires };
      return 0;
    }
    run.report = {
      ok: true,
      command: 'upload',
      dryRun: args['dry-run'],
      version: plan.manifest.version,
      changed: plan.manifestChanged,
      entriesWritten,
      entries: plan.entries.length,
      purged: { tags: outcome.purged.length, again: (outcome.purge?.followUps.length ?? 0) > 0, now: outcome.purge?.purgedNow ?? true },
      url: await siteUrl(env, args),
    };
    return 0;
  });
}

/**
 * Opens the store, runs one command on it, prints the API requests made (remote), and turns a
 * KV failure or a refusal into exit code 1 with its message.
 */
async function withStore(
  run: Run,
  target: Target,
  { readOnlyNote = '', tallyLogged = false }: { readOnlyNote?: string; tallyLogged?: boolean },
  command: (store: KvStore, lock: TakeLock | undefined) => Promise<number>,
): Promise<number> {
  const [{ KvApiError }, { KvLimitError }, { formatRequestTally }, { PublishStoppedError, UploadConflictError }] = await Promise.all([
    import('./content/kv/kv-api-error.ts'),
    import('./content/kv/kv-batches.ts'),
    import('./content/kv/kv-store.ts'),
    import('./content/publish/publish-error.ts'),
  ]);
  const printRequests = (store: KvStore, print: (line: string) => void) => {
    const tally = store.requests?.();
    if (tally) print(formatRequestTally(tally));
  };
  let opened: { store: KvStore; lock?: TakeLock; close: () => Promise<void> };
  try {
    // Reading needs no lock: locally, then, no Worker either.
    opened = target.remote
      ? await openRemote(run.env, target.config, !readOnlyNote)
      : await openLocal(target['persist-to'], !readOnlyNote, run.log);
  } catch (error) {
    // An unknown namespace, a refused token, another upload running the local Worker: nothing was written.
    if (!(error instanceof KvApiError || error instanceof UploadConflictError)) throw error;
    failed(run, error.message);
    run.error(`upload-content: ${error instanceof KvApiError && !error.notApplied ? 'stopped' : 'refused'}: ${error.message}`);
    return 1;
  }
  const { store, lock, close } = opened;
  try {
    const code = await command(store, lock);
    // An upload logs the count itself, after its lock's release (upload.ts).
    if (!tallyLogged) printRequests(store, run.log);
    return code;
  } catch (error) {
    const known =
      error instanceof UploadConflictError ||
      error instanceof PublishStoppedError ||
      error instanceof KvApiError ||
      error instanceof KvLimitError;
    if (!known) throw error;
    failed(run, `${error.message}${readOnlyNote ? ` ${readOnlyNote}` : ''}`);
    run.error(`upload-content: stopped: ${error.message}${readOnlyNote ? ` ${readOnlyNote}` : ''}`);
    printRequests(store, run.error);
    return 1;
  } finally {
    await close();
  }
}

/**
 * `--purge`: the Worker (remote, or the local one `npm start` runs, else one run here) purges the whole site from the
 * cache in front of it, now and again once KV has settled; its answer and queue printed. Exit 1 only when it cannot be asked.
 */
async function purgeSite(run: Run, target: Target): Promise<number> {
  const [{ MANIFEST_TAG, SITE_TAG }, { requestPurge }, { openLocalState }] = await Promise.all([
    import('../contracts/edge-cache.ts'),
    import('./content/publish/purge.ts'),
    import('./local-kv.ts'),
  ]);
  const opened = target.remote
    ? { worker: remoteWorker(run.env, target.config), close: async () => {} }
    : await openLocalState(target['persist-to'], run.log);
  try {
    await requestPurge(opened.worker, null, [MANIFEST_TAG, SITE_TAG], run.log, true);
    return 0;
  } catch (error) {
    const reason = `${(error as Error).message} Nothing was purged: run the same command again.`;
    run.error(`upload-content: ${reason}`);
    failed(run, reason);
    return 1;
  } finally {
    await opened.close();
  }
}

if (import.meta.main) {
  const code = await uploadCommand(process.argv.slice(2), { env: process.env, log: console.log, error: console.error });
  process.exit(code);
}
