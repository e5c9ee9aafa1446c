/** The inline script that imports the client entry once the browser has painted the server's HTML. Pure data. */
/**
 * The page's one inline script: imports the entry after first contentful paint and holds a tap on a link or copy
 * button until then (docs/performance.md). The same text in every build, so a CSP hash allows it. Pure data.
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
