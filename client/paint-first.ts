/** The inline script that imports the client entry once the browser has painted the server's HTML. Pure data. */
/**
 * Waits for first contentful paint (Paint Timing API; without it, the frame after `load`). The entry's URL comes
 * from the element's data-entry attribute, so the text is the same in every build and a CSP hash allows it.
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
