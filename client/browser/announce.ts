/** Says something to screen-reader users through the layout's polite live region. I/O: the DOM. */
export function announce(message: string): void {
  const region = document.getElementById('announcer');
  if (!region) return;
  region.textContent = '';
  // A fresh text node after clearing makes screen readers repeat an identical message.
  requestAnimationFrame(() => (region.textContent = message));
}
