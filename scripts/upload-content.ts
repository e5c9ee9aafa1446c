/**
 * Publishes content/ to Workers KV.
 *
 *   npm run upload                       local state (what `npm start` serves)
 *   npm run upload -- --remote           the real namespace (CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID)
 *   npm run upload -- --dry-run          validate, render and plan; write nothing
 *   npm run upload -- --dir <folder>     another content folder
 *   npm run upload -- --no-render-cache  render every file, ignoring renders kept from earlier runs
 *   npm run upload -- --client-diagrams  leave mermaid diagrams to the visitor's browser instead of
 *                                        drawing them here (a browser is looked for otherwise)
 *   npm run upload -- --verify           check that every key the manifest names exists and parses
 *                                        (local state; with --remote, the real namespace); writes nothing
 *
 * Exit code 0 on success, 1 when a content file is invalid (nothing written), when another upload
 * holds the lock or published meanwhile (no manifest written), or when --verify finds a problem;
 * 2 on bad usage.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { getPlatformProxy, unstable_readConfig } from 'wrangler';
import type { KVNamespace } from '@cloudflare/workers-types';
import { kvStoreFromBinding, remoteKvStore, type KvStore } from './content/kv-store.ts';
import { UploadConflictError } from './content/publish.ts';
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
        'client-diagrams': { type: 'boolean', default: false },
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
    const { store, close } = args.remote ? openRemote(args.config) : await openLocal(args.config, args['persist-to']);
    try {
      return (await verifyPublished(store, (line) => console.log(line))).ok ? 0 : 1;
    } finally {
      await close();
    }
  }

  const dir = resolve(args.dir);
  const target = args.remote ? 'remote namespace' : 'local state';
  console.log(`Publishing ${dir} to the ${target}${args['dry-run'] ? ' (dry run)' : ''}…`);

  const { store, close } = args.remote ? openRemote(args.config) : await openLocal(args.config, args['persist-to']);
  try {
    const outcome = await uploadContent({
      content: dir,
      store,
      dryRun: args['dry-run'],
      log: (line) => console.log(line),
      ...(args['no-render-cache'] ? {} : { renderCache: diskRenderCache() }),
      ...(args['client-diagrams'] ? { diagrams: null } : {}),
    });
    return outcome.ok ? 0 : 1;
  } catch (error) {
    if (!(error instanceof UploadConflictError)) throw error;
    console.error(`upload-content: stopped: ${error.message}`);
    return 1;
  } finally {
    await close();
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

function openRemote(configPath: string): { store: KvStore; close: () => Promise<void> } {
  const config = unstable_readConfig({ config: configPath });
  const namespace = config.kv_namespaces.find((ns: { binding: string; id?: string }) => ns.binding === KV_BINDING);
  const accountId = process.env.CLOUDFLARE_ACCOUNT_ID ?? config.account_id;
  const apiToken = process.env.CLOUDFLARE_API_TOKEN;
  if (!namespace?.id) throw new Error(`${configPath} declares no KV namespace id for binding ${KV_BINDING}`);
  if (!accountId || !apiToken) throw new Error('--remote needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN in the environment');
  return { store: remoteKvStore({ accountId, namespaceId: namespace.id, apiToken }), close: async () => {} };
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`upload-content: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
