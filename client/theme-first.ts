/**
 * The inline script at the top of <head>: the reader's chosen theme before the first paint, and the toggle's click.
 * Pure data.
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
