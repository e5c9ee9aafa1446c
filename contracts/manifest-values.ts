/**
 * The values a manifest carries beside the keys it names, so that the Worker reads any page in one KV read: the live
 * manifest is the whole public site (docs/performance.md, Work per request). Pure.
 */
import type { Manifest } from './kv-values.ts';

/**
 * The keys whose values a manifest carries: its entries' (scheduled ones too: the request's time decides what is
 * public), its drafts' (shown through their preview links) and its search index's.
 */
export const carriedKeys = (manifest: Manifest): string[] => [
  ...new Set([...manifest.entries, ...manifest.drafts].map((e) => e.key)),
  ...(manifest.search ? [manifest.search] : []),
];

/** The manifest with the value of each carried key, as stored under that key; throws naming a key `stored` lacks. */
export function withValues(manifest: Manifest, stored: (key: string) => string | null | undefined): Manifest {
  const values = carriedKeys(manifest).map((key) => {
    const value = stored(key);
    if (value == null) throw new Error(`the manifest cannot carry ${key}: its value is missing`);
    return [key, value] as const;
  });
  return { ...withoutValues(manifest), values: Object.fromEntries(values) };
}

/** The manifest without the values: what a history record keeps. */
export const withoutValues = ({ values: _, ...manifest }: Manifest): Manifest => manifest;
