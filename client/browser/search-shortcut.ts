/**
 * The header's search box from the first paint: "/" focuses it, and focusing or typing in it loads its results as
 * you type (search-box.ts). I/O: document listeners, a chunk import.
 */

import { SEARCH_BOX_SELECTOR } from './search-box-input.ts';

let loading = false;

/** Installed by the entry, so the key works from the first paint and a first key press is not lost. */
export function installSearchShortcut(): void {
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement | null;
    const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
    if (event.key !== '/' || typing || event.ctrlKey || event.metaKey || event.altKey) return;
    const box = document.querySelector<HTMLInputElement>(SEARCH_BOX_SELECTOR);
    if (!box) return;
    event.preventDefault();
    box.focus();
  });
  // The results code matters only to a reader who goes to the box: it loads then, and searches
  // for what was typed before it came (also before this entry ran).
  const load = (target: EventTarget | null) => {
    if (loading || !(target as Element | null)?.closest?.(SEARCH_BOX_SELECTOR)) return;
    loading = true;
    void import('./search-box.ts').then((module) => module?.installSearchBox());
  };
  document.addEventListener('focusin', (event) => load(event.target));
  document.addEventListener('input', (event) => load(event.target));
  const box = document.querySelector<HTMLInputElement>(SEARCH_BOX_SELECTOR);
  if (box && (document.activeElement === box || box.value.trim())) load(box);
}
