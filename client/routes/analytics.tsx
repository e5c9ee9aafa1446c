/** /analytics: page views per page, today and all time. I/O: the page-view counter, through the loader context. */
import type { BodyOf, PageMeta, PageViews } from '../../contracts/page-payload.ts';
import { pageMeta } from '../page-meta.ts';
import type { Loaded, LoaderArgs } from '../route-module.ts';

export async function loader({ context }: LoaderArgs): Promise<Loaded> {
  const day = context.now.toISOString().slice(0, 10);
  return { status: 200, meta: meta(context.siteUrl), body: { kind: 'analytics', day, pages: await context.pageViews(day) } };
}

export const meta = (siteUrl: string): PageMeta =>
  pageMeta(siteUrl, '/analytics', 'Race Element - Site usage', 'Page views of the Race Element website.', { noindex: true });

const CHART_ROWS = 15;

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
          <ViewsChart pages={pages} day={day} />
          <table className="data-table">
            <caption>Page views per page</caption>
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Today</th>
                <th scope="col">All time</th>
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

/**
 * The most viewed pages as a list of bars: HTML text (it wraps and keeps its size on a phone)
 * with an SVG bar per row, whose width is a percentage of the largest count (no inline style,
 * which the CSP would refuse).
 */
function ViewsChart({ pages, day }: { pages: PageViews[]; day: string }) {
  const shown = pages.slice(0, CHART_ROWS);
  const max = Math.max(1, ...shown.map((p) => p.allTime));
  const share = (n: number) => Math.round((n / max) * 1000) / 10;
  return (
    <figure className="chart" aria-labelledby="chart-title">
      <figcaption id="chart-title">
        <strong>Most viewed pages.</strong> {chartLegend(shown, day)}
      </figcaption>
      <ol className="bar-list">
        {shown.map((p) => (
          <li key={p.path}>
            <span className="bar-label">{p.path}</span>
            <span className="bar-value">{p.allTime}</span>
            <svg className="bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
              <rect width={Math.max(0.5, share(p.allTime))} height="10" className="chart-bar-all" />
              {p.today > 0 && p.today < p.allTime && <rect width={share(p.today)} height="10" className="chart-bar-today" />}
            </svg>
          </li>
        ))}
      </ol>
    </figure>
  );
}

/** What the bars are: the brighter part is explained only when some bars have one. */
function chartLegend(shown: PageViews[], day: string): string {
  const base = `Each bar is one page's views since counting began, with the number at its end, longest first.`;
  if (shown.every((p) => p.today === 0)) return `${base} None were counted today (${day}).`;
  if (shown.every((p) => p.today === p.allTime)) return `${base} All of them were counted today (${day}).`;
  return `${base} The brighter start of a bar is the part counted today (${day}).`;
}
