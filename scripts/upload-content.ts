/**
 * Publishes content/ to Workers KV.
 *
 *   npm run upload                       local state (what `npm start` serves)
 *   npm run upload -- --remote           the real namespace (CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID;
 *                                        CLOUDFLARE_BASE_URL points the SDK at another API host)
 *   npm run upload -- --dry-run          validate, render and plan; write nothing
 *   npm run upload -- --dir <folder>     another content folder
 *   npm run upload -- --no-render-cache  render every file, ignoring renders kept from earlier runs
 *   npm run upload -- --verify           check that every key the manifest names exists and parses
 *                                        (local state; with --remote, the real namespace); writes nothing
 *   npm run upload -- --history          list the kept versions: number, time, who, entries added/changed/removed
 *   npm run upload -- --rollback [N]     make version N (default: the one the live version replaced) live
 *                                        again with one manifest write; no entry is written
 *   npm run upload -- --keep <n>         versions kept, the live one included (default 10): their keys survive the clean-up
 *
 * Exit code 0 on success, 1 when a content file is invalid (nothing written), when another upload
 * holds the lock or published meanwhile (no manifest written), when KV fails (the message names
 * the request and says what the site serves now), or when --verify finds a problem; 2 on bad usage.
 * With --remote, the number of API requests made is printed last, whatever the outcome.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { getPlatformProxy, unstable_readConfig } from 'wrangler';
import type { KVNamespace } from '@cloudflare/workers-types';
import { openCloudflareKvStore } from './content/cloudflare-kv-store.ts';
import { KvApiError } from './content/kv-api-error.ts';
import { KvLimitError } from './content/kv-batches.ts';
import { formatRequestTally, kvStoreFromBinding, type KvStore } from './content/kv-store.ts';
import { PublishStoppedError, UploadConflictError } from './content/publish-error.ts';
import { diskRenderCache } from './content/render-cache.ts';
import { DEFAULT_KEEP_VERSIONS, MIN_KEEP_VERSIONS, formatHistory, readHistory } from './content/history.ts';
import { rollback } from './content/rollback.ts';
import { MANIFEST_KEY, manifestSchema, parseStored } from '../worker/kv-schema.ts';
import { uploadContent } from './content/upload.ts';
import { verifyPublished } from './content/verify.ts';

const KV_BINDING = 'CONTENT';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        remote: { type: 'boolean', default: false },
        local: { type: 'boolean', default: false },
        'dry-run': { type: 'boolean', default: false },
        verify: { type: 'boolean', default: false },
        dir: { type: 'string', default: 'content' },
        config: { type: 'string', default: 'wrangler.toml' },
        'persist-to': { type: 'string' },
        'no-render-cache': { type: 'boolean', default: false },
        history: { type: 'boolean', default: false },
        rollback: { type: 'boolean', default: false },
        keep: { type: 'string', default: String(DEFAULT_KEEP_VERSIONS) },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    console.error(`upload-content: ${(error as Error).message}`);
    return 2;
  }
  const { positionals } = parsed;
  const args = parsed.values;
  const keep = Number(args.keep);
  if (!Number.isInteger(keep) || keep < MIN_KEEP_VERSIONS) {
    console.error(`upload-content: --keep takes a whole number of versions, at least ${MIN_KEEP_VERSIONS} (the live one and the one before it)`);
    return 2;
  }
  const rollbackTo = positionals.length === 1 && args.rollback ? Number(positionals[0]) : undefined;
  if (positionals.length > (args.rollback ? 1 : 0) || (rollbackTo !== undefined && !(Number.isInteger(rollbackTo) && rollbackTo >= 0))) {
    console.error(`upload-content: unexpected argument ${positionals.join(' ')} (only --rollback takes one: a version number)`);
    return 2;
  }
  if ([args.verify, args.history, args.rollback].filter(Boolean).length > 1) {
    console.error('upload-content: choose one of --verify, --history and --rollback');
    return 2;
  }
  if (args['dry-run'] && (args.history || args.rollback)) {
    console.error('upload-content: --dry-run is for uploads; --history writes nothing, and --rollback has no dry run');
    return 2;
  }
  if (args.remote && args.local) {
    console.error('upload-content: choose --local or --remote, not both');
    return 2;
  }

  if (args.verify && args['dry-run']) {
    console.error('upload-content: --verify writes nothing already; drop --dry-run');
    return 2;
  }

  const where = args.remote ? 'remote namespace' : 'local state';
  if (args.verify) {
    console.log(`Verifying what the ${where} publishes…`);
    return withStore(args, 'Nothing was written (--verify only reads).', async (store) => ((await verifyPublished(store, (line) => console.log(line))).ok ? 0 : 1));
  }
  if (args.history) {
    console.log(`Versions kept in the ${where}, newest first:`);
    return withStore(args, 'Nothing was written (--history only reads).', async (store) => {
      const raw = await store.get(MANIFEST_KEY);
      const liveVersion = raw === null ? null : parseStored(manifestSchema, raw, 'the manifest in KV').version;
      const lines = formatHistory(await readHistory(store), liveVersion);
      for (const line of lines.length ? lines : ['no history recorded yet']) console.log(line);
      return 0;
    });
  }
  if (args.rollback) {
    console.log(`Rolling the ${where} back to ${rollbackTo === undefined ? 'the previous version' : `version ${rollbackTo}`}…`);
    return withStore(args, '', async (store) => {
      await rollback({ store, ...(rollbackTo === undefined ? {} : { version: rollbackTo }), log: (line) => console.log(line) });
      return 0;
    });
  }

  const dir = resolve(args.dir);
  const target = args.remote ? 'remote namespace' : 'local state';
  console.log(`Publishing ${dir} to the ${target}${args['dry-run'] ? ' (dry run)' : ''}…`);

  const opened = await open(args.remote, args.config, args['persist-to']);
  if (!opened) return 1;
  const { store, close } = opened;
  try {
    const outcome = await uploadContent({
      content: dir,
      store,
      dryRun: args['dry-run'],
      log: (line) => console.log(line),
      ...(args['no-render-cache'] ? {} : { renderCache: diskRenderCache() }),
      keepVersions: keep,
    });
    return outcome.ok ? 0 : 1;
  } catch (error) {
    if (!(error instanceof UploadConflictError) && !isKvFailure(error)) throw error;
    console.error(`upload-content: stopped: ${error.message}`);
    printRequests(store, console.error);
    return 1;
  } finally {
    await close();
  }
}

/**
 * Opens the store, runs one read-only or rollback command on it, prints the API requests made
 * (remote), and turns a KV failure or a refusal into exit code 1 with its message.
 */
async function withStore(
  args: { remote: boolean; config: string; 'persist-to'?: string | undefined },
  readOnlyNote: string,
  run: (store: KvStore) => Promise<number>,
): Promise<number> {
  const opened = await open(args.remote, args.config, args['persist-to']);
  if (!opened) return 1;
  const { store, close } = opened;
  try {
    const code = await run(store);
    printRequests(store, console.log);
    return code;
  } catch (error) {
    if (!(error instanceof UploadConflictError) && !isKvFailure(error)) throw error;
    console.error(`upload-content: stopped: ${error.message}${readOnlyNote ? ` ${readOnlyNote}` : ''}`);
    printRequests(store, console.error);
    return 1;
  } finally {
    await close();
  }
}

/** A failure of KV itself, already worded for the maintainer (the request, and what is live). */
function isKvFailure(error: unknown): error is Error {
  return error instanceof PublishStoppedError || error instanceof KvApiError || error instanceof KvLimitError;
}

function printRequests(store: KvStore, print: (line: string) => void): void {
  const tally = store.requests?.();
  if (tally) print(formatRequestTally(tally));
}

/** The store to publish to, or null (with the reason printed) when the remote one refused at once. */
async function open(remote: boolean, configPath: string, persistTo: string | undefined): Promise<{ store: KvStore; close: () => Promise<void> } | null> {
  if (!remote) return openLocal(configPath, persistTo);
  try {
    return await openRemote(configPath);
  } catch (error) {
    if (!(error instanceof KvApiError)) throw error;
    console.error(`upload-content: ${error.notApplied ? 'refused' : 'stopped'}: ${error.message}`);
    return null;
  }
}

/** The Miniflare KV that `wrangler dev` (npm start) reads, under .wrangler/state. */
async function openLocal(configPath: string, persistTo: string | undefined): Promise<{ store: KvStore; close: () => Promise<void> }> {
  const proxy = await getPlatformProxy<{ [KV_BINDING]: KVNamespace }>({
    configPath,
    persist: persistTo ? { path: resolve(persistTo, 'v3') } : true,
  });
  return { store: kvStoreFromBinding(proxy.env[KV_BINDING]), close: () => proxy.dispose() };
}

/** The production namespace over Cloudflare's API; refuses an unknown namespace before anything else. */
async function openRemote(configPath: string): Promise<{ store: KvStore; close: () => Promise<void> }> {
  const config = unstable_readConfig({ config: configPath });
  const namespace = config.kv_namespaces.find((ns: { binding: string; id?: string }) => ns.binding === KV_BINDING);
  const accountId = process.env.CLOUDFLARE_ACCOUNT_ID ?? config.account_id;
  const apiToken = process.env.CLOUDFLARE_API_TOKEN;
  if (!namespace?.id) throw new Error(`${configPath} declares no KV namespace id for binding ${KV_BINDING}`);
  if (!accountId || !apiToken) throw new Error('--remote needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN in the environment');
  const store = await openCloudflareKvStore({ accountId, namespaceId: namespace.id, apiToken });
  return { store, close: async () => {} };
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`upload-content: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
