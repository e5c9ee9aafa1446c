/**
 * A whole-site preview's URLs: `/_preview/<name>` followed by the public path it shows, and the site-absolute links of
 * its pages taken inside it. Pure.
 */
import { PREVIEW_PATH_PREFIX } from '../../contracts/routes.ts';

/** The preview's name segment (as sent, not decoded) and the public path it stands for; null outside the prefix. */
export function splitPreviewPath(pathname: string): { name: string; path: string } | null {
  if (!pathname.startsWith(PREVIEW_PATH_PREFIX)) return null;
  const rest = pathname.slice(PREVIEW_PATH_PREFIX.length);
  const slash = rest.indexOf('/');
  return slash < 0 ? { name: rest, path: '/' } : { name: rest.slice(0, slash), path: rest.slice(slash) };
}

/**
 * `target` (an href, a form action, a Location) inside the preview at `base`, or null when it stays as it is: links to
 * other hosts, relative and in-page links (they resolve inside already), and the preview routes themselves.
 */
export function insidePreview(base: string, target: string): string | null {
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\') || target.startsWith(PREVIEW_PATH_PREFIX)) return null;
  // The home page is the base itself: `<base>/` would cost the trailing-slash redirect.
  return /^\/(?=[?#]|$)/.test(target) ? base + target.slice(1) : base + target;
}
