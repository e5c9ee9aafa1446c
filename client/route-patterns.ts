/**
 * Which paths are pages of the site, and matching a path against them (exact; at most one `:param`): all the
 * browser's router knows of pages. Pure.
 */
export const ROUTE_PATTERNS = {
  home: '/',
  newsIndex: '/news',
  newsArticle: '/news/:slug',
  guideIndex: '/guide',
  guideArticle: '/guide/:slug',
  setup: '/setup',
  analytics: '/analytics',
  search: '/search',
} as const;

export type RouteName = keyof typeof ROUTE_PATTERNS;

/** The `:param` values when a decoded pathname fits the pattern, else null. */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const parts = pathname.split('/').slice(1);
  const segments = pattern.split('/').slice(1);
  if (segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  const fits = segments.every((segment, i) => {
    const part = parts[i] ?? '';
    if (segment.startsWith(':')) {
      params[segment.slice(1)] = part;
      return part !== '';
    }
    return segment === part;
  });
  return fits ? params : null;
}

/** True when some route answers this pathname. */
export const isPagePath = (pathname: string): boolean => Object.values(ROUTE_PATTERNS).some((pattern) => matchPattern(pattern, pathname));
