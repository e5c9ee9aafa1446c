/**
 * The Worker's isolate in each data centre (one per data centre: Cloudflare routes a Worker's requests within a data
 * centre to one machine) and what it keeps between requests: the manifest memo, entries, the search index, rendered
 * pages. Evicted after an idle time (an estimate). State.
 */

export interface Isolate {
  lastUsed: number;
  memo: { version: number; at: number } | null;
  entries: Set<string>;
  searchVersion: number;
  rendered: Set<string>;
}

const fresh = (now: number): Isolate => ({ lastUsed: now, memo: null, entries: new Set(), searchVersion: -1, rendered: new Set() });

export class Isolates {
  readonly #byDc: (Isolate | null)[];
  readonly #idleMs: number;

  constructor(dataCentres: number, idleEvictS: number) {
    this.#byDc = Array.from({ length: dataCentres }, () => null);
    this.#idleMs = idleEvictS * 1000;
  }

  /** The isolate that takes a request at `now`, and whether it had to start. */
  use(dc: number, now: number): { isolate: Isolate; cold: boolean } {
    const alive = this.peek(dc, now);
    const isolate = alive ?? fresh(now);
    this.#byDc[dc] = isolate;
    isolate.lastUsed = now;
    return { isolate, cold: alive === null };
  }

  /** The isolate alive at `now`, changing nothing. */
  peek(dc: number, now: number): Isolate | null {
    const isolate = this.#byDc[dc];
    return isolate && now - isolate.lastUsed <= this.#idleMs ? isolate : null;
  }
}
