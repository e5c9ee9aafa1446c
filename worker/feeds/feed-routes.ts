/**
 * Feeds and indexing from the lists alone: /news/feed.xml (the news list's head), /sitemap.xml (and its children past
 * one file's limits) and /llms.txt (the catalogue), /robots.txt, and each article's markdown (`<page>.md`). I/O: reads KV.
 */
import { type Context, Hono } from 'hono';
import { ContentError, contentErrorStatus } from '../../contracts/content-error.ts';
import { entryTag, listTag } from '../../contracts/edge-cache.ts';
import { entryPath, sectionOf } from '../../contracts/manifest-lookup.ts';
import type { Section } from '../../contracts/routes.ts';
import type { ListName } from '../../contracts/site-index.ts';
import type { AppEnv } from '../app-env.ts';
import { hexDigest, notModified } from '../http/etag.ts';
import { type CacheHeaders, contentCacheHeaders, sharedCacheHeaders } from '../http/shared-cache.ts';
import { renderPage } from '../pages/page-route.ts';
import { contentFor } from '../preview/preview-session.ts';
import { ATOM_CONTENT_TYPE, atomFeed, FEED_ENTRIES, NEWS_FEED_PATH } from './atom.ts';
import { type SiteContent, siteContent } from './site-content.ts';
import { CHILD_SITEMAP_ROUTE, childSitemapXml, sitemapXml, XML_CONTENT_TYPE } from './sitemap.ts';
import { llmsTxt, MARKDOWN_CONTENT_TYPE, robotsTxt, TEXT_CONTENT_TYPE } from './text-files.ts';
import { FeedDataError } from './xml.ts';

/**
 * Shared like pages (http/shared-cache.ts), tagged with what they list; the ETag follows what is served (manifest
 * version and body, or the article's source hash), so a revalidation costs one KV read and a 304. Mounted before the
 * page route, which would take /news/feed.xml.
 */
export const feeds = new Hono<AppEnv>();

const siteUrlOf = (c: Context<AppEnv>): string => c.env.SITE_URL.replace(/\/$/, '');

/**
 * A document built from the head of a list (`read` entries of it), tagged with `sections`; its ETag names the published
 * version and the body's hash. `build` answering null: no such document (404).
 */
function fromList(
  contentType: string,
  sections: Section[],
  [list, read]: [ListName, number],
  build: (content: SiteContent, c: Context<AppEnv>) => string | null,
) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const siteUrl = siteUrlOf(c);
    const content = contentFor(c);
    let body: string | null;
    let version: number;
    try {
      const [published, { entries }] = await Promise.all([content.published(), content.list(list, 0, read)]);
      version = published.version;
      body = build(siteContent(published, entries, siteUrl), c);
    } catch (error) {
      return problem(c, error);
    }
    if (body === null) return c.text(`No sitemap is published at ${c.req.path}.`, 404, { 'Cache-Control': 'no-cache' });
    const headers = contentCacheHeaders(sections.map(listTag), content);
    return cacheable(c, `W/"m${version}-${(await hexDigest('SHA-256', body)).slice(0, 24)}"`, headers, (sent) =>
      c.body(body, 200, { ...sent, 'Content-Type': contentType }),
    );
  };
}

/** The sitemap and llms.txt choose from every entry: the catalogue, in pieces of a few hundred entries. */
const EVERY_ENTRY: [ListName, number] = ['all', Number.POSITIVE_INFINITY];
feeds.get(NEWS_FEED_PATH, fromList(ATOM_CONTENT_TYPE, ['news'], ['news', FEED_ENTRIES], atomFeed));
feeds.get(
  '/sitemap.xml',
  fromList(XML_CONTENT_TYPE, ['news', 'guide'], EVERY_ENTRY, (content) => sitemapXml(content)),
);
const childNumber = (c: Context<AppEnv>) => Number((c.req.param('sitemap') ?? '').slice('sitemap-'.length, -'.xml'.length));
feeds.get(
  CHILD_SITEMAP_ROUTE,
  fromList(XML_CONTENT_TYPE, ['news', 'guide'], EVERY_ENTRY, (content, c) => childSitemapXml(content, childNumber(c))),
);
feeds.get('/llms.txt', fromList(TEXT_CONTENT_TYPE, ['news', 'guide'], EVERY_ENTRY, llmsTxt));

// Independent of content: a crawler that got a 5xx for robots.txt would stop crawling the site.
feeds.get('/robots.txt', async (c) => {
  const body = robotsTxt(siteUrlOf(c));
  return cacheable(c, `W/"${(await hexDigest('SHA-256', body)).slice(0, 24)}"`, sharedCacheHeaders([], null), (sent) =>
    c.body(body, 200, { ...sent, 'Content-Type': TEXT_CONTENT_TYPE }),
  );
});

const markdownSource =
  (section: 'news' | 'guide') =>
  async (c: Context<AppEnv>): Promise<Response> => {
    const url = new URL(c.req.url);
    const name = (c.req.param('file') ?? '').slice(0, -'.md'.length);
    const content = contentFor(c);
    try {
      const found = await content.find(name);
      if (!found) {
        // A page whose slug itself ends in .md (slugs may hold dots) is the page route's to render.
        const page = await content.find(`${name}.md`);
        if (page && page.slug.toLowerCase() === `${name}.md`.toLowerCase()) return renderPage(c, url);
        return c.text(`No article is published at ${url.pathname}.`, 404, { 'Cache-Control': 'no-cache' });
      }
      const canonical = entryPath(found);
      if (`/${section}/${name}` !== canonical) return c.redirect(`${canonical}.md${url.search}`, 301);
      const headers = contentCacheHeaders([entryTag(sectionOf(found), found.slug)], content);
      // The key names the piece by its content, the markdown among it.
      return await cacheable(c, `W/"${found.key.slice(found.key.indexOf('/') + 1)}"`, headers, async (sent) => {
        const { stored } = await content.page(found);
        return c.body(stored.markdown, 200, {
          ...sent,
          'Content-Type': MARKDOWN_CONTENT_TYPE,
          // The HTML page is the one to index; this is its source.
          Link: `<${siteUrlOf(c)}${canonical}>; rel="canonical"`,
        });
      });
    } catch (error) {
      return problem(c, error);
    }
  };
feeds.get('/news/:file{[^/]+\\.md}', markdownSource('news'));
feeds.get('/guide/:file{[^/]+\\.md}', markdownSource('guide'));

for (const path of [
  NEWS_FEED_PATH,
  '/sitemap.xml',
  CHILD_SITEMAP_ROUTE,
  '/robots.txt',
  '/llms.txt',
  '/news/:file{[^/]+\\.md}',
  '/guide/:file{[^/]+\\.md}',
]) {
  feeds.all(path, (c) => c.text(`Method ${c.req.method} is not allowed here.`, 405, { Allow: 'GET, HEAD' }));
}

/** 304 when the visitor holds this version, else the response `send` makes with the cache headers and the ETag. */
async function cacheable(
  c: Context<AppEnv>,
  etag: string,
  headers: CacheHeaders,
  send: (headers: CacheHeaders) => Response | Promise<Response>,
): Promise<Response> {
  return notModified(c.req.raw, etag, headers) ?? send({ ...headers, ETag: etag });
}

/**
 * Content that cannot be read answers a short plain-text reason: 503 before the first publish, or while KV fails or
 * holds no valid manifest with no copy held (with Retry-After), else 500.
 */
function problem(c: Context<AppEnv>, error: unknown): Response {
  const headers = { 'Cache-Control': 'no-store' };
  if (error instanceof ContentError && error.kind !== 'unreadable') {
    const answer = contentErrorStatus(error.kind);
    const retry: Record<string, string> = 'retryAfter' in answer ? { 'Retry-After': String(answer.retryAfter) } : {};
    if (error.kind === 'unpublished') return c.text(`Not published yet: ${error.message}`, answer.status, { ...headers, ...retry });
    console.error('feeds', error.message);
    // The reason, as the pages' 503 gives it (client/routes/message.tsx): an invalid manifest's names its fix.
    return c.text(`Temporarily unavailable: the content store cannot be read right now. (${error.message})`, answer.status, {
      ...headers,
      ...retry,
    });
  }
  if (error instanceof ContentError || error instanceof FeedDataError) {
    console.error('feeds', error.message);
    return c.text(`There was an error: ${error.message}`, 500, headers);
  }
  throw error;
}
