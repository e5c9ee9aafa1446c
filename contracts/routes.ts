/**
 * URLs the writer, the reader and the browser must agree on: where an article lives, and the JSON API's paths. Pure.
 * Which page answers which path is the route table (client/route-table.ts).
 */

export type Section = 'news' | 'guide';

/** An article's canonical path, `/news/<slug>` or `/guide/<slug>`. */
export const articlePath = (section: Section, slug: string): string => `/${section}/${slug}`;

/** Everything the JSON API answers lives under this prefix. */
export const API_PREFIX = '/api/_analog';

/** Where the page-data API answers for a page path: `/news/x` → `/api/_analog/pages/news/x`. */
export const PAGE_API_PREFIX = `${API_PREFIX}/pages`;
export const pageApiPath = (pathname: string): string => `${PAGE_API_PREFIX}${pathname === '/' ? '' : pathname}`;

/** Search-as-you-type: `?q=`. */
export const SEARCH_API_PATH = `${API_PREFIX}/search`;
/** Longer queries are refused (the search API) or cut (the search page). */
export const MAX_QUERY_LENGTH = 200;

/**
 * The state-changing API (page views) and the XSRF token it needs: the XSRF cookie's path, so that no page, page data
 * or search request carries a cookie (contracts/xsrf-names.ts).
 */
export const STATE_API_PREFIX = `${API_PREFIX}/analytics`;

/** GET: gives the browser its XSRF token (`{ token }`, and the cookie), before its first state-changing request. */
export const XSRF_TOKEN_API_PATH = `${STATE_API_PREFIX}/xsrf-token`;

/** Page views: POST `{ "path": "/news/…" }`. */
export const PAGE_VIEW_API_PATH = `${STATE_API_PREFIX}/hits`;

/** A code-sample file from content/samples/, as text. */
export const SAMPLES_API_PREFIX = `${API_PREFIX}/samples/`;
/** Where the samples API serves a file of content/samples/, each segment encoded. */
export const sampleApiPath = (path: string): string => `${SAMPLES_API_PREFIX}${path.split('/').map(encodeURIComponent).join('/')}`;

/**
 * The publish lock (worker/publishing/): POST with `Authorization: Bearer <PUBLISH_SECRET>`, from every upload (local
 * and remote). Not cookie-authenticated, so the only API paths the XSRF gate lets through without its token; bodies in
 * contracts/publish-lock.ts.
 */
export const PUBLISH_CLAIM_API_PATH = `${API_PREFIX}/publish/claim`;
export const PUBLISH_COMMIT_API_PATH = `${API_PREFIX}/publish/commit`;
export const PUBLISH_RELEASE_API_PATH = `${API_PREFIX}/publish/release`;
/** Empties the shared cache in front of the Worker of what a publish changed (contracts/edge-cache.ts). */
export const PUBLISH_PURGE_API_PATH = `${API_PREFIX}/publish/purge`;
/** The paths the XSRF gate lets through to the bearer check. */
export const PUBLISH_API_PATHS: readonly string[] = [
  PUBLISH_CLAIM_API_PATH,
  PUBLISH_COMMIT_API_PATH,
  PUBLISH_RELEASE_API_PATH,
  PUBLISH_PURGE_API_PATH,
];

/** Whole-site previews (contracts/site-preview.ts): `/_preview/<name>?token=…` starts a session under `/_preview/<name>/`, this ends it (`?name=<name>&to=<path>`). */
export const PREVIEW_PATH_PREFIX = '/_preview/';
export const LEAVE_PREVIEW_PATH = `${PREVIEW_PATH_PREFIX}leave`;
