/** The isolate's memo of search pieces by (immutable) key, bounded in bytes, oldest read first out. Pure but for its memo. */

/** About 2 MB of UTF-16: a query reads at most about 300 KB (docs/performance.md, Search). */
const MEMO_CHARS = 1_000_000;
const memo = new Map<string, string>();
let chars = 0;

/** `read` behind the memo: a piece read once in this isolate is not read again while it stays among the newest. */
export function cachedPieces(read: (key: string) => Promise<string>): (key: string) => Promise<string> {
  return async (key) => {
    const kept = memo.get(key);
    if (kept !== undefined) {
      memo.delete(key);
      memo.set(key, kept);
      return kept;
    }
    const value = await read(key);
    if (!memo.has(key)) chars += value.length;
    memo.set(key, value);
    for (const [old, text] of memo) {
      if (chars <= MEMO_CHARS) break;
      memo.delete(old);
      chars -= text.length;
    }
    return value;
  };
}
