/**
 * Where `npm run upload` goes: the local state `npm start` serves or the production namespace, the Worker whose lock it
 * takes, the site's address. I/O: reads wrangler.toml, opens KV.
 */
import type { KvStore } from './content/kv/kv-store.ts';
import type { PreviewOptions } from './content/previews/preview-links.ts';
import type { TakeLock, WorkerAddress } from './content/publish/publish-lock.ts';
import { readWranglerConfig } from './content/wrangler-config.ts';

const KV_BINDING = 'CONTENT';

/** Local (`--persist-to`, npm start's state) or remote (`--remote`, with `--config`'s namespace). */
export interface Target {
  remote: boolean;
  config: string;
  'persist-to': string;
}

/**
 * How drafts' and whole-site previews' links are signed. Locally: the Worker's development secret, for the `npm start`
 * running on the local state (dev-origin.ts), or as a path when none runs (the token signs the path alone). Remotely:
 * SITE_URL, and the Worker secret PREVIEW_SECRET, which the upload can only know from the environment.
 */
export async function previewOptions(
  env: NodeJS.ProcessEnv,
  remote: boolean,
  configPath: string,
  persistTo: string,
): Promise<PreviewOptions> {
  const [{ DEFAULT_PREVIEW_DAYS: days, LOCAL_PREVIEW_SECRET }, { runningDevServer }] = await Promise.all([
    import('../contracts/preview-token.ts'),
    import('./dev/live/dev-origin.ts'),
  ]);
  if (!remote) return { origin: await runningDevServer(persistTo), secret: LOCAL_PREVIEW_SECRET, days };
  const siteUrl = String(readWranglerConfig(configPath).vars.SITE_URL ?? '').replace(/\/$/, '');
  return {
    origin: siteUrl,
    secret: env.PREVIEW_SECRET || null,
    days,
    missingSecret: 'PREVIEW_SECRET is not in the environment: give it the value of the Worker secret (wrangler secret put PREVIEW_SECRET)',
  };
}

/** Where the site is served: PUBLISH_URL or SITE_URL remotely (as the publish lock); locally the running `npm start`'s, else null. */
export async function siteUrl(env: NodeJS.ProcessEnv, target: Target): Promise<string | null> {
  if (!target.remote) {
    const { runningDevServer } = await import('./dev/live/dev-origin.ts');
    const origin = await runningDevServer(target['persist-to']);
    return origin && `${origin}/`;
  }
  return new URL(env.PUBLISH_URL || String(readWranglerConfig(target.config).vars.SITE_URL ?? '')).href;
}

/** The local state `npm start` serves; to write, with the publish lock of the Worker on it. Miniflare loads only here. */
export async function openLocal(
  persistTo: string,
  writes: boolean,
  log: (line: string) => void,
): Promise<{ store: KvStore; lock?: TakeLock; close: () => Promise<void> }> {
  const { openLocalKvStore, openLocalState } = await import('./local-kv.ts');
  return writes ? openLocalState(persistTo, log) : openLocalKvStore(persistTo);
}

/**
 * The production namespace over Cloudflare's API, refusing an unknown namespace before anything else; to write, with
 * the publish lock of the remote Worker (remoteWorker).
 */
export async function openRemote(
  env: NodeJS.ProcessEnv,
  configPath: string,
  writes: boolean,
): Promise<{ store: KvStore; lock?: TakeLock; close: () => Promise<void> }> {
  const [{ openCloudflareKvStore }, { takePublishLock }] = await Promise.all([
    import('./content/kv/cloudflare-kv-store.ts'),
    import('./content/publish/publish-lock.ts'),
  ]);
  const config = readWranglerConfig(configPath);
  const namespace = config.kv_namespaces.find((ns) => ns.binding === KV_BINDING);
  const accountId = env.CLOUDFLARE_ACCOUNT_ID ?? config.account_id;
  const apiToken = env.CLOUDFLARE_API_TOKEN;
  if (!namespace?.id) throw new Error(`${configPath} declares no KV namespace id for binding ${KV_BINDING}`);
  if (!accountId || !apiToken) throw new Error('--remote needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN in the environment');
  const worker = writes ? remoteWorker(env, configPath) : null;
  // The SDK would read CLOUDFLARE_BASE_URL from process.env: the run's environment names it.
  const baseURL = env.CLOUDFLARE_BASE_URL;
  const store = await openCloudflareKvStore({ accountId, namespaceId: namespace.id, apiToken, ...(baseURL ? { baseURL } : {}) });
  return { store, ...(worker ? { lock: () => takePublishLock(worker) } : {}), close: async () => {} };
}

/** The production Worker at PUBLISH_URL or SITE_URL, with the Worker secret PUBLISH_SECRET from the environment. */
export function remoteWorker(env: NodeJS.ProcessEnv, configPath: string): WorkerAddress {
  const config = readWranglerConfig(configPath);
  const namespace = config.kv_namespaces.find((ns) => ns.binding === KV_BINDING)?.id;
  if (!namespace) throw new Error(`${configPath} declares no KV namespace id for binding ${KV_BINDING}`);
  const origin = env.PUBLISH_URL || String(config.vars.SITE_URL ?? '');
  const secret = env.PUBLISH_SECRET;
  if (!secret)
    throw new Error(
      '--remote needs PUBLISH_SECRET in the environment: the value of the Worker secret (wrangler secret put PUBLISH_SECRET). Nothing was written.',
    );
  if (!URL.canParse(origin))
    throw new Error(
      `--remote needs the Worker's address: SITE_URL in ${configPath} or PUBLISH_URL in the environment (got "${origin}"). Nothing was written.`,
    );
  return { origin, secret, namespace, remote: true };
}
