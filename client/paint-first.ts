/**
 * The one inline script at the end of every page's body: it imports the client entry only after
 * the browser has painted the server's HTML (first contentful paint, from the Paint Timing API;
 * where that API is missing, the frame after `load`), then calls the entry's `start`.
 *
 * A tap in between is not lost and not doubled: a plain left click on a same-host link (not a
 * #hash of this page, not a download, no other target) or on a copy button is held (its default
 * prevented), and handed to `start`, which navigates in place or copies; the latest one wins.
 * If the entry fails to load, or has not run HELD_CLICK_MS after the click, a held link is
 * followed as an ordinary one, and the entry is then given nothing.
 *
 * The text is the same on every page and in every build (the entry's URL is read from the
 * element's data-entry attribute), so a CSP hash can allow it as well as a nonce. Pure data.
 */
export const HELD_CLICK_MS = 4000;

export const PAINT_FIRST_BOOTSTRAP = [
  '(()=>{',
  'const entry=document.currentScript.dataset.entry;',
  'let held,timer;',
  'const follow=()=>{const a=held;held=undefined;clearTimeout(timer);if(a?.href)location.assign(a.href)};',
  'const hold=(e)=>{',
  'if(e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;',
  "const t=e.target.closest?.('a[href],[data-copy]');if(!t)return;",
  "if(t.href&&(t.origin!==location.origin||t.hasAttribute('download')||(t.target&&t.target!=='_self')",
  '||(t.hash&&t.pathname===location.pathname&&t.search===location.search)))return;',
  `e.preventDefault();held=t;clearTimeout(timer);if(t.href)timer=setTimeout(follow,${HELD_CLICK_MS})};`,
  "document.addEventListener('click',hold);",
  'const go=()=>setTimeout(()=>import(entry).then((m)=>{',
  "document.removeEventListener('click',hold);clearTimeout(timer);const a=held;held=undefined;m.start(a)},",
  "(e)=>{document.removeEventListener('click',hold);follow();console.warn('The page script could not load; the page stays as served.',e)}));",
  "if(PerformanceObserver.supportedEntryTypes?.includes('paint'))",
  "new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();go()}}).observe({type:'paint',buffered:true});",
  "else addEventListener('load',()=>requestAnimationFrame(go),{once:true});",
  '})()',
].join('');
