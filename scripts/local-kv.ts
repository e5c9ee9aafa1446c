/**
 * The local KV namespace that `npm start` serves, opened by `npm run upload` on its own (Miniflare, .wrangler/state/v3).
 * I/O: reads the Wrangler configuration, starts workerd.
 */
import { resolve } from 'node:path';
import type { KVNamespace } from '@cloudflare/workers-types';
import { Miniflare } from 'miniflare';
import { unstable_readConfig } from 'wrangler';
import { WRANGLER_STATE } from './wrangler-state.ts';

export { WRANGLER_STATE };

/** Miniflare with the one KV namespace under wrangler's persistence root, so the data lands where `npm start` reads it. */
export async function openLocalKv(
  configPath: string,
  binding: string,
  persistTo: string = WRANGLER_STATE,
): Promise<{ namespace: KVNamespace; dispose: () => Promise<void> }> {
  const config = unstable_readConfig({ config: configPath });
  const declared = config.kv_namespaces.find((ns: { binding: string }) => ns.binding === binding);
  if (!declared) throw new Error(`${configPath} declares no KV namespace with binding ${binding}`);
  // wrangler keys the local copy by the namespace id, or by the binding when there is none.
  const id = declared.id ?? binding;
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch() { return new Response(null, { status: 404 }) } }',
    defaultPersistRoot: resolve(persistTo, 'v3'),
    kvNamespaces: { [binding]: id },
  });
  const namespace = (await mf.getKVNamespace(binding)) as unknown as KVNamespace;
  return { namespace, dispose: () => mf.dispose() };
}
