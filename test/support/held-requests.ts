/** Holds some of a page's requests until the test lets them go: a moment of loading reached on purpose. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { clientFiles } from '../../scripts/client-weight.ts';

/** The entry script's path, as every page's inline script names it. */
export const entryPath = (): string => `/${[...clientFiles().baseJs][0]}`;

/** Requests whose path matches `test` wait until `release()`; then they go to the server. */
export async function holdRequests(page: Page, test: (path: string) => boolean): Promise<{ release(): void; held(): number }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(
    (url) => test(url.pathname),
    async (route) => {
      held++;
      await released;
      await route.continue().catch(() => {
        // The page went away meanwhile (a full load): nothing left to answer.
      });
    },
  );
  return { release, held: () => held };
}

/** Opens `url` with the entry script held back: the page is painted and its inline scripts have run. */
export async function gotoBeforeEntry(page: Page, url: string): Promise<{ release(): void; held(): number }> {
  const entry = await holdRequests(page, (path) => path === entryPath());
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.locator('main h1').waitFor();
  await expect.poll(() => entry.held()).toBe(1);
  return entry;
}
