/** After a client navigation: the document title and every page meta tag from PageMeta. I/O: the DOM's <head>. */
import type { PageMeta } from '../../contracts/page-payload.ts';

/** Sets the title, description, canonical, Open Graph, Twitter and JSON-LD tags; adds or removes noindex. */
export function applyHead(meta: PageMeta): void {
  document.title = meta.title;
  const set = (selector: string, attribute: string, value: string) => document.head.querySelector(selector)?.setAttribute(attribute, value);
  set('meta[name="description"]', 'content', meta.description);
  set('link[rel="canonical"]', 'href', meta.url);
  set('meta[property="og:title"]', 'content', meta.title);
  set('meta[property="og:description"]', 'content', meta.description);
  set('meta[property="og:url"]', 'content', meta.url);
  set('meta[property="og:type"]', 'content', meta.ogType);
  set('meta[property="og:image"]', 'content', meta.image.url);
  set('meta[property="og:image:width"]', 'content', String(meta.image.width));
  set('meta[property="og:image:height"]', 'content', String(meta.image.height));
  set('meta[property="og:image:alt"]', 'content', meta.image.alt);
  set('meta[name="twitter:title"]', 'content', meta.title);
  set('meta[name="twitter:description"]', 'content', meta.description);
  const ld = document.head.querySelector('script[type="application/ld+json"]');
  if (ld) ld.textContent = JSON.stringify(meta.jsonLd);

  let robots = document.head.querySelector('meta[name="robots"]');
  if (meta.noindex && !robots) {
    robots = document.createElement('meta');
    robots.setAttribute('name', 'robots');
    robots.setAttribute('content', 'noindex');
    document.head.append(robots);
  } else if (!meta.noindex) robots?.remove();
}
