/**
 * Keeps a reader inside the preview whose answer this is: its redirects, and the site-absolute links and form actions
 * of its HTML, taken under the preview's path (preview-paths.ts). Response in, Response out (HTMLRewriter streams).
 */
import { insidePreview } from './preview-paths.ts';

/** The attribute of each element that names a page: links, the feed's alternate link, the search forms. */
const LINKS = [
  ['a[href]', 'href'],
  ['link[rel="alternate"][href]', 'href'],
  ['form[action]', 'action'],
] as const;

export function keepInsidePreview(response: Response, base: string): Response {
  const kept = new Response(response.body, response);
  const location = kept.headers.get('Location');
  const inside = location === null ? null : insidePreview(base, location);
  if (inside) kept.headers.set('Location', inside);
  if (!kept.headers.get('Content-Type')?.startsWith('text/html')) return kept;
  const rewriter = new HTMLRewriter();
  for (const [selector, attribute] of LINKS)
    rewriter.on(selector, {
      element(element) {
        const target = insidePreview(base, element.getAttribute(attribute) ?? '');
        if (target) element.setAttribute(attribute, target);
      },
    });
  return rewriter.transform(kept);
}
