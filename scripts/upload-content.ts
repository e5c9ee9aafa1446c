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
import { uploadContent } from './content/upload.ts';
import { verifyPublished } from './content/verify.ts';

const KV_BINDING = 'CONTENT';

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        remote: { type: 'boolean', default: false },
        local: { type: 'boolean', default: false },
        'dry-run': { type: 'boolean', default: false },
        verify: { type: 'boolean', default: false },
        dir: { type: 'string', default: 'content' },
        config: { type: 'string', default: 'wrangler.toml' },
        'persist-to': { type: 'string' },
        'no-render-cache': { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`upload-content: ${(error as Error).message}`);
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

  if (args.verify) {
    console.log(`Verifying what the ${args.remote ? 'remote namespace' : 'local state'} publishes…`);
    const opened = await open(args.remote, args.config, args['persist-to']);
    if (!opened) return 1;
    const { store, close } = opened;
    try {
      const verified = await verifyPublished(store, (line) => console.log(line));
      printRequests(store, console.log);
      return verified.ok ? 0 : 1;
    } catch (error) {
      if (!isKvFailure(error)) throw error;
      console.error(`upload-content: --verify stopped: ${error.message} Nothing was written (--verify only reads).`);
      printRequests(store, console.error);
      return 1;
    } finally {
      await close();
    }
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
    console.error(`upload-content: refused: ${error.message}`);
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
