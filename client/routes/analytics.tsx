/** /analytics: page views per page, today and all time, from the page-view counter. */
import type { BodyOf, PageMeta, PageViews } from '../../contracts/page-payload.ts';
import { pageMeta } from '../page-meta.ts';
import type { Loaded, LoaderArgs } from '../route-module.ts';

export async function loader({ context }: LoaderArgs): Promise<Loaded> {
  const day = context.now.toISOString().slice(0, 10);
  return { status: 200, meta: meta(context.siteUrl), body: { kind: 'analytics', day, pages: await context.pageViews(day) } };
}

export const meta = (siteUrl: string): PageMeta => pageMeta(siteUrl, '/analytics', 'Race Element - Site usage', 'Page views of the Race Element website.', { noindex: true });

const BAR_HEIGHT = 22;
const LABEL_WIDTH = 300;
const CHART_WIDTH = 640;

/** Page views per page, as a table and a bar chart drawn on the server (no script needed). */
export default function AnalyticsPage({ data: { day, pages } }: { data: BodyOf<'analytics'> }) {
  return (
    <>
      <h1 id="page-heading" tabIndex={-1}>
        Site usage
      </h1>
      <p className="page-intro">
        Page views counted without cookies, IP addresses or user ids: only the page's path. Today is {day} (UTC).
      </p>
      {pages === null ? (
        <p className="notice" role="status">
          Figures are unavailable right now. Please try again later.
        </p>
      ) : pages.length === 0 ? (
        <p>No page views have been counted yet.</p>
      ) : (
        <>
          <ViewsChart pages={pages} />
          <table className="data-table">
            <caption>Page views per page</caption>
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Today</th>
                <th scope="col">All-time</th>
              </tr>
            </thead>
            <tbody>
              {pages.map((p) => (
                <tr key={p.path}>
                  <th scope="row">
                    <a href={p.path}>{p.path}</a>
                  </th>
                  <td>{p.today}</td>
                  <td>{p.allTime}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}

function ViewsChart({ pages }: { pages: PageViews[] }) {
  const shown = pages.slice(0, 15);
  const max = Math.max(1, ...shown.map((p) => p.allTime));
  const scale = (CHART_WIDTH - LABEL_WIDTH - 60) / max;
  const height = shown.length * BAR_HEIGHT + 10;
  return (
    <figure className="chart">
      <svg role="img" aria-labelledby="chart-title" viewBox={`0 0 ${CHART_WIDTH} ${height}`} width="100%">
        {/* One string: React hydrates a <title> with several text children badly. */}
        <title id="chart-title">{`All-time page views of the ${shown.length} most viewed pages`}</title>
        {shown.map((p, i) => {
          const y = i * BAR_HEIGHT + 5;
          return (
            <g key={p.path}>
              <text x={LABEL_WIDTH - 8} y={y + 15} textAnchor="end" className="chart-label">
                {p.path.length > 38 ? `${p.path.slice(0, 37)}…` : p.path}
              </text>
              <rect x={LABEL_WIDTH} y={y + 3} width={Math.max(1, p.allTime * scale)} height={BAR_HEIGHT - 6} className="chart-bar-all" />
              <rect x={LABEL_WIDTH} y={y + 3} width={p.today * scale} height={BAR_HEIGHT - 6} className="chart-bar-today" />
              <text x={LABEL_WIDTH + p.allTime * scale + 6} y={y + 15} className="chart-value">
                {p.allTime}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>Bars: all-time views; the brighter part is today's.</figcaption>
    </figure>
  );
}
