/** /guide: the guides by title, 20 cards a page. Reads the manifest. */
import type { BodyOf, PageMeta } from '../../contracts/page-payload.ts';
import { EntryIndex } from '../components/EntryIndex.tsx';
import { indexMeta, loadIndex } from '../loaders/index-loader.ts';
import type { Loaded, LoaderArgs } from '../route-module.ts';

export const loader = (args: LoaderArgs): Promise<Loaded> => loadIndex('guide', args, meta);

export const meta = (siteUrl: string, page: number): PageMeta =>
  indexMeta(
    siteUrl,
    'guide',
    page,
    'Race Element - Guides',
    'Guides for installing and using Race Element: HUDs, setups, liveries, streaming and more.',
  );

export default function GuideIndexPage({ data }: { data: BodyOf<'guideIndex'> }) {
  return (
    <EntryIndex
      heading="Guides"
      intro="Step-by-step help for setting up and using Race Element."
      entries={data.entries}
      pager={data.pager}
      labels={['Previous', 'Next']}
    />
  );
}
