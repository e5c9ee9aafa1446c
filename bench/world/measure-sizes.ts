/**
 * `npx node bench/world/measure-sizes.ts <state>`: today's nearest figures to the new design's pieces, read from the manifest
 * that `npm run upload -- --persist-to <state>` wrote; printed as inputs.json's `sizes` row. I/O: the local KV state.
 */

import { MANIFEST_KEY } from '../../contracts/kv-keys.ts';
import { type Manifest, manifestSchema } from '../../contracts/kv-values.ts';
import { openLocalKvStore } from '../../scripts/local-kv.ts';

const bytes = (value: unknown) => Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value));
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const { store, close } = await openLocalKvStore(process.argv[2] ?? '.wrangler/state');
try {
  const text = (await store.get(MANIFEST_KEY))!;
  const manifest: Manifest = manifestSchema.parse(JSON.parse(text));
  const values = manifest.values ?? {};
  const search = JSON.parse(values[manifest.search!]!) as { index: { index: unknown }; texts: unknown };
  const { index: terms, ...searchRoot } = search.index;
  const { values: _, ...index } = manifest;
  console.log(
    JSON.stringify({
      entries: manifest.entries.length,
      indexBytes: bytes({ ...index, search: null }),
      pieceBytes: {
        entry: median(manifest.entries.map((e) => bytes(values[e.key]))),
        listChunk: bytes(manifest.entries.slice(0, 20)),
        searchRoot: bytes(searchRoot),
        searchShard: bytes(terms),
        docChunk: bytes(search.texts),
      },
      coldArticle: { bytesRead: bytes(text) },
    }),
  );
} finally {
  await close();
}
