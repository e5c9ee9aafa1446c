/** The CSP hashes of the inline scripts are those of the scripts as they are now. */
import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { INLINE_SCRIPT_HASHES, INLINE_SCRIPTS } from '../../client/inline-scripts.ts';

const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

test('INLINE_SCRIPT_HASHES hashes each inline script (update the constant to the value shown)', () => {
  expect(INLINE_SCRIPT_HASHES).toEqual(Object.values(INLINE_SCRIPTS).map(cspHash));
});

test('the theme script puts a chosen theme on <html> and leaves "system" alone', () => {
  const run = (cookie: string) => {
    const html = { dataset: {} as Record<string, string> };
    const meta = { content: 'dark light', setAttribute: (_: string, value: string) => (meta.content = value) };
    const document = { cookie, documentElement: html, querySelector: () => meta };
    new Function('document', INLINE_SCRIPTS.themeFirst)(document);
    return { theme: html.dataset.theme, colorScheme: meta.content };
  };
  expect(run('XSRF-TOKEN=a.b; theme=light')).toEqual({ theme: 'light', colorScheme: 'light' });
  expect(run('theme=dark')).toEqual({ theme: 'dark', colorScheme: 'dark' });
  expect(run('theme=blue; other=1')).toEqual({ theme: undefined, colorScheme: 'dark light' });
  expect(run('')).toEqual({ theme: undefined, colorScheme: 'dark light' });
});
