/**
 * The message pages: not found (404, with suggestions), content unavailable (503) and error (500). Other loaders
 * answer with them; this module's loader answers paths no route matches, reading entries near the path for suggestions.
 */
import { ContentError, contentErrorStatus } from '../../contracts/content-error.ts';
import { entryPath } from '../../contracts/manifest-lookup.ts';
import type { ArticleLink, BodyOf, PageMeta } from '../../contracts/page-payload.ts';
import type { Listing } from '../../contracts/site-index.ts';
import { type SlugCandidate, type Suggestion, suggestSlugs } from '../loaders/suggest-slugs.ts';
import { pageMeta } from '../page-meta.ts';
import type { Loaded, LoaderArgs, PageContent } from '../route-module.ts';

export const meta = (siteUrl: string, path: string, heading: string, message: string): PageMeta =>
  pageMeta(siteUrl, path, `Race Element - ${heading}`, message, { noindex: true });

/** The 404 page, with "did you mean" links. */
export function notFound(siteUrl: string, path: string, heading: string, message: string, suggestions: Suggestion[] = []): Loaded {
  return { status: 404, meta: meta(siteUrl, path, heading, message), body: { kind: 'notFound', heading, message, suggestions } };
}

/** What a visitor sees when content cannot be read: never a blank page or a stack trace. */
export function contentErrorPage(error: ContentError, path: string, siteUrl: string): Loaded {
  const { status } = contentErrorStatus(error.kind);
  if (error.kind === 'unreadable')
    return { status, meta: meta(siteUrl, path, 'Error', error.message), body: { kind: 'error', cause: error.message } };
  const [heading, message] =
    error.kind === 'unpublished'
      ? ['Nothing published yet', 'The site is up, but no content has been published to it yet. Please come back soon.']
      : ['Temporarily unavailable', `The articles cannot be read right now. Please try again in a minute. (${error.message})`];
  return { status, meta: meta(siteUrl, path, heading, message), body: { kind: 'unavailable', heading, message } };
}

/** A path no route matches: 404, suggesting what its last segment comes close to (`/guides/multi-sim` → Multi-Sim). */
export async function loader({ url, context }: LoaderArgs): Promise<Loaded> {
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  let suggestions: Suggestion[] = [];
  if (last !== '') {
    suggestions = suggestSlugs(last, [...SECTION_CANDIDATES, ...(await articleCandidates(context.content, last))]);
  }
  return notFound(context.siteUrl, url.pathname, 'Page not found', `There is no page at ${url.pathname}.`, suggestions);
}

/** Every entry while a site is this small; past it, those search finds for the name's words. */
const CANDIDATES_FROM_ALL = 500;
/** Search hits a suggestion is chosen from on a larger site. */
const CANDIDATES_FROM_SEARCH = 20;

/**
 * Published articles `name` may have meant, by slug, title and content file name: all of them on a small site, those
 * search finds for its words on a large one. None when content cannot be read: a 404 stays a 404.
 */
export async function articleCandidates(content: PageContent, name: string): Promise<SlugCandidate[]> {
  try {
    const { total, entries } = await content.list('all', 0, CANDIDATES_FROM_ALL);
    if (total <= CANDIDATES_FROM_ALL) return entries.map(candidate);
    const engine = await content.search();
    const hits = engine ? await engine.search(name.replace(/[-_.]+/g, ' '), CANDIDATES_FROM_SEARCH) : [];
    return hits.map(({ title, href }) => ({ title, href, names: [href.split('/').pop() ?? '', title] }));
  } catch (error) {
    if (error instanceof ContentError) return [];
    throw error;
  }
}

const candidate = (e: Listing): SlugCandidate => ({
  title: e.title,
  href: entryPath(e),
  names: [e.slug, e.title],
  aliases: [e.file.replace(/\.md$/, '')],
});

/** The site's own sections, for mistyped routes such as /nwes. */
const SECTION_CANDIDATES: SlugCandidate[] = [
  { title: 'News', href: '/news', names: ['news'] },
  { title: 'Guides', href: '/guide', names: ['guide', 'guides'] },
  { title: 'SetupLinks', href: '/setup', names: ['setup', 'setup links'] },
  { title: 'Site usage', href: '/analytics', names: ['analytics'] },
];

type MessageBody = BodyOf<'notFound'> | BodyOf<'unavailable'> | BodyOf<'error'>;

export default function MessagePage({ data }: { data: MessageBody }) {
  if (data.kind === 'error') return <Message heading="There was an error" message={data.cause} />;
  return <Message heading={data.heading} message={data.message} suggestions={data.kind === 'notFound' ? data.suggestions : []} />;
}

/** A heading and a message inside the layout, and ways on. */
function Message({ heading, message, suggestions = [] }: { heading: string; message: string; suggestions?: ArticleLink[] }) {
  return (
    <>
      <h1 id="page-heading" tabIndex={-1}>
        {heading}
      </h1>
      <p className="page-intro">{message}</p>
      {suggestions.length > 0 && (
        <div className="suggestions">
          <p id="suggestions-title">Did you mean:</p>
          <ul aria-labelledby="suggestions-title">
            {suggestions.map((s) => (
              <li key={s.href}>
                <a href={s.href}>{s.title}</a> <span className="suggestion-path">{s.href}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p>
        {suggestions.length > 0 ? 'Or try' : 'Try'} the <a href="/news">news</a>, the <a href="/guide">guides</a> or the{' '}
        <a href="/">home page</a>.
      </p>
    </>
  );
}
