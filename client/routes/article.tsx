/** An article: /news/:slug and /guide/:slug, with the HTML the upload rendered. Reads its index shard and its piece. */
import { entryPath } from '../../contracts/manifest-lookup.ts';
import type { ArticleView, BodyOf, PageMeta } from '../../contracts/page-payload.ts';
import { PREVIEW_PARAM, verifyPreview } from '../../contracts/preview-token.ts';
import { articlePath, type Section } from '../../contracts/routes.ts';
import type { IndexRow, Listing } from '../../contracts/site-index.ts';
import { PagerLink } from '../components/PagerLink.tsx';
import { formatLongDate } from '../format-date.ts';
import { suggestSlugs } from '../loaders/suggest-slugs.ts';
import { AUTHOR, cardImage, pageMeta } from '../page-meta.ts';
import type { EntryPage, Loaded, LoaderArgs, LoaderContext } from '../route-module.ts';
import { SITE } from '../site.ts';
import { articleCandidates, notFound } from './message.tsx';

/**
 * The index names the entry: by slug, else by slug in another case or by file name (both redirect to the canonical
 * path); a draft answers only to a valid preview link.
 */
export async function loader({ url, params, context }: LoaderArgs): Promise<Loaded> {
  const section: Section = url.pathname.startsWith('/news/') ? 'news' : 'guide';
  const slug = params.slug ?? '';
  const found = await context.content.find(slug);
  // A draft answers only to a valid preview link; anything else gets the missing page's 404.
  const preview = url.searchParams.get(PREVIEW_PARAM);
  if (!found && preview !== null) {
    const draft = await context.content.findDraft(section, slug);
    const expires =
      draft && context.previewSecret ? await verifyPreview(context.previewSecret, articlePath(section, slug), preview, context.now) : null;
    if (draft && expires) return draftArticle(section, draft, expires, context);
  }
  if (!found) {
    return notFound(
      context.siteUrl,
      `/${section}/${slug}`,
      'No Content Found',
      `No article is published at /${section}/${slug}.`,
      suggestSlugs(slug, await articleCandidates(context.content, slug)),
    );
  }
  const canonical = entryPath(found);
  if (canonical !== `/${section}/${slug}`) return { redirect: canonical };

  const page = await context.content.page(found);
  return {
    status: 200,
    meta: meta(context.siteUrl, page.listing, canonical),
    body: { kind: 'article', article: articleView(section, page, context) },
  };
}

/** A draft through its preview link: the article as it will be, marked, unindexed, with no neighbours. */
async function draftArticle(section: Section, draft: IndexRow, expires: Date, context: LoaderContext): Promise<Loaded> {
  const page = await context.content.page(draft);
  const article = articleView(section, { ...page, previous: null, next: null }, context);
  return {
    status: 200,
    meta: { ...meta(context.siteUrl, page.listing, articlePath(section, draft.slug)), noindex: true },
    body: { kind: 'article', article: { ...article, updated: null, draft: { expires: expires.toISOString() } } },
  };
}

function articleView(section: Section, { stored, listing: entry, previous, next }: EntryPage, context: LoaderContext): ArticleView {
  return {
    section,
    slug: entry.slug,
    title: entry.title,
    description: entry.description,
    type: entry.type,
    date: entry.date,
    html: stored.html,
    toc: stored.toc,
    hasDiagrams: stored.hasDiagrams,
    readingMinutes: stored.readingMinutes,
    // The day of the file's last edit after publication, as its author saw it; null if none.
    updated: entry.updated?.slice(0, 10) ?? null,
    editUrl: context.editBaseUrl ? `${context.editBaseUrl}${entry.type === 'news' ? 'news/' : 'guide/'}${entry.file}` : null,
    previous,
    next,
  };
}

export function meta(siteUrl: string, entry: Listing, path: string): PageMeta {
  const kind = entry.type === 'news' ? 'News' : 'Guide';
  const title = `Race Element - ${kind} | ${entry.title}`;
  const url = `${siteUrl}${path}`;
  const image = cardImage(siteUrl, entry.card);
  return pageMeta(siteUrl, path, title, entry.description, {
    ogType: 'article',
    image,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': entry.type === 'news' ? 'NewsArticle' : 'TechArticle',
      headline: entry.title,
      description: entry.description,
      url,
      image: image.url,
      author: AUTHOR,
      publisher: { '@type': 'Organization', name: SITE.name, logo: { '@type': 'ImageObject', url: `${siteUrl}${SITE.image}` } },
      ...(entry.date ? { datePublished: entry.date } : {}),
      ...((entry.updated ?? entry.date) ? { dateModified: entry.updated ?? entry.date } : {}),
      mainEntityOfPage: url,
    },
  });
}

export default function ArticlePage({ data: { article } }: { data: BodyOf<'article'> }) {
  const toc = article.toc.filter((item) => item.depth <= 3);
  // News runs newest first, so its neighbours are newer and older; guides run by title.
  const [previousLabel, nextLabel] = article.type === 'news' ? ['Newer', 'Older'] : ['Previous', 'Next'];
  return (
    <article className="article">
      <header className="article-header">
        {article.type === 'guide' && (
          <p className="breadcrumb">
            <a href="/guide">Guides</a> <span aria-hidden="true">&gt;</span> {article.title}
          </p>
        )}
        {article.type === 'news' && (
          <p className="breadcrumb">
            <a href="/news">News</a> <span aria-hidden="true">&gt;</span> {article.title}
          </p>
        )}
        {article.draft && (
          <p className="notice draft-banner" role="note">
            <strong>Draft</strong>: not published. Only people with this link can see it, until{' '}
            <time dateTime={article.draft.expires}>{formatLongDate(article.draft.expires.slice(0, 10))}</time>.
          </p>
        )}
        <h1 id="page-heading" tabIndex={-1}>
          {article.title}
        </h1>
        <p className="article-meta">
          {article.date && (
            <time className="entry-date" dateTime={article.date}>
              {formatLongDate(article.date)}
            </time>
          )}
          {article.readingMinutes > 0 && <span className="reading-time">{article.readingMinutes} min read</span>}
        </p>
      </header>
      {toc.length > 1 && (
        <nav className="toc" aria-label="On this page">
          {/* Open in the server HTML, so the list is there without JavaScript; the key gives
              every article a fresh element, open again, after a client navigation. */}
          <details key={article.slug} open>
            <summary className="toc-title">On this page</summary>
            <ul>
              {toc.map((item) => (
                <li key={item.id} className={`toc-depth-${item.depth}`}>
                  <a href={`#${item.id}`}>{item.text}</a>
                </li>
              ))}
            </ul>
          </details>
        </nav>
      )}
      <div className="prose" dangerouslySetInnerHTML={{ __html: article.html }} />
      {(article.updated || article.editUrl) && (
        <footer className="article-footer">
          {article.updated && (
            <p>
              Last updated <time dateTime={article.updated}>{formatLongDate(article.updated)}</time>
            </p>
          )}
          {article.editUrl && (
            <p>
              <a href={article.editUrl} target="_blank" rel="noopener">
                Edit this page<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </p>
          )}
        </footer>
      )}
      {(article.previous || article.next) && (
        <nav className="article-pager" aria-label="More articles">
          <ul>
            {article.previous && <PagerLink link={article.previous} label={previousLabel} rel="prev" />}
            {article.next && <PagerLink link={article.next} label={nextLabel} rel="next" />}
          </ul>
        </nav>
      )}
    </article>
  );
}
