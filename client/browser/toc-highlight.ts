/** Marks the table-of-contents link of the section being read. I/O: an IntersectionObserver, classes on links. */
/** Set, with `aria-current="true"`, on the link of the section being read. */
export const ACTIVE_CLASS = 'toc-active';
/** The reading line, as the part of the viewport below it. */
const BELOW_LINE = '-80%';
/** Far enough above the viewport to hold the top of any article. */
const ABOVE_VIEWPORT = '1000000px';

let observer: IntersectionObserver | undefined;

/**
 * Marks the link of the last heading scrolled past the reading line (a fifth down the viewport). The observer's
 * root reaches far above the viewport, so a heading passed in one jump counts. Call after every render: it replaces
 * the last.
 */
export function initTocHighlight(root: ParentNode = document): void {
  stopTocHighlight();
  if (typeof IntersectionObserver === 'undefined') return;

  const links = new Map<Element, HTMLAnchorElement>();
  const headings: Element[] = [];
  for (const link of root.querySelectorAll<HTMLAnchorElement>('.toc a[href^="#"]')) {
    const heading = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (heading && !links.has(heading)) {
      links.set(heading, link);
      headings.push(heading);
    }
  }
  if (headings.length === 0) return;

  const above = new Set<Element>();
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) above.add(entry.target);
        else above.delete(entry.target);
      }
      // Headings are in document order: the last one above the line names the section.
      const current = headings.findLast((heading) => above.has(heading));
      for (const [heading, link] of links) setActive(link, heading === current);
    },
    { rootMargin: `${ABOVE_VIEWPORT} 0px ${BELOW_LINE} 0px` },
  );
  for (const heading of headings) observer.observe(heading);
}

/** Stops watching the headings (the router is about to replace them). */
export function stopTocHighlight(): void {
  observer?.disconnect();
  observer = undefined;
}

function setActive(link: HTMLAnchorElement, active: boolean): void {
  link.classList.toggle(ACTIVE_CLASS, active);
  if (active) link.setAttribute('aria-current', 'true');
  else link.removeAttribute('aria-current');
}
