/**
 * Dark (default) or light. The choice lives in the `theme` cookie, which the Worker reads to
 * render every later page in that theme from the first byte: no flash of the wrong theme.
 */
import type { Theme } from '../../contracts/page-payload.ts';

const ONE_YEAR = 60 * 60 * 24 * 365;

export function installThemeToggle(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-theme-toggle]');
    if (!button) return;
    const next: Theme = document.documentElement.dataset.theme === 'light' ? 'dark' : 'light';
    document.documentElement.dataset.theme = next;
    document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', next);
    document.cookie = `theme=${next}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
    const after: Theme = next === 'dark' ? 'light' : 'dark';
    button.setAttribute('aria-label', `Switch to ${after} theme`);
    const icon = button.querySelector('span');
    if (icon) icon.textContent = next === 'dark' ? '☀' : '☾';
  });
}
