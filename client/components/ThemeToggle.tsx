import type { Theme } from '../../contracts/page-payload.ts';

/**
 * The theme switch. Rendered by the server for the theme the `theme` cookie names; the click
 * is handled by client/browser/theme-toggle.ts, which flips the page and the cookie.
 */
export function ThemeToggle({ theme }: { theme: Theme }) {
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button type="button" className="theme-toggle" aria-label={`Switch to ${next} theme`} data-theme-toggle="">
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
    </button>
  );
}
