/**
 * Dark or light, flipped from the theme in effect: the one chosen before, else the system's
 * (prefers-color-scheme). The choice lives in the `theme` cookie, which the first inline
 * script of every later page reads (client/theme-first.ts) to paint it in that theme from the
 * start; the stylesheet shows the toggle's matching icon and name.
 */
import type { Theme } from '../../contracts/page-payload.ts';

const ONE_YEAR = 60 * 60 * 24 * 365;

function themeInEffect(): Theme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
}

export function installThemeToggle(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-theme-toggle]');
    if (!button) return;
    const next: Theme = themeInEffect() === 'light' ? 'dark' : 'light';
    document.documentElement.dataset.theme = next;
    document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', next);
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the site serves.
    document.cookie = `theme=${next}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  });
}
