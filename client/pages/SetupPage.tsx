/** SetupLink landing page: hands a shared setup to the desktop app's importer. */
export function SetupPage({ appUrl, problem }: { appUrl: string | null; problem: string | null }) {
  return (
    <>
      <h1 id="page-heading" tabIndex={-1}>
        {appUrl ? 'Opening the Setup Importer…' : 'SetupLinks'}
      </h1>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {appUrl ? (
        <>
          <p>
            This link carries a complete car setup. Race Element registers the <code>RaceElement://</code> link type on
            Windows, so opening it hands the setup to the app's Setup Importer, which saves it in the right car and track
            folder.
          </p>
          <p>
            <a className="button button-primary" href={appUrl} data-setup-link="">
              Open in Race Element
            </a>
          </p>
          <p>
            Nothing happened? Race Element needs to be installed and started at least once (version 1.1 or newer) for
            your browser to know the link. <a href="/guide/how-to-get-started">Download and install it</a>, then open
            this page again.
          </p>
        </>
      ) : (
        <>
          <p>
            A SetupLink is a web link that contains a whole setup, so it can be shared anywhere a link can: Discord,
            forums, a stream chat. Nothing is uploaded to a server.
          </p>
          <p>
            Create one in Race Element's Setups tab (right-click a setup, then <em>Copy as SetupLink</em>). Whoever
            clicks it lands here, and the page opens Race Element's Setup Importer. Read more in the{' '}
            <a href="/guide/how-to-use-setups">Setups tab guide</a>.
          </p>
        </>
      )}
    </>
  );
}
