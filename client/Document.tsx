/**
 * The HTML document the Worker renders: <head> with every meta tag of the page, the app
 * inside #root, and the page payload as JSON for hydration. Rendered on the server only;
 * after a client navigation, head tags are updated by `client/head.ts` from the same PageMeta.
 */
import { App } from './App.tsx';
import { PAYLOAD_ELEMENT_ID, type PagePayload } from './page-data.ts';
import { AnalyticsPage } from './pages/AnalyticsPage.tsx';
import { SearchPage } from './pages/SearchPage.tsx';
import { SetupPage } from './pages/SetupPage.tsx';
import { SITE } from './site.ts';
import { isSplitPage, type SplitPageKind, type SplitPages } from './split-pages.ts';

/** The server renders every page at once, the ones the browser loads on demand included. */
const SPLIT_PAGES: SplitPages = { analytics: AnalyticsPage, setup: SetupPage, search: SearchPage };

export interface DocumentAssets {
  /** Hashed URLs from the client build. */
  scripts: string[];
  styles: string[];
  preloads: string[];
  /** A split page's chunk and what it imports beyond the above: preloaded on that page only. */
  splitPagePreloads: Record<SplitPageKind, string[]>;
  /** The stylesheet's text, placed in a <style> element instead of links (empty: none). */
  inlineCss: string;
}

interface DocumentProps {
  payload: PagePayload;
  /** `serializePayload(payload)`, made once per request by the caller (it also hashes it). */
  payloadJson: string;
  assets: DocumentAssets;
  nonce: string;
}

/** JSON safe to place inside <script>: no `</script>`, no `<!--`, no line separators. */
export function serializePayload(payload: PagePayload): string {
  return JSON.stringify(payload)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function Document({ payload, payloadJson, assets, nonce }: DocumentProps) {
  const { meta, data } = payload;
  // The page's own chunk loads alongside the entry, not after it: hydration waits for both.
  const preloads = isSplitPage(data.kind) ? [...assets.preloads, ...assets.splitPagePreloads[data.kind]] : assets.preloads;
  return (
    // No data-theme without a chosen theme: the stylesheet then follows prefers-color-scheme.
    <html lang="en" data-theme={data.theme === 'system' ? undefined : data.theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={data.theme === 'system' ? 'dark light' : data.theme} />
        <HeadTags payload={payload} />
        {assets.inlineCss && <style dangerouslySetInnerHTML={{ __html: assets.inlineCss }} />}
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {preloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} nonce={nonce} />
        ))}
        {assets.scripts.map((src) => (
          // Module scripts run after the document is parsed: hydration sees the whole page.
          <script key={src} type="module" src={src} nonce={nonce} />
        ))}
        <link rel="icon" href={SITE.favicon} sizes="16x16 32x32 48x48" />
        <link rel="apple-touch-icon" href={SITE.appleTouchIcon} />
        <link rel="manifest" href={SITE.webManifest} />
        <link rel="alternate" type="application/atom+xml" title="Race Element news" href="/news/feed.xml" />
      </head>
      <body>
        <div id="root">
          <App data={data} path={new URL(meta.url).pathname} splitPages={SPLIT_PAGES} />
        </div>
        <script
          type="application/json"
          id={PAYLOAD_ELEMENT_ID}
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: payloadJson }}
        />
      </body>
    </html>
  );
}

/** Title, description, canonical, Open Graph, Twitter and JSON-LD: each marked for replacement. */
function HeadTags({ payload: { meta } }: { payload: PagePayload }) {
  return (
    <>
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} data-page-meta="" />
      <meta name="author" content={SITE.authorHandle} />
      {meta.noindex && <meta name="robots" content="noindex" data-page-meta="" />}
      <link rel="canonical" href={meta.url} data-page-meta="" />
      <meta property="og:title" content={meta.title} data-page-meta="" />
      <meta property="og:description" content={meta.description} data-page-meta="" />
      <meta property="og:url" content={meta.url} data-page-meta="" />
      <meta property="og:type" content={meta.ogType} data-page-meta="" />
      <meta property="og:site_name" content={SITE.name} />
      <meta property="og:locale" content="en_US" />
      <meta property="og:image" content={meta.image} data-page-meta="" />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={meta.title} data-page-meta="" />
      <meta name="twitter:description" content={meta.description} data-page-meta="" />
      <script
        type="application/ld+json"
        data-page-meta=""
        dangerouslySetInnerHTML={{ __html: JSON.stringify(meta.jsonLd).replace(/</g, '\\u003c') }}
      />
    </>
  );
}
