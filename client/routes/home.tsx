/** The home page: what Race Element is, the sims it supports, and the latest news. Reads the news list's first chunk. */
import type { BodyOf, PageMeta } from '../../contracts/page-payload.ts';
import { EntryList } from '../components/EntryList.tsx';
import { entryCard } from '../loaders/entry-cards.ts';
import { AUTHOR, pageMeta } from '../page-meta.ts';
import type { Loaded, LoaderArgs } from '../route-module.ts';
import { SITE } from '../site.ts';

const LATEST_NEWS_ON_HOME = 3;

export async function loader({ context }: LoaderArgs): Promise<Loaded> {
  // The list holds news newest first: no sorting here.
  const latestNews = (await context.content.list('news', 0, LATEST_NEWS_ON_HOME)).entries.map(entryCard);
  return { status: 200, meta: meta(context.siteUrl), body: { kind: 'home', latestNews } };
}

export function meta(siteUrl: string): PageMeta {
  return pageMeta(siteUrl, '/', SITE.name, SITE.description, {
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SITE.name,
      url: siteUrl,
      description: SITE.description,
      author: AUTHOR,
    },
  });
}

const SIMS = [
  'Assetto Corsa Competizione',
  'Assetto Corsa',
  'Assetto Corsa EVO',
  'Assetto Corsa Rally',
  'American Truck Simulator',
  'Automobilista 2',
  'Euro Truck Simulator 2',
  'Forza Horizon 5',
  'Forza Motorsport 8',
  'iRacing',
  'Le Mans Ultimate',
  'Project Motor Racing',
  'RaceRoom',
  'rFactor 2',
  'WRC Generations',
];

const HIGHLIGHTS = [
  { title: 'HUD overlays', text: '40+ modular overlays drawn without the GPU, up to 200 Hz.', href: '/guide/how-to-use-huds' },
  { title: 'Multi-sim', text: 'Follows whichever supported sim you start.', href: '/guide/multi-sim' },
  { title: 'Setups', text: 'Browse, compare and share setups as SetupLinks.', href: '/guide/how-to-use-setups' },
  { title: 'Liveries', text: 'Import, tag and export ACC liveries and skin packs.', href: '/guide/how-to-use-liveries' },
  { title: 'Streaming', text: 'HUDs on stream, Setup Hider, Twitch chat bot.', href: '/guide/huds-and-streaming' },
  { title: 'DualSense triggers', text: 'Feel the car through adaptive triggers with DSX.', href: '/guide/DSX' },
];

export default function HomePage({ data: { latestNews } }: { data: BodyOf<'home'> }) {
  return (
    <div className="home">
      <section className="hero" aria-labelledby="page-heading">
        <h1 id="page-heading" tabIndex={-1}>
          {SITE.name}
        </h1>
        <p className="hero-lead">
          A free, open-source companion app for sim racing on Windows: HUD overlays, setups, liveries, streaming tools and hardware support
          for {SIMS.length} sims.
        </p>
        <p className="hero-actions">
          <a className="button button-primary" href="/guide/how-to-get-started">
            Download and get started
          </a>
          <a className="button" href="/guide/features">
            See all features
          </a>
        </p>
      </section>

      <section aria-labelledby="latest-news">
        <h2 id="latest-news">Latest news</h2>
        <EntryList entries={latestNews} headingLevel={3} />
        <p>
          <a href="/news">All news</a>
        </p>
      </section>

      <section aria-labelledby="highlights">
        <h2 id="highlights">What it does</h2>
        <ul className="highlight-grid">
          {HIGHLIGHTS.map((h) => (
            <li key={h.href}>
              <h3>
                <a href={h.href}>{h.title}</a>
              </h3>
              <p>{h.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="sims">
        <h2 id="sims">Supported sims</h2>
        <ul className="sim-list">
          {SIMS.map((sim) => (
            <li key={sim}>{sim}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
