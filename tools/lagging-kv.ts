/**
 * One KV namespace seen by several data centres, as Workers KV propagates: each write lands in the first data centre's
 * store at once and in each other's after its lag, in the order made; reads come from the first. I/O: the stores given.
 */
import { type KvStore, withBulkOperations } from '../scripts/content/kv/kv-store.ts';

export interface LaggingKv {
  /** What the upload writes to. */
  store: KvStore;
  /** Resolves once every write made so far has landed in every data centre; rejects if one failed to. */
  replicated(): Promise<void>;
}

/** A replica: a data centre's own store, and how long after a write it shows it (read at each write). */
export type Replica = { store: KvStore; lagMs: number | (() => number) };

export function laggingKv(first: KvStore, replicas: readonly Replica[]): LaggingKv {
  // One chain a replica: a write lands at its time plus the lag, and never before an earlier write.
  const chains = replicas.map(() => Promise.resolve());
  let failure: unknown = null;
  const propagate = (write: (store: KvStore) => Promise<void>) => {
    replicas.forEach(({ store, lagMs }, i) => {
      const due = new Promise((resolve) => setTimeout(resolve, typeof lagMs === 'number' ? lagMs : lagMs()));
      chains[i] = chains[i]!.then(() => due)
        .then(() => write(store))
        .catch((error: unknown) => {
          failure ??= error;
        });
    });
  };
  const store = withBulkOperations({
    get: (key) => first.get(key),
    listKeys: (prefix) => first.listKeys(prefix),
    put(key, value) {
      propagate((replica) => replica.put(key, value));
      return first.put(key, value);
    },
    delete(key) {
      propagate((replica) => replica.delete(key));
      return first.delete(key);
    },
  });
  return {
    store,
    async replicated() {
      // Writes made while waiting grow the chains: wait until none grew.
      let seen: Promise<void>[];
      do {
        seen = [...chains];
        await Promise.all(seen);
      } while (seen.some((chain, i) => chain !== chains[i]));
      if (failure) throw failure;
    },
  };
}
