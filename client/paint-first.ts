/**
 * The page's one inline script: imports the entry after first contentful paint and holds a tap on a link or copy
 * button until then, asking for a held link's page HTML at once (docs/performance.md). The same text in every build,
 * so a CSP hash allows it. Pure data.
 */
import { pageHtmlApiPath } from '../contracts/page-fragment.ts';

export const HELD_CLICK_MS = 4000;
/** The page-HTML API path of a path: the prefix, then the path (`/` adds nothing), as `pageHtmlApiPath` builds it. */
const PAGE_HTML_PREFIX = pageHtmlApiPath('/');

export const PAINT_FIRST_BOOTSTRAP = [
  '(()=>{',
  'const entry=document.currentScript.dataset.entry;',
  'let held,page,timer;',
  'const follow=()=>{const a=held;held=undefined;clearTimeout(timer);if(a?.href)location.assign(a.href)};',
  'const hold=(e)=>{',
  'if(e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;',
  "const t=e.target.closest?.('a[href],[data-copy]');if(!t)return;",
  "if(t.href&&(t.origin!==location.origin||t.hasAttribute('download')||(t.target&&t.target!=='_self')",
  '||(t.hash&&t.pathname===location.pathname&&t.search===location.search)))return;',
  `e.preventDefault();held=t;page=undefined;clearTimeout(timer);if(!t.href)return;timer=setTimeout(follow,${HELD_CLICK_MS});`,
  // The tapped page's HTML comes while the entry does, not after it: the entry's router takes this answer. Asked for
  // in a task after the tap's, whose frame a fetch call (milliseconds on a phone) would hold back; not once the entry
  // has taken the tap.
  `setTimeout(()=>{if(held!==t)return;page=fetch('${PAGE_HTML_PREFIX}'+(t.pathname==='/'?'':t.pathname)+t.search,{headers:{Accept:'application/json'}});page.catch(()=>{})})};`,
  "document.addEventListener('click',hold);",
  'const go=()=>setTimeout(()=>import(entry).then((m)=>{',
  "document.removeEventListener('click',hold);clearTimeout(timer);const a=held;held=undefined;m.start(a,page)},",
  "(e)=>{document.removeEventListener('click',hold);follow();console.warn('The page script could not load; the page stays as served.',e)}));",
  "if(PerformanceObserver.supportedEntryTypes?.includes('paint'))",
  "new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();go()}}).observe({type:'paint',buffered:true});",
  "else addEventListener('load',()=>requestAnimationFrame(go),{once:true});",
  '})()',
].join('');
