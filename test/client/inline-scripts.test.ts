/** The CSP hashes of the inline scripts are those of the scripts as they are now. */
import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { INLINE_SCRIPT_HASHES, INLINE_SCRIPTS } from '../../client/inline-scripts.ts';

const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

test('INLINE_SCRIPT_HASHES hashes each inline script (update the constant to the value shown)', () => {
  expect(INLINE_SCRIPT_HASHES).toEqual(Object.values(INLINE_SCRIPTS).map(cspHash));
});

/** Runs the theme script against a stand-in document: what it shows, and its click listener. */
function runThemeScript(cookie: string, { systemLight = false, https = false } = {}) {
  const html = { dataset: {} as Record<string, string> };
  const meta = { content: 'dark light', setAttribute: (_: string, value: string) => (meta.content = value) };
  let onClick: ((event: { target: unknown }) => void) | undefined;
  const document = {
    cookie,
    documentElement: html,
    querySelector: () => meta,
    addEventListener: (type: string, listener: typeof onClick) => {
      if (type === 'click') onClick = listener;
    },
  };
  const matchMedia = (query: string) => ({ matches: query === '(prefers-color-scheme: light)' && systemLight });
  const location = { protocol: https ? 'https:' : 'http:' };
  new Function('document', 'matchMedia', 'location', INLINE_SCRIPTS.themeFirst)(document, matchMedia, location);
  const click = (onToggle: boolean) =>
    onClick?.({ target: { closest: (selector: string) => (onToggle && selector === '[data-theme-toggle]' ? {} : null) } });
  return { document, html, meta, click };
}

test('the theme script puts a chosen theme on <html> and leaves "system" alone', () => {
  const shown = (cookie: string) => {
    const { html, meta } = runThemeScript(cookie);
    return { theme: html.dataset.theme, colorScheme: meta.content };
  };
  expect(shown('XSRF-TOKEN=a.b; theme=light')).toEqual({ theme: 'light', colorScheme: 'light' });
  expect(shown('theme=dark')).toEqual({ theme: 'dark', colorScheme: 'dark' });
  expect(shown('theme=blue; other=1')).toEqual({ theme: undefined, colorScheme: 'dark light' });
  expect(shown('')).toEqual({ theme: undefined, colorScheme: 'dark light' });
});

test('a click on the toggle flips the theme in effect and remembers it; other clicks do nothing', () => {
  // No choice yet, the system light: the first click goes dark, the next back to light.
  const page = runThemeScript('', { systemLight: true, https: true });
  page.click(false);
  expect(page.html.dataset.theme).toBeUndefined();
  page.click(true);
  expect([page.html.dataset.theme, page.meta.content]).toEqual(['dark', 'dark']);
  expect(page.document.cookie).toBe('theme=dark; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
  page.click(true);
  expect(page.html.dataset.theme).toBe('light');
  // A chosen theme wins over the system's, and plain HTTP (local development) sets no Secure.
  const chosen = runThemeScript('theme=dark', { systemLight: true });
  chosen.click(true);
  expect(chosen.document.cookie).toBe('theme=light; Path=/; Max-Age=31536000; SameSite=Lax');
});
