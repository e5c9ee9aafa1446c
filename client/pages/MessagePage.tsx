/** The not-found and error pages: a heading and a message inside the layout. */
export function MessagePage({ heading, message, links = true }: { heading: string; message: string; links?: boolean }) {
  return (
    <>
      <h1 id="page-heading" tabIndex={-1}>
        {heading}
      </h1>
      <p className="page-intro">{message}</p>
      {links && (
        <p>
          Try the <a href="/news">news</a>, the <a href="/guide">guides</a> or the <a href="/">home page</a>.
        </p>
      )}
    </>
  );
}
