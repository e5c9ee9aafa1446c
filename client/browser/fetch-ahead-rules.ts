/**
 * Which pages to fetch ahead of a tap, from the links in view: whether the connection allows any, in what order, how
 * many. Pure.
 */

/** Page-HTML requests made ahead for one page shown, at most: about the posts of a list a phone shows at once. */
export const FETCH_AHEAD_LIMIT = 3;

/** What the Network Information API tells of the connection (navigator.connection; absent in Firefox and Safari). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** Nothing ahead when the reader asks to save data or the connection is 2G: bytes they may never use cost most there. */
export const mayFetchAhead = (connection: ConnectionHints | undefined): boolean =>
  !connection?.saveData && connection?.effectiveType !== '2g' && connection?.effectiveType !== 'slow-2g';

/** A link that came into view: the page it leads to (path and query) and whether it is in the page's `main`. */
export interface LinkInView {
  page: string;
  inMain: boolean;
}

/**
 * The pages to fetch now, of links that came into view in document order: the page's own links (`main`: posts of a list,
 * links of an article) before the header's, never the page shown or one already asked for, at most `left`.
 */
export function pagesToFetchAhead(inView: readonly LinkInView[], shown: string, asked: ReadonlySet<string>, left: number): string[] {
  const ordered = [...inView.filter((l) => l.inMain), ...inView.filter((l) => !l.inMain)];
  const pages: string[] = [];
  for (const { page } of ordered) {
    if (pages.length >= left) break;
    if (page !== shown && !asked.has(page) && !pages.includes(page)) pages.push(page);
  }
  return pages;
}
