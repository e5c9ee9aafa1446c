/**
 * Publishes content/ to Workers KV.
 *
 *   npm run upload                       local state (what `npm start` serves)
 *   npm run upload -- --remote           the real namespace (CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID)
 *   npm run upload -- --dry-run          validate, render and plan; write nothing
 *   npm run upload -- --dir <folder>     another content folder
 *   npm run upload -- --no-render-cache  render every file, ignoring renders kept from earlier runs
 *   npm run upload -- --verify           check that every key the manifest names exists and parses
 *                                        (local state; with --remote, the real namespace); writes nothing
 *   npm run upload -- --strict           warnings (content removed by sanitising) stop the upload
 *   npm run upload -- --preview-days 14  drafts' preview links work 14 days (default 7)
 *   npm run upload -- --help             every option (scripts/content/upload-cli.ts)
 *
 * Exit code 0 on success, 1 when a content file is invalid (nothing written), when another upload
 * holds the lock or published meanwhile (no manifest written), or when --verify finds a problem;
 * 2 on bad usage.
 */
import { resolve } from 'node:path';
import type { KvStore } from './content/kv-store.ts';
import type { PreviewOptions } from './content/preview-links.ts';
import { parseUploadArgs, usage } from './content/upload-cli.ts';

const KV_BINDING = 'CONTENT';

async function main(): Promise<number> {
  const parsed = parseUploadArgs(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`upload-content: ${parsed.error}`);
    return 2;
  }
  const { args } = parsed;
  if (args.help) {
    console.log(usage());
    return 0;
  }
  // Imported once the command line is known good: the pipeline (shiki), Wrangler and Miniflare
  // take seconds to load, which --help and a mistyped option should not wait for.
  const [{ UploadConflictError }, { diskRenderCache }, { uploadContent }, { verifyPublished }] = await Promise.all([
    import('./content/publish.ts'),
    import('./content/render-cache.ts'),
    import('./content/upload.ts'),
    import('./content/verify.ts'),
  ]);

  if (args.verify) {
    console.log(`Verifying what the ${args.remote ? 'remote namespace' : 'local state'} publishes…`);
    const { store, close } = args.remote ? await openRemote(args.config) : await openLocal(args.config, args['persist-to']);
    try {
      return (await verifyPublished(store, (line) => console.log(line))).ok ? 0 : 1;
    } finally {
      await close();
    }
  }

  const dir = resolve(args.dir);
  const target = args.remote ? 'remote namespace' : 'local state';
  console.log(`Publishing ${dir} to the ${target}${args['dry-run'] ? ' (dry run)' : ''}…`);

  const { store, close } = args.remote ? await openRemote(args.config) : await openLocal(args.config, args['persist-to']);
  try {
    const outcome = await uploadContent({
      content: dir,
      store,
      dryRun: args['dry-run'],
      log: (line) => console.log(line),
      strict: args.strict,
      preview: await previewOptions(args.remote, args.config, Number(args['preview-days'])),
      ...(args['no-render-cache'] ? {} : { renderCache: diskRenderCache() }),
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

/**
 * How drafts' preview links are signed. Locally: the Worker's development secret on
 * localhost:8787 (`npm start`). Remotely: SITE_URL, and the Worker secret PREVIEW_SECRET,
 * which the upload can only know from the environment.
 */
async function previewOptions(remote: boolean, configPath: string, days: number): Promise<PreviewOptions> {
  const { LOCAL_PREVIEW_SECRET } = await import('../contracts/preview-token.ts');
  if (!remote) return { origin: 'http://localhost:8787', secret: LOCAL_PREVIEW_SECRET, days };
  const { unstable_readConfig } = await import('wrangler');
  const siteUrl = String(unstable_readConfig({ config: configPath }).vars?.SITE_URL ?? '').replace(/\/$/, '');
  return {
    origin: siteUrl,
    secret: process.env.PREVIEW_SECRET || null,
    days,
    missingSecret: 'PREVIEW_SECRET is not in the environment: give it the value of the Worker secret (wrangler secret put PREVIEW_SECRET)',
  };
}

/** The Miniflare KV that `wrangler dev` (npm start) reads, under .wrangler/state (local-kv.ts). */
async function openLocal(configPath: string, persistTo: string | undefined): Promise<{ store: KvStore; close: () => Promise<void> }> {
  const [{ openLocalKv }, { kvStoreFromBinding }] = await Promise.all([import('./local-kv.ts'), import('./content/kv-store.ts')]);
  const local = await openLocalKv(configPath, KV_BINDING, persistTo);
  return { store: kvStoreFromBinding(local.namespace), close: local.dispose };
}

async function openRemote(configPath: string): Promise<{ store: KvStore; close: () => Promise<void> }> {
  const [{ unstable_readConfig }, { remoteKvStore }] = await Promise.all([import('wrangler'), import('./content/kv-store.ts')]);
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
