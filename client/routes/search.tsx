/** /search?q=: the results page, for readers without JavaScript and for Enter in the box. Reads the search index. */
import type { BodyOf, PageMeta } from '../../contracts/page-payload.ts';
import { MAX_QUERY_LENGTH } from '../../contracts/routes.ts';
import { SectionLabel, Snippet } from '../components/SearchResults.tsx';
import { pageMeta } from '../page-meta.ts';
import type { Loaded, LoaderArgs } from '../route-module.ts';

export async function loader({ url, context }: LoaderArgs): Promise<Loaded> {
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const engine = query ? await context.content.search() : null;
  return {
    status: 200,
    meta: meta(context.siteUrl, query),
    body: { kind: 'search', query, results: engine ? await engine.search(query) : [] },
  };
}

export const meta = (siteUrl: string, query: string): PageMeta =>
  pageMeta(
    siteUrl,
    '/search',
    query ? `Race Element - Search: ${query}` : 'Race Element - Search',
    'Search the Race Element guides and news.',
    { noindex: true },
  );

export default function SearchPage({ data: { query, results } }: { data: BodyOf<'search'> }) {
  return (
    <>
      <h1 id="page-heading" tabIndex={-1}>
        {query ? `Results for “${query}”` : 'Search'}
      </h1>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for the browsers the site serves; axe checks the landmark. */}
      <form className="search-page-form" role="search" action="/search" method="get">
        <label htmlFor="search-page-input">Search guides and news</label>
        <input id="search-page-input" type="search" name="q" defaultValue={query} maxLength={MAX_QUERY_LENGTH} />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {query && results.length === 0 && <p className="page-intro">Nothing matched. Try fewer or other words.</p>}
      {results.length > 0 && (
        <ol className="search-results">
          {results.map((hit) => (
            <li key={hit.href} className="entry-card">
              <h2 className="entry-card-title">
                <a href={hit.href}>{hit.title}</a>
              </h2>
              <SectionLabel hit={hit} />
              <Snippet hit={hit} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
