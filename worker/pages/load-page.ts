/**
 * Loads a page for a URL: the route table's loader, or the message page for a content error. Used by the SSR route and
 * the page-data API alike, so the two agree. I/O: what the loader reads.
 */

import type { Loaded, LoaderContext } from '../../client/route-module.ts';
import { loadRouteModule, MESSAGE_ROUTE, matchRoute } from '../../client/route-table.ts';
import { contentErrorPage } from '../../client/routes/message.tsx';
import { ContentError, contentErrorStatus } from '../../contracts/content-error.ts';
import type { PagePayload } from '../../contracts/page-payload.ts';
import type { ReadContent } from '../http/shared-cache.ts';
import { BUILD_ID } from './client-assets.ts';

export type LoadResult =
  | {
      type: 'page';
      status: number;
      payload: PagePayload;
      /** Seconds to ask clients to wait before retrying (503s). */
      retryAfter?: number;
      /** Served from the last good manifest because KV failed. */
      stale: boolean;
    }
  | { type: 'redirect'; location: string };

/** The reader's `stale` flag and next go-live ride along with the context the loaders see. */
export type PageLoaderContext = LoaderContext & { content: ReadContent };

/** The page's status and payload, or a redirect; a lazy route's module is loaded too: the Worker renders every page. */
export async function loadPage(url: URL, context: PageLoaderContext): Promise<LoadResult> {
  let loaded: Loaded;
  try {
    loaded = await runLoader(url, context);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    loaded = contentErrorPage(error, url.pathname, context.siteUrl);
  }
  if ('redirect' in loaded) return { type: 'redirect', location: loaded.redirect };
  const retry = loaded.status === 503 ? contentErrorStatus('unavailable') : null;
  const preview = context.preview;
  return {
    type: 'page',
    status: loaded.status,
    payload: {
      // A preview's pages are never indexed; each names the preview for its banner.
      meta: preview ? { ...loaded.meta, noindex: true } : loaded.meta,
      data: { ...loaded.body, year: context.now.getUTCFullYear(), ...(preview ? { preview } : {}) },
      build: BUILD_ID,
    },
    ...(retry && 'retryAfter' in retry ? { retryAfter: retry.retryAfter } : {}),
    stale: context.content.stale,
  };
}

/** True for a draft shown through its preview link: private, never cached or indexed. */
export const isDraftPayload = (payload: PagePayload): boolean =>
  payload.data.kind === 'article' && payload.data.article.draft !== undefined;

async function runLoader(url: URL, context: LoaderContext): Promise<Loaded> {
  const match = matchRoute(url.pathname);
  const route = match?.route ?? MESSAGE_ROUTE;
  const module = 'lazy' in route ? await loadRouteModule(route.name) : route.module;
  if (!module.loader) throw new Error(`the ${route.name} route has no loader in this build`);
  return module.loader({ url, params: match?.params ?? {}, context });
}
