/**
 * The route table, read by the Worker (which page to render, which loader to run) and by the
 * browser (whether a link can be navigated without a reload). Patterns have at most one
 * `:param` segment; matching is exact, trailing slashes are redirected away by the Worker.
 */
export const ROUTES = [
  { name: 'home', pattern: '/' },
  { name: 'newsIndex', pattern: '/news' },
  { name: 'newsArticle', pattern: '/news/:slug' },
  { name: 'guideIndex', pattern: '/guide' },
  { name: 'guideArticle', pattern: '/guide/:slug' },
  { name: 'setup', pattern: '/setup' },
  { name: 'analytics', pattern: '/analytics' },
  { name: 'search', pattern: '/search' },
] as const;

export type RouteName = (typeof ROUTES)[number]['name'];

export interface RouteMatch {
  name: RouteName;
  params: Record<string, string>;
}

/** Matches a decoded pathname against the table; null when no route fits. */
export function matchRoute(pathname: string): RouteMatch | null {
  const parts = pathname.split('/').slice(1);
  for (const route of ROUTES) {
    const pattern = route.pattern.split('/').slice(1);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = pattern.every((segment, i) => {
      const part = parts[i] ?? '';
      if (segment.startsWith(':')) {
        params[segment.slice(1)] = part;
        return part !== '';
      }
      return segment === part;
    });
    if (fits) return { name: route.name, params };
  }
  return null;
}

/** Where the page-data API answers for a page path: `/news/x` → `/api/_analog/pages/news/x`. */
export const PAGE_API_PREFIX = '/api/_analog/pages';
export const pageApiPath = (pathname: string): string => `${PAGE_API_PREFIX}${pathname === '/' ? '' : pathname}`;

export const articlePath = (section: 'news' | 'guide', slug: string): string => `/${section}/${slug}`;
