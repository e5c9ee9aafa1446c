/** /setup?link=…: the SetupLink landing page, which hands a shared setup to the desktop app's importer. Pure. */
import type { BodyOf, PageMeta } from '../../contracts/page-payload.ts';
import { setupAppUrl } from '../loaders/setup-link.ts';
import { pageMeta } from '../page-meta.ts';
import type { Loaded, LoaderArgs } from '../route-module.ts';

export async function loader({ url, context }: LoaderArgs): Promise<Loaded> {
  const result = setupAppUrl(url.searchParams.get('link'));
  return { status: result.problem ? 400 : 200, meta: meta(context.siteUrl), body: { kind: 'setup', ...result } };
}

export const meta = (siteUrl: string): PageMeta =>
  pageMeta(siteUrl, '/setup', 'Race Element - SetupLink', 'Open a shared car setup in Race Element’s Setup Importer.');

export default function SetupPage({ data: { appUrl, problem } }: { data: BodyOf<'setup'> }) {
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
            This link carries a complete car setup. Race Element registers the <code>RaceElement://</code> link type on Windows, so opening
            it hands the setup to the app's Setup Importer, which saves it in the right car and track folder.
          </p>
          <p>
            <a className="button button-primary" href={appUrl} data-setup-link="">
              Open in Race Element
            </a>
          </p>
          <p>
            Nothing happened? Race Element needs to be installed and started at least once (version 1.1 or newer) for your browser to know
            the link. <a href="/guide/how-to-get-started">Download and install it</a>, then open this page again.
          </p>
        </>
      ) : (
        <>
          <p>
            A SetupLink is a web link that contains a whole setup, so it can be shared anywhere a link can: Discord, forums, a stream chat.
            Nothing is uploaded to a server.
          </p>
          <p>
            Create one in Race Element's Setups tab (right-click a setup, then <em>Copy as SetupLink</em>). Whoever clicks it lands here,
            and the page opens Race Element's Setup Importer. Read more in the <a href="/guide/how-to-use-setups">Setups tab guide</a>.
          </p>
        </>
      )}
    </>
  );
}
