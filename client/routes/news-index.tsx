/** /news: the news, newest first, 20 cards a page. Reads the manifest. */
import type { BodyOf, PageMeta } from '../../contracts/page-payload.ts';
import { EntryIndex } from '../components/EntryIndex.tsx';
import { indexMeta, loadIndex } from '../loaders/index-loader.ts';
import type { Loaded, LoaderArgs } from '../route-module.ts';

export const loader = (args: LoaderArgs): Promise<Loaded> => loadIndex('news', args, meta);

export const meta = (siteUrl: string, page: number): PageMeta =>
  indexMeta(siteUrl, 'news', page, 'Race Element - News', 'News and releases of Race Element, the free sim racing companion app.');

export default function NewsIndexPage({ data }: { data: BodyOf<'newsIndex'> }) {
  return (
    <EntryIndex
      heading="News"
      intro="Releases, new sims and everything else happening around Race Element."
      entries={data.entries}
      pager={data.pager}
      labels={['Newer', 'Older']}
    />
  );
}
