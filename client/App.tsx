import { Layout } from './components/Layout.tsx';
import type { PageData } from './page-data.ts';
import { AnalyticsPage } from './pages/AnalyticsPage.tsx';
import { ArticlePage } from './pages/ArticlePage.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { IndexPage } from './pages/IndexPage.tsx';
import { MessagePage } from './pages/MessagePage.tsx';
import { SearchPage } from './pages/SearchPage.tsx';
import { SetupPage } from './pages/SetupPage.tsx';

/** The whole page below <body>: layout plus the page that `data.kind` names. */
export function App({ data, path }: { data: PageData; path: string }) {
  return (
    <Layout theme={data.theme} path={path} year={data.year}>
      <Page data={data} />
    </Layout>
  );
}

function Page({ data }: { data: PageData }) {
  switch (data.kind) {
    case 'home':
      return <HomePage latestNews={data.latestNews} />;
    case 'newsIndex':
      return <IndexPage heading="News" intro="Releases, new sims and everything else happening around Race Element." entries={data.entries} pager={data.pager} labels={['Newer', 'Older']} />;
    case 'guideIndex':
      return <IndexPage heading="Guides" intro="Step-by-step help for setting up and using Race Element." entries={data.entries} pager={data.pager} labels={['Previous', 'Next']} />;
    case 'article':
      return <ArticlePage article={data.article} />;
    case 'setup':
      return <SetupPage appUrl={data.appUrl} problem={data.problem} />;
    case 'search':
      return <SearchPage query={data.query} results={data.results} />;
    case 'analytics':
      return <AnalyticsPage day={data.day} pages={data.pages} />;
    case 'notFound':
      return <MessagePage heading={data.heading} message={data.message} suggestions={data.suggestions} />;
    case 'unavailable':
      return <MessagePage heading={data.heading} message={data.message} />;
    case 'error':
      return <MessagePage heading="There was an error" message={data.cause} />;
  }
}
