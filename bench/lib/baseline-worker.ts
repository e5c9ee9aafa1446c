/**
 * The baseline Worker: reads the request and answers "ok", with a stand-in for each Durable Object class wrangler.toml
 * binds, so that the runtime, bindings and static files are the site's and none of its code runs. Reads wrangler.toml.
 */
import { unstable_readConfig } from 'wrangler';

const classes: string[] = unstable_readConfig({ config: 'wrangler.toml' }).durable_objects.bindings.map(
  (binding: { class_name: string }) => binding.class_name,
);

/**
 * Its module source. workerd warns at every start about a bound class the Worker does not export; it reads the body,
 * as the site does: workerd resets a connection whose body was left unread.
 */
export const BASELINE_WORKER = [
  ...classes.map((name) => `export class ${name} { fetch() { return new Response(''); } }`),
  `export default { async fetch(request) { await request.arrayBuffer(); return new Response('ok'); } };`,
].join('\n');
