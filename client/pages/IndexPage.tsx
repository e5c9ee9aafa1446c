import { EntryList } from '../components/EntryList.tsx';
import type { EntryCard } from '../page-data.ts';

/** The news index (newest first) and the guide index (by title). */
export function IndexPage({ heading, intro, entries }: { heading: string; intro: string; entries: EntryCard[] }) {
  return (
    <>
      <h1 id="page-heading" tabIndex={-1}>
        {heading}
      </h1>
      <p className="page-intro">{intro}</p>
      <EntryList entries={entries} />
    </>
  );
}
