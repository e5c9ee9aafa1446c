/**
 * The inline script at the top of <head>: the reader's chosen theme (the `theme` cookie the
 * toggle sets, client/browser/theme-toggle.ts) is put on <html> before the body is parsed, so
 * the first paint is already in that theme. Without a choice it does nothing and the stylesheet
 * follows prefers-color-scheme.
 *
 * Done here rather than by the Worker reading the cookie, so that every visitor gets the same
 * HTML: a page can then be cached at the edge (worker/pages/page-route.ts) with no `Vary: Cookie`.
 * The text is the same on every page and in every build, so a CSP hash allows it
 * (client/inline-scripts.ts). Pure data.
 */
export const THEME_FIRST_SCRIPT = [
  '(()=>{',
  'const m=/(?:^|;\\s*)theme=(light|dark)(?:;|$)/.exec(document.cookie);',
  'if(!m)return;',
  'document.documentElement.dataset.theme=m[1];',
  "document.querySelector('meta[name=\"color-scheme\"]')?.setAttribute('content',m[1]);",
  '})()',
].join('');
