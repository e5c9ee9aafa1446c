/** The keys a manifest names: what clean-ups keep and `--verify` checks. Pure. */
import { cardKey, storedSampleKey } from '../../../contracts/kv-keys.ts';
import type { Manifest } from '../../../contracts/kv-values.ts';
import { searchKeys } from '../build/build-search.ts';

/**
 * Every key a manifest names, once each: its entries, drafts, samples (a version from before samples were named by
 * content: their `sample/<path>`, so a rollback to it finds them), search root and the pieces it names when the manifest
 * carries its value, images (content/media/, social cards, images from other hosts) and each article's card, in case a
 * hand-made manifest's `media` leaves it out.
 */
export function namedKeys(manifest: Manifest): string[] {
  const articles = [...manifest.entries, ...manifest.drafts];
  return [
    ...new Set([
      ...articles.map((e) => e.key),
      ...manifest.samples.map(storedSampleKey),
      ...(manifest.search ? [manifest.search, ...searchKeys(manifest.values?.[manifest.search] ?? '')] : []),
      ...(manifest.media ?? []),
      ...articles.flatMap((e) => (e.card ? [cardKey(e.card)] : [])),
    ]),
  ];
}
