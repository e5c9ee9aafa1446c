/**
 * "/" anywhere on the page focuses the header's search box, unless the reader is typing
 * somewhere. Installed by the entry, not by React, so that it works from the first paint on:
 * a key press right after the first paint is not lost.
 *
 * I/O: a keydown listener on the document.
 */
const SEARCH_BOX_SELECTOR = 'form.search-box input[name="q"]';

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
}
