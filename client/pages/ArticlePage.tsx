import type { ArticleView } from '../page-data.ts';
import { formatLongDate } from '../format-date.ts';

export function ArticlePage({ article }: { article: ArticleView }) {
  const toc = article.toc.filter((item) => item.depth <= 3);
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
        <h1 id="page-heading" tabIndex={-1}>
          {article.title}
        </h1>
        {article.date && (
          <time className="entry-date" dateTime={article.date}>
            {formatLongDate(article.date)}
          </time>
        )}
      </header>
      {toc.length > 1 && (
        <nav className="toc" aria-label="On this page">
          <p className="toc-title">On this page</p>
          <ul>
            {toc.map((item) => (
              <li key={item.id} className={`toc-depth-${item.depth}`}>
                <a href={`#${item.id}`}>{item.text}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="prose" dangerouslySetInnerHTML={{ __html: article.html }} />
    </article>
  );
}
