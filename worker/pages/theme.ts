/**
 * The visitor's colour theme, from the `theme` cookie: `light` or `dark` as chosen with the
 * toggle, else `system` (the page follows prefers-color-scheme through its stylesheet).
 */
import type { ThemeSetting } from '../../contracts/page-payload.ts';

export function themeFromCookieHeader(cookieHeader: string | null | undefined): ThemeSetting {
  if (!cookieHeader) return 'system';
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.split('=').map((s) => s.trim());
    if (name === 'theme') return value === 'light' || value === 'dark' ? value : 'system';
  }
  return 'system';
}
