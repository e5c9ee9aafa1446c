/** The visitor's colour theme, from the `theme` cookie; dark unless it says light. */
import type { Theme } from '../../contracts/page-payload.ts';

export function themeFromCookieHeader(cookieHeader: string | null | undefined): Theme {
  if (!cookieHeader) return 'dark';
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.split('=').map((s) => s.trim());
    if (name === 'theme') return value === 'light' ? 'light' : 'dark';
  }
  return 'dark';
}
