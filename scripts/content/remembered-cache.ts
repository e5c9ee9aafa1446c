/**
 * A cache that keeps in memory what it read or wrote through a slower one (the render cache, the
 * card cache: files on disk), for a process that publishes again and again (`npm start`): a save
 * then reads no file for the entries and cards it did not change. Memory grows with what is
 * seen, a few MB for this site's content.
 *
 * No I/O of its own: `under` does it.
 */
export interface KeyedCache<V> {
  get(hash: string): Promise<V | undefined>;
  set(hash: string, value: V): Promise<void>;
}

export function rememberedCache<V>(under: KeyedCache<V>): KeyedCache<V> {
  const kept = new Map<string, V>();
  return {
    async get(hash) {
      const known = kept.get(hash);
      if (known !== undefined) return known;
      const read = await under.get(hash);
      if (read !== undefined) kept.set(hash, read);
      return read;
    },
    async set(hash, value) {
      kept.set(hash, value);
      await under.set(hash, value);
    },
  };
}
