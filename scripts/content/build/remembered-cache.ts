/**
 * A cache that keeps in memory what it read or wrote through a slower one, for `npm start`'s repeated publishes.
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
