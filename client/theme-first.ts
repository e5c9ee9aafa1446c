/**
 * The inline script at the top of <head>: the reader's theme, from before the first paint.
 *
 * - The chosen theme (the `theme` cookie) is put on <html> before the body is parsed, so the
 *   first paint is already in that theme. Without a choice it does nothing and the stylesheet
 *   follows prefers-color-scheme.
 * - The theme toggle (components/ThemeToggle.tsx) works from the first paint: its click listener
 *   is installed here, not by the entry, which runs only after the paint (paint-first.ts); a tap
 *   in between is not lost. A click flips the theme in effect (the chosen one, else the
 *   system's) and remembers it in the cookie for a year; the stylesheet shows the toggle's
 *   matching icon and name.
 *
 * Done in the browser rather than by the Worker reading the cookie, so that every visitor gets
 * the same HTML: a page can then be cached at the edge (worker/pages/page-route.ts) with no
 * `Vary: Cookie`. The text is the same on every page and in every build, so a CSP hash allows
 * it (client/inline-scripts.ts). Pure data.
 */
export const THEME_FIRST_SCRIPT = [
  '(()=>{',
  'const html=document.documentElement;',
  "const show=(theme)=>{html.dataset.theme=theme;document.querySelector('meta[name=\"color-scheme\"]')?.setAttribute('content',theme)};",
  'const m=/(?:^|;\\s*)theme=(light|dark)(?:;|$)/.exec(document.cookie);',
  'if(m)show(m[1]);',
  "document.addEventListener('click',(event)=>{",
  "if(!event.target.closest?.('[data-theme-toggle]'))return;",
  "const now=html.dataset.theme||(matchMedia('(prefers-color-scheme: light)').matches?'light':'dark');",
  "const next=now==='light'?'dark':'light';",
  'show(next);',
  "document.cookie='theme='+next+'; Path=/; Max-Age=31536000; SameSite=Lax'+(location.protocol==='https:'?'; Secure':'');",
  '});',
  '})()',
].join('');
