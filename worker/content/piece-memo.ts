/** The isolate's memo of immutable pieces, parsed, least recently used first out past a budget of bytes. Pure. */

/** Text bytes kept; parsed objects take a few times that, well within an isolate's 128 MB. */
export const PIECE_MEMO_BYTES = 8 * 1024 * 1024;

export class PieceMemo {
  readonly #entries = new Map<string, { value: unknown; bytes: number }>();
  readonly #budget: number;
  #bytes = 0;

  constructor(budget = PIECE_MEMO_BYTES) {
    this.#budget = budget;
  }

  get(key: string): unknown {
    const found = this.#entries.get(key);
    if (!found) return undefined;
    // Map keeps insertion order: moving a hit to the end makes the first key the least recently used.
    this.#entries.delete(key);
    this.#entries.set(key, found);
    return found.value;
  }

  /** Keeps `value` unless it alone passes the budget; drops the least recently used until the rest fits. */
  set(key: string, value: unknown, bytes: number): void {
    if (bytes > this.#budget || this.#entries.has(key)) return;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [oldest, { bytes: size }] of this.#entries) {
      if (this.#bytes <= this.#budget) break;
      this.#entries.delete(oldest);
      this.#bytes -= size;
    }
  }

  get bytes(): number {
    return this.#bytes;
  }
}
