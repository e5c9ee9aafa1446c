import type { ArticleLink } from '../page-data.ts';

interface MessagePageProps {
  heading: string;
  message: string;
  links?: boolean;
  /** Pages close to what a 404 asked for, best first. */
  suggestions?: ArticleLink[];
}

/** The not-found and error pages: a heading and a message inside the layout. */
export function MessagePage({ heading, message, links = true, suggestions = [] }: MessagePageProps) {
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
      {links && (
        <p>
          {suggestions.length > 0 ? 'Or try' : 'Try'} the <a href="/news">news</a>, the <a href="/guide">guides</a> or the{' '}
          <a href="/">home page</a>.
        </p>
      )}
    </>
  );
}
