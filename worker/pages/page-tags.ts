/** The `Cache-Tag` values of a page the shared cache may keep (contracts/edge-cache.ts), from what it shows. Pure. */
import { entryTag, listTag, SEARCH_TAG } from '../../contracts/edge-cache.ts';
import type { ArticleLink, PageData } from '../../contracts/page-payload.ts';
import type { Section } from '../../contracts/routes.ts';

/** The tag of the article a link names by its canonical path (`/news/<slug>`, `/guide/<slug>`). */
function linkedTags(link: ArticleLink | null): string[] {
  const match = link ? /^\/(news|guide)\/([^/?#]+)$/.exec(link.href) : null;
  return match ? [entryTag(match[1] as Section, match[2]!)] : [];
}

/** The tags besides SITE_TAG; null for a kind no shared cache keeps (analytics, messages). */
export function pageTags(data: PageData): string[] | null {
  switch (data.kind) {
    case 'home':
    case 'newsIndex':
      return [listTag('news')];
    case 'guideIndex':
      return [listTag('guide')];
    case 'article': {
      const { section, slug, previous, next } = data.article;
      // Its previous and next links show those articles' titles; a publish that changes which they are purges this
      // article's own tag (contracts/edge-cache.ts).
      return [entryTag(section, slug), ...linkedTags(previous), ...linkedTags(next)];
    }
    case 'search':
      return [SEARCH_TAG];
    case 'setup':
      return [];
    default:
      return null;
  }
}
