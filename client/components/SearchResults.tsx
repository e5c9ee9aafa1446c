import type { SearchHit } from '../../contracts/page-payload.ts';
import { formatLongDate } from '../format-date.ts';

/** A result's snippet, with the matched words in <mark>. */
export function Snippet({ hit }: { hit: SearchHit }) {
  return (
    <p className="search-snippet">
      {hit.snippet.map((part, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: a snippet's parts are fixed text in order, never reordered.
        part.mark ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </p>
  );
}

/** A result's section, and a news post's date. */
export function SectionLabel({ hit }: { hit: SearchHit }) {
  return (
    <span className="search-section">
      {hit.section === 'news' ? 'News' : 'Guide'}
      {hit.date && ` · ${formatLongDate(hit.date)}`}
    </span>
  );
}
