import type { EntryCard } from '../../contracts/page-payload.ts';
import { formatLongDate } from '../format-date.ts';

/** Article cards for the index pages and the home page. */
export function EntryList({ entries, headingLevel = 2 }: { entries: EntryCard[]; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className="entry-list">
      {entries.map((entry) => (
        <li key={entry.href} className="entry-card">
          <Heading className="entry-card-title">
            <a href={entry.href}>{entry.title}</a>
          </Heading>
          {entry.date && (
            <time className="entry-date" dateTime={entry.date}>
              {formatLongDate(entry.date)}
            </time>
          )}
          <p>{entry.description}</p>
        </li>
      ))}
    </ul>
  );
}
