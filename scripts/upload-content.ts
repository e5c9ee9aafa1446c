/**
 * `npm run upload`: publishes content/ to Workers KV (`-- --help` lists the options; docs/publishing.md). Exit 0 on
 * success, 1 when content, the lock or KV stops it or --verify finds a problem, 2 on bad usage.
 */
import { resolve } from 'node:path';
import { SECOND_PURGE_AFTER_SECONDS } from '../contracts/edge-cache.ts';
import { isLocalHost } from '../contracts/signing.ts';
import type { KvStore } from './content/kv/kv-store.ts';
import type { PreviewOptions } from './content/previews/preview-links.ts';
import type { TakeLock } from './content/publish/publish-lock.ts';
import { parseUploadArgs, usage } from './content/publish/upload-cli.ts';
import { readWranglerConfig } from './content/wrangler-config.ts';
import { type RunReport, writeGithubReport } from './github/upload-report.ts';

const KV_BINDING = 'CONTENT';

/** What the run tells a GitHub Actions job at the end (github/upload-report.ts); set as the run goes. */
let command: RunReport['command'] = 'read';
let report: RunReport | undefined;
const failed = (reason: string) => {
  report = { ok: false, command, reason };
};

interface Target {
  remote: boolean;
  config: string;
  'persist-to': string;
}

async function main(): Promise<number> {
  const parsed = parseUploadArgs(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`upload-content: ${parsed.error}`);
    return 2;
  }
  const { args, keep, rollbackTo } = parsed;
  if (args.help) {
    console.log(usage());
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
  if (args.verify) {
    console.log(`Verifying what the ${where} publishes…`);
    return withStore(args, { readOnlyNote: 'Nothing was written (--verify only reads).' }, async (store) =>
      (await verifyPublished(store, (line) => console.log(line))).ok ? 0 : 1,
    );
  }
  if (args.history) {
    return withStore(args, { readOnlyNote: 'Nothing was written (--history only reads).' }, async (store) => {
      const liveVersion = (await readManifest(store))?.version ?? null;
      const lines = formatHistory(keptHistory(await readHistory(store), liveVersion, keep), liveVersion);
      // The heading once the store has answered: a refused --remote prints only its reason.
      console.log(`Versions kept in the ${where} (--keep ${keep}: ${keptWording(keep)}), newest first:`);
      for (const line of lines.length ? lines : ['no history recorded yet']) console.log(line);
      const previews = formatPreviews(await readPreviews(store), new Date().toISOString());
      console.log(previews.length ? `Previews, newest first:\n${previews.join('\n')}` : 'no previews');
      return 0;
    });
  }
  if (args.rollback) {
    command = 'rollback';
    console.log(`Rolling the ${where} back to ${rollbackTo === undefined ? 'the previous version' : `version ${rollbackTo}`}…`);
    return withStore(args, {}, async (store, lock) => {
      const secondPurgeAfterSeconds = await secondPurgeAfter(args);
      const done = await rollback({
        store,
        lock,
        keep,
        remote: args.remote,
        secondPurgeAfterSeconds,
        ...(rollbackTo === undefined ? {} : { version: rollbackTo }),
        log: (line) => console.log(line),
      });
      const purged = { tags: done.purged.length, again: secondPurgeAfterSeconds > 0 };
      report = { ok: true, command: 'rollback', ...done, purged, url: await siteUrl(args) };
      return 0;
    });
  }

  const removing = args['remove-preview'];
  if (removing !== undefined) {
    command = 'remove-preview';
    console.log(`Removing the preview ${removing} from the ${where}…`);
    return withStore(args, {}, async (store, lock) => {
      await removePreview({ store, name: removing, lock, log: (line) => console.log(line) });
      report = { ok: true, command: 'remove-preview', name: removing };
      return 0;
    });
  }

  command = args.preview === undefined ? 'upload' : 'preview';
  const dir = resolve(args.dir);
  const what = args.preview === undefined ? '' : ` as the preview ${args.preview}`;
  console.log(`Publishing ${dir} to the ${where}${what}${args['dry-run'] ? ' (dry run)' : ''}…`);
  const preview = await previewOptions(args.remote, args.config, args['persist-to']);
  if (args.preview !== undefined && !preview.secret) {
    const reason = `--preview needs its link signed: ${preview.missingSecret}. Nothing was written.`;
    console.error(`upload-content: ${reason}`);
    failed(reason);
    return 1;
  }
  // uploadContent logs the request tally itself, as its last line.
  return withStore(args, { tallyLogged: true }, async (store, lock) => {
    const secondPurgeAfterSeconds = await secondPurgeAfter(args);
    const outcome = await uploadContent({
      content: dir,
      store,
      lock,
      dryRun: args['dry-run'],
      log: (line) => console.log(line),
      strict: args.strict,
      preview,
      ...(args.preview === undefined ? {} : { previewName: args.preview }),
      keepVersions: keep,
      renderCache: diskRenderCache(),
      ...(args['client-diagrams'] ? { diagrams: null } : {}),
      // Images shown from other hosts are copied into <dir>/media/remote/, to be committed.
      remoteImages: args['no-image-copies'] ? false : {},
      secondPurgeAfterSeconds,
    });
    if (!outcome.ok) {
      failed(`${outcome.problems.length} problem(s) in the content, listed in the log: nothing was written; the site is unchanged.`);
      return 1;
    }
    const { plan, entriesWritten } = outcome;
    if (outcome.preview) {
      const { name, version, url, expires } = outcome.preview;
      report = { ok: true, command: 'preview', name, version, entriesWritten, entries: plan.entries.length, url, expires };
      return 0;
    }
    report = {
      ok: true,
      command: 'upload',
      dryRun: args['dry-run'],
      version: plan.manifest.version,
      changed: plan.manifestChanged,
      entriesWritten,
      entries: plan.entries.length,
      purged: { tags: outcome.purged.length, again: secondPurgeAfterSeconds > 0 },
      url: await siteUrl(args),
    };
    return 0;
  });
}

/**
 * Opens the store, runs one command on it, prints the API requests made (remote), and turns a
 * KV failure or a refusal into exit code 1 with its message.
 */
async function withStore(
  target: Target,
  { readOnlyNote = '', tallyLogged = false }: { readOnlyNote?: string; tallyLogged?: boolean },
  run: (store: KvStore, lock: TakeLock | undefined) => Promise<number>,
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
    opened = target.remote ? await openRemote(target.config, !readOnlyNote) : await openLocal(target['persist-to'], !readOnlyNote);
  } catch (error) {
    // An unknown namespace, a refused token, another upload running the local Worker: nothing was written.
    if (!(error instanceof KvApiError || error instanceof UploadConflictError)) throw error;
    failed(error.message);
    console.error(`upload-content: ${error instanceof KvApiError && !error.notApplied ? 'stopped' : 'refused'}: ${error.message}`);
    return 1;
  }
  const { store, lock, close } = opened;
  try {
    const code = await run(store, lock);
    // An upload logs the count itself, after its lock's release (upload.ts).
    if (!tallyLogged) printRequests(store, console.log);
    return code;
  } catch (error) {
    const known =
      error instanceof UploadConflictError ||
      error instanceof PublishStoppedError ||
      error instanceof KvApiError ||
      error instanceof KvLimitError;
    if (!known) throw error;
    failed(`${error.message}${readOnlyNote ? ` ${readOnlyNote}` : ''}`);
    console.error(`upload-content: stopped: ${error.message}${readOnlyNote ? ` ${readOnlyNote}` : ''}`);
    printRequests(store, console.error);
    return 1;
  } finally {
    await close();
  }
}

/**
 * How drafts' and whole-site previews' links are signed. Locally: the Worker's development secret, for the `npm start`
 * running on the local state (dev-origin.ts), or as a path when none runs (the token signs the path alone). Remotely:
 * SITE_URL, and the Worker secret PREVIEW_SECRET, which the upload can only know from the environment.
 */
async function previewOptions(remote: boolean, configPath: string, persistTo: string): Promise<PreviewOptions> {
  const [{ DEFAULT_PREVIEW_DAYS: days, LOCAL_PREVIEW_SECRET }, { runningDevServer }] = await Promise.all([
    import('../contracts/preview-token.ts'),
    import('./dev/live/dev-origin.ts'),
  ]);
  if (!remote) return { origin: await runningDevServer(persistTo), secret: LOCAL_PREVIEW_SECRET, days };
  const siteUrl = String(readWranglerConfig(configPath).vars.SITE_URL ?? '').replace(/\/$/, '');
  return {
    origin: siteUrl,
    secret: process.env.PREVIEW_SECRET || null,
    days,
    missingSecret: 'PREVIEW_SECRET is not in the environment: give it the value of the Worker secret (wrangler secret put PREVIEW_SECRET)',
  };
}

/**
 * Seconds after the manifest write at which the cache in front of the Worker is purged again: remotely, data centres may
 * read the old manifest until then; none for the local state or a Worker on this machine, which no data centres front.
 */
async function secondPurgeAfter(target: Target): Promise<number> {
  if (!target.remote) return 0;
  const url = await siteUrl(target);
  return url && !isLocalHost(new URL(url).hostname) ? SECOND_PURGE_AFTER_SECONDS : 0;
}

/** Where the site is served: PUBLISH_URL or SITE_URL remotely (as the publish lock); locally the running `npm start`'s, else null. */
async function siteUrl(target: Target): Promise<string | null> {
  if (!target.remote) {
    const { runningDevServer } = await import('./dev/live/dev-origin.ts');
    const origin = await runningDevServer(target['persist-to']);
    return origin && `${origin}/`;
  }
  return new URL(process.env.PUBLISH_URL || String(readWranglerConfig(target.config).vars.SITE_URL ?? '')).href;
}

/** The local state `npm start` serves; to write, with the publish lock of the Worker on it. Miniflare loads only here. */
async function openLocal(persistTo: string, writes: boolean): Promise<{ store: KvStore; lock?: TakeLock; close: () => Promise<void> }> {
  const { openLocalKvStore, openLocalState } = await import('./local-kv.ts');
  return writes ? openLocalState(persistTo) : openLocalKvStore(persistTo);
}

/**
 * The production namespace over Cloudflare's API, refusing an unknown namespace before anything else; to write, with
 * the publish lock of the Worker at PUBLISH_URL or SITE_URL and the Worker secret PUBLISH_SECRET from the environment.
 */
async function openRemote(configPath: string, writes: boolean): Promise<{ store: KvStore; lock?: TakeLock; close: () => Promise<void> }> {
  const [{ openCloudflareKvStore }, { takePublishLock }] = await Promise.all([
    import('./content/kv/cloudflare-kv-store.ts'),
    import('./content/publish/publish-lock.ts'),
  ]);
  const config = readWranglerConfig(configPath);
  const namespace = config.kv_namespaces.find((ns) => ns.binding === KV_BINDING);
  const accountId = process.env.CLOUDFLARE_ACCOUNT_ID ?? config.account_id;
  const apiToken = process.env.CLOUDFLARE_API_TOKEN;
  if (!namespace?.id) throw new Error(`${configPath} declares no KV namespace id for binding ${KV_BINDING}`);
  if (!accountId || !apiToken) throw new Error('--remote needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN in the environment');
  const origin = process.env.PUBLISH_URL || String(config.vars.SITE_URL ?? '');
  const secret = process.env.PUBLISH_SECRET;
  if (writes && !secret)
    throw new Error(
      '--remote needs PUBLISH_SECRET in the environment: the value of the Worker secret (wrangler secret put PUBLISH_SECRET). Nothing was written.',
    );
  if (writes && !URL.canParse(origin))
    throw new Error(
      `--remote needs the Worker's address: SITE_URL in ${configPath} or PUBLISH_URL in the environment (got "${origin}"). Nothing was written.`,
    );
  const store = await openCloudflareKvStore({ accountId, namespaceId: namespace.id, apiToken });
  const lock = () => takePublishLock({ origin, secret: secret ?? '', namespace: namespace.id! });
  return { store, ...(writes ? { lock } : {}), close: async () => {} };
}

main().then(
  (code) => finish(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`upload-content: ${message}`);
    failed(message);
    finish(1);
  },
);

function finish(code: number): never {
  if (report) writeGithubReport(report);
  process.exit(code);
}
