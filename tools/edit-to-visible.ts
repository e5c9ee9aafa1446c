/** The time from a save to its text painted in a Playwright page, read from the page's clock. I/O: drives the page. */
import type { Page } from 'playwright-core';

/**
 * Saves with `save()` and resolves with the milliseconds until `text` is in the page's <main> and
 * the frame showing it is painted. Both ends are read from the page's clock (Date.now, the same
 * machine as the save), and the page watches for the text before the save. It waits as long as
 * that takes: the caller's limit (a test's timeout) bounds it.
 */
export async function editToVisible(page: Page, save: () => void, text: string): Promise<number> {
  await page.evaluate((wanted) => {
    const seen = new Promise<number>((resolve) => {
      const check = () => {
        if (!document.querySelector('main')?.textContent?.includes(wanted)) return false;
        // The frame after the DOM change is the one that shows it.
        requestAnimationFrame(() => resolve(Date.now()));
        return true;
      };
      if (check()) return;
      const observer = new MutationObserver(() => check() && observer.disconnect());
      observer.observe(document, { subtree: true, childList: true, characterData: true });
    });
    (window as unknown as { liveSeen?: Promise<number> }).liveSeen = seen;
  }, text);
  const saved = Date.now();
  save();
  const shown = await page.evaluate(() => (window as unknown as { liveSeen: Promise<number> }).liveSeen);
  return shown - saved;
}
