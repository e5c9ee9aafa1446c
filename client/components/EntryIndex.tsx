import type { EntryCard, IndexPager } from '../../contracts/page-payload.ts';
import { EntryList } from './EntryList.tsx';
import { PagerLink } from './PagerLink.tsx';

interface EntryIndexProps {
  heading: string;
  intro: string;
  entries: EntryCard[];
  pager: IndexPager;
  /** What the links to the previous and the next page say. */
  labels: [previous: string, next: string];
}

/** The news index (newest first) and the guide index (by title), a page of cards at a time. */
export function EntryIndex({ heading, intro, entries, pager, labels }: EntryIndexProps) {
  const { page, pageCount, previous, next } = pager;
  return (
    <>
      <h1 id="page-heading" tabIndex={-1}>
        {heading}
        {page > 1 && `, page ${page}`}
      </h1>
      <p className="page-intro">{intro}</p>
      <EntryList entries={entries} />
      {pageCount > 1 && (
        <nav className="article-pager" aria-label={`${heading} pages`}>
          <ul>
            {previous && <PagerLink link={{ title: `Page ${page - 1} of ${pageCount}`, href: previous }} label={labels[0]} rel="prev" />}
            {next && <PagerLink link={{ title: `Page ${page + 1} of ${pageCount}`, href: next }} label={labels[1]} rel="next" />}
          </ul>
        </nav>
      )}
    </>
  );
}
