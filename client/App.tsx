/** The whole page below <body>: the layout, and inside it the component of the page's route module. Pure. */
import type { ComponentType } from 'react';
import type { PageBody, PageData } from '../contracts/page-payload.ts';
import { Layout } from './components/Layout.tsx';
import { renderableModule } from './route-table.ts';

export function App({ data, path }: { data: PageData; path: string }) {
  const module = renderableModule(data.kind);
  // Never in the Worker, which loads a lazy module before its loader runs; a caller that skipped
  // `loadRouteModule` would.
  if (!module) throw new Error(`the ${data.kind} page was rendered before its module had loaded`);
  const Page = module.default as ComponentType<{ data: PageBody }>;
  return (
    <Layout path={path} year={data.year} preview={data.preview}>
      <Page data={data} />
    </Layout>
  );
}
