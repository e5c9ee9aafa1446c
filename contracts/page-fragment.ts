/**
 * The page-HTML API (`GET /api/_analog/page-html/<path>`): a page's HTML inside #root and its head facts, which the
 * router swaps in. Pure.
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
