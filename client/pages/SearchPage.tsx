import { SectionLabel, Snippet } from '../components/SearchResults.tsx';
import type { SearchHit } from '../page-data.ts';

/** /search?q=: the results page, for readers without JavaScript and for Enter in the box. */
export function SearchPage({ query, results }: { query: string; results: SearchHit[] }) {
  return (
    <>
      <h1 id="page-heading" tabIndex={-1}>
        {query ? `Results for “${query}”` : 'Search'}
      </h1>
      <form className="search-page-form" role="search" action="/search" method="get">
        <label htmlFor="search-page-input">Search guides and news</label>
        <input id="search-page-input" type="search" name="q" defaultValue={query} maxLength={200} />
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
