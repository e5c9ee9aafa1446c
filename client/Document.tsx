/**
 * The HTML document the Worker renders: <head> from PageMeta, the page in #root, its build, kind and meta as JSON
 * for the entry (contracts/page-payload.ts, PageFacts). Server only, pure; after a client navigation `client/browser/head.ts` updates the head.
 */
import { PAYLOAD_ELEMENT_ID, type PageFacts, type PagePayload, pageFacts } from '../contracts/page-payload.ts';
import { App } from './App.tsx';
import { INLINE_SCRIPTS } from './inline-scripts.ts';
import { SITE } from './site.ts';

export interface DocumentAssets {
  /** Hashed URLs from the client build. */
  scripts: string[];
  styles: string[];
  /** The stylesheet's text, placed in a <style> element instead of links (empty: none). */
  inlineCss: string;
}

interface DocumentProps {
  payload: PagePayload;
  assets: DocumentAssets;
}

/** JSON safe to place inside <script>: no `</script>`, no `<!--`, no line separators. */
export function serializePayload(payload: PagePayload | PageFacts): string {
  return JSON.stringify(payload)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function Document({ payload, assets }: DocumentProps) {
  const { meta, data } = payload;
  return (
    // The same HTML for every visitor: a chosen theme is put on <html> by the first script.
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark light" />
        <script dangerouslySetInnerHTML={{ __html: INLINE_SCRIPTS.themeFirst }} />
        <HeadTags payload={payload} />
        {assets.inlineCss && <style dangerouslySetInnerHTML={{ __html: assets.inlineCss }} />}
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <link rel="icon" href={SITE.favicon} sizes="32x32" />
        <link rel="apple-touch-icon" href={SITE.appleTouchIcon} />
        <link rel="manifest" href={SITE.webManifest} />
        <link rel="alternate" type="application/atom+xml" title="Race Element news" href="/news/feed.xml" />
      </head>
      <body>
        <div id="root">
          <App data={data} path={new URL(meta.url).pathname} />
        </div>
        <script
          type="application/json"
          id={PAYLOAD_ELEMENT_ID}
          dangerouslySetInnerHTML={{ __html: serializePayload(pageFacts(payload)) }}
        />
        {assets.scripts.map((src) => (
          // Paint first, script after: the entry is imported once the page has been painted.
          <script key={src} data-entry={src} dangerouslySetInnerHTML={{ __html: INLINE_SCRIPTS.paintFirst }} />
        ))}
      </body>
    </html>
  );
}

/** Title, description, canonical, Open Graph, Twitter and JSON-LD: each marked for replacement. */
function HeadTags({ payload: { meta } }: { payload: PagePayload }) {
  return (
    <>
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      <meta name="author" content={SITE.authorHandle} />
      {meta.noindex && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={meta.url} />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={meta.url} />
      <meta property="og:type" content={meta.ogType} />
      <meta property="og:site_name" content={SITE.name} />
      <meta property="og:locale" content="en_US" />
      <meta property="og:image" content={meta.image.url} />
      <meta property="og:image:width" content={String(meta.image.width)} />
      <meta property="og:image:height" content={String(meta.image.height)} />
      <meta property="og:image:alt" content={meta.image.alt} />
      {/* Every page's image is a 1200×630 card: shown large. */}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={meta.title} />
      <meta name="twitter:description" content={meta.description} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(meta.jsonLd).replace(/</g, '\\u003c') }} />
    </>
  );
}
