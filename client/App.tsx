import { Layout } from './components/Layout.tsx';
import type { PageData } from './page-data.ts';
import { ArticlePage } from './pages/ArticlePage.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { IndexPage } from './pages/IndexPage.tsx';
import { MessagePage } from './pages/MessagePage.tsx';
import type { SplitPageKind, SplitPages } from './split-pages.ts';

interface AppProps {
  data: PageData;
  path: string;
  /**
   * The pages kept out of the browser's entry chunk (client/split-pages.ts): all of them on the
   * server, those whose chunk has loaded in the browser (which loads one before rendering it).
   */
  splitPages: Partial<SplitPages>;
}

/** The whole page below <body>: layout plus the page that `data.kind` names. */
export function App({ data, path, splitPages }: AppProps) {
  return (
    <Layout path={path} year={data.year}>
      <Page data={data} splitPages={splitPages} />
    </Layout>
  );
}

function Page({ data, splitPages }: { data: PageData; splitPages: Partial<SplitPages> }) {
  switch (data.kind) {
    case 'home':
      return <HomePage latestNews={data.latestNews} />;
    case 'newsIndex':
      return <IndexPage heading="News" intro="Releases, new sims and everything else happening around Race Element." entries={data.entries} pager={data.pager} labels={['Newer', 'Older']} />;
    case 'guideIndex':
      return <IndexPage heading="Guides" intro="Step-by-step help for setting up and using Race Element." entries={data.entries} pager={data.pager} labels={['Previous', 'Next']} />;
    case 'article':
      return <ArticlePage article={data.article} />;
    case 'setup': {
      const SetupPage = loaded(splitPages, 'setup');
      return <SetupPage appUrl={data.appUrl} problem={data.problem} />;
    }
    case 'search': {
      const SearchPage = loaded(splitPages, 'search');
      return <SearchPage query={data.query} results={data.results} />;
    }
    case 'analytics': {
      const AnalyticsPage = loaded(splitPages, 'analytics');
      return <AnalyticsPage day={data.day} pages={data.pages} />;
    }
    case 'notFound':
      return <MessagePage heading={data.heading} message={data.message} suggestions={data.suggestions} />;
    case 'unavailable':
      return <MessagePage heading={data.heading} message={data.message} />;
    case 'error':
      return <MessagePage heading="There was an error" message={data.cause} />;
  }
}

function loaded<K extends SplitPageKind>(splitPages: Partial<SplitPages>, kind: K): SplitPages[K] {
  const page = splitPages[kind];
  // Never on the server; in the browser, a render that skipped loading the chunk first.
  if (!page) throw new Error(`the ${kind} page was rendered before its chunk had loaded`);
  return page as SplitPages[K];
}
