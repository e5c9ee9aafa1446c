/**
 * The one inline script of every page: it imports the client entry only after the browser has
 * painted the server's HTML (first contentful paint, from the Paint Timing API; where that API
 * is missing, the frame after `load`). Until then links and forms are ordinary ones, so a click
 * before hydration is a normal page load and nothing is lost.
 *
 * The text is the same on every page and in every build (the entry's URL is read from the
 * element's data-entry attribute), so a CSP hash can allow it as well as a nonce. Pure data.
 */
export const PAINT_FIRST_BOOTSTRAP = [
  '(()=>{',
  'const entry=document.currentScript.dataset.entry;',
  "const go=()=>setTimeout(()=>import(entry).catch((e)=>console.warn('The page script could not load; the page stays as served.',e)));",
  "if(PerformanceObserver.supportedEntryTypes?.includes('paint'))",
  "new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();go()}}).observe({type:'paint',buffered:true});",
  "else addEventListener('load',()=>requestAnimationFrame(go),{once:true});",
  '})()',
].join('');

/** The performance mark the entry sets just before hydrateRoot (tests compare it with FCP). */
export const HYDRATION_START_MARK = 'hydration-start';
