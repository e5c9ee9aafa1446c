import type { ReactNode } from 'react';
import type { PreviewBanner as PreviewInfo } from '../../contracts/page-payload.ts';
import { DONATE_LINK, NAV_LINKS, SITE, SOCIAL_LINKS } from '../site.ts';
import { PreviewBanner } from './PreviewBanner.tsx';
import { SearchBox } from './SearchBox.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

interface LayoutProps {
  /** The current path, to mark the active navigation link. */
  path: string;
  /** The calendar year shown in the footer, from the server: every render of a page agrees. */
  year: number;
  /** Set in a whole-site preview session: the banner naming it. */
  preview?: PreviewInfo | undefined;
  children: ReactNode;
}

/** Header, navigation, social bar and footer around every page. */
export function Layout({ path, year, preview, children }: LayoutProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {preview && <PreviewBanner preview={preview} path={path} />}
      <header className="site-header">
        <a className="site-title" href="/">
          {SITE.name}
        </a>
        <p className="site-tagline">{SITE.tagline}</p>
        {/* /search has its own box, with the query in it: one search landmark per page. */}
        {path !== '/search' && <SearchBox />}
        <ThemeToggle />
      </header>
      <nav className="site-nav" aria-label="Main">
        <ul>
          {NAV_LINKS.map((link) => (
            <li key={link.href}>
              <a href={link.href} aria-current={isCurrent(path, link.href) ? 'page' : undefined}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <nav className="social-bar" aria-label="Community">
        <ul>
          {SOCIAL_LINKS.map((link) => (
            <li key={link.href}>
              <a href={link.href} target="_blank" rel="noopener">
                {link.label}
              </a>
            </li>
          ))}
          <li>
            <a className="donate-link" href={DONATE_LINK.href}>
              {DONATE_LINK.label}
            </a>
          </li>
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <a href={SITE.latestRelease} target="_blank" rel="noopener">
          {/* Sized, so the footer does not move when the badge arrives (its width varies a little). */}
          <img src={SITE.downloadsBadge} alt="Race Element downloads on GitHub" width={112} height={20} loading="lazy" />
        </a>
        <p>
          © {SITE.firstYear} - {year} {SITE.author}
        </p>
      </footer>
      {/* Announces copy results and page changes to screen readers. */}
      <div id="announcer" className="visually-hidden" aria-live="polite" />
    </>
  );
}

/** Features and Download are pages under /guide, so they win over the Guides section. */
function isCurrent(path: string, href: string): boolean {
  if (path === href) return true;
  if (href === '/guide') return path.startsWith('/guide/') && !NAV_LINKS.some((l) => l.href === path);
  return href !== '/' && path.startsWith(`${href}/`);
}
