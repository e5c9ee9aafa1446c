/**
 * The page-HTML API: what the browser's router swaps in to show another page without a reload.
 * `GET /api/_analog/page-html/<path>?<query>` answers the server's HTML of everything inside
 * #root for that page, with its head facts, from the same loader as the page itself. Pure.
 */
import type { PageKind, PageMeta } from './page-payload.ts';
import { API_PREFIX } from './routes.ts';

export const PAGE_HTML_API_PREFIX = `${API_PREFIX}/page-html`;
/** `/news/x` → `/api/_analog/page-html/news/x`. */
export const pageHtmlApiPath = (pathname: string): string => `${PAGE_HTML_API_PREFIX}${pathname === '/' ? '' : pathname}`;

export interface PageFragment {
  /** The client build the HTML was rendered for: another one than the tab's means a full load. */
  build: string;
  status: number;
  kind: PageKind;
  meta: PageMeta;
  /** The server's rendering of the page inside #root (layout included). */
  html: string;
}
