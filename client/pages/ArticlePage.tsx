import type { ArticleLink, ArticleView } from '../page-data.ts';
import { formatLongDate } from '../format-date.ts';

export function ArticlePage({ article }: { article: ArticleView }) {
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
          <span className="reading-time">{article.readingMinutes} min read</span>
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

/** One end of a pager: the direction, then the title of the page it leads to. */
export function PagerLink({ link, label, rel }: { link: ArticleLink; label: string; rel: 'prev' | 'next' }) {
  return (
    <li className={`pager-${rel}`}>
      <a href={link.href} rel={rel}>
        <span className="pager-label">
          {label}
          <span className="visually-hidden">: </span>
        </span>
        <span className="pager-title">{link.title}</span>
      </a>
    </li>
  );
}
