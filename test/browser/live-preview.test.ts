/**
 * `npm start`'s live preview on a copy of the fixture site: saves, validation banners, new, deleted and moved
 * pages, and many tabs at once. Chromium against the dev server.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DevSite, startDevSite } from '../../scripts/dev/live/dev-site.ts';
import { editToVisible } from '../../tools/edit-to-visible.ts';
import { workerBrowser } from '../support/browser.ts';
import { FIXTURE_SITE, fixturePath } from '../support/fixture-site.ts';
import { marker, setMarker } from '../support/navigation.ts';

let site: DevSite;
let browser: Browser;
beforeAll(async () => {
  [site, browser] = await Promise.all([startDevSite({ from: FIXTURE_SITE }), workerBrowser()]);
});
afterAll(() => site?.dispose());

const ARTICLE = 'guide-multi-sim.md';
const BANNER = '#live-preview-problems';

/** A page on the dev server, its entry run and listening to the live channel, with the marker set; its console errors and page views sent. */
async function open(
  path: string,
  viewport = { width: 900, height: 600 },
): Promise<{ page: Page; errors: string[]; views: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport });
  // No limit of Playwright's own on an action or a wait: the test's timeout bounds it (vitest.config.ts).
  context.setDefaultTimeout(0);
  // No internet here: third-party images get an empty answer.
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.fulfill({ status: 204 }),
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(String(error)));
  const views: string[] = [];
  page.on('request', (request) => request.url().endsWith('/analytics/hits') && views.push(request.postData() ?? ''));
  await page.goto(site.url(path));
  await setMarker(page);
  await page.locator('html[data-live-preview="connected"]').waitFor({ state: 'attached' });
  return { page, errors, views, close: () => context.close() };
}

const original = (file: string) => readFileSync(fixturePath(file), 'utf8');
// textContent: innerText leaves out blocks the browser has not rendered yet (styles.css, content-visibility).
const mainText = (page: Page) =>
  page
    .locator('main')
    .textContent()
    .then((text) => text ?? '');

test('a save shows in the open page without a page load, where the reader was', async () => {
  const { page, errors, views, close } = await open('/guide/multi-sim');
  await expect.poll(() => views).toHaveLength(1);
  let loads = 0;
  page.on('request', (request) => request.resourceType() === 'document' && loads++);
  await page.evaluate(() => window.scrollTo(0, 900));
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(800);

  // How fast it shows is the benchmark's to measure (bench/live-preview.ts); here, that it shows.
  await editToVisible(
    page,
    () => site.save(ARTICLE, `${original(ARTICLE)}\nSaved while the page was open.\n`),
    'Saved while the page was open.',
  );
  expect(await marker(page)).toBe(42);
  expect(loads).toBe(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
  expect(site.log).toContain('written   guide-multi-sim.md → multi-sim');
  // The same page shown again is no new page view.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(views).toHaveLength(1);
  expect(errors).toEqual([]);
  await close();
});

test('a file that fails validation: its problem in the terminal and a banner, the last good version served; the fix removes the banner', async () => {
  const { page, errors, close } = await open('/guide/multi-sim');
  const good = `${original(ARTICLE)}\nThe last good version.\n`;
  await editToVisible(page, () => site.save(ARTICLE, good), 'The last good version.');

  site.save(ARTICLE, good.replace('slug: multi-sim', 'slug: "multi-sim').replace('The last good version.', 'Never published.'));
  const banner = page.locator(BANNER);
  await expect.poll(() => banner.isVisible()).toBe(true);
  const problem = 'guide-multi-sim.md:3:7: front matter: unreadable YAML: the " that opens this value is never closed';
  expect(await banner.innerText()).toContain(problem);
  expect(await banner.innerText()).toContain('hint: Close the quote at the end of the value. [yaml-unclosed-quote]');
  expect(await banner.innerText()).toContain('this page shows the last good version');
  expect(site.log.some((line) => line.startsWith(problem))).toBe(true);
  expect(site.log).toContain('1 problem(s) found: nothing was written.');
  expect(await mainText(page)).toContain('The last good version.');
  const served = await (await fetch(site.url('/guide/multi-sim'))).text();
  expect(served).toContain('The last good version.');
  expect(served).not.toContain('Never published.');
  expect(await marker(page)).toBe(42);

  // Dismissed, it stays away for the same problem and comes back for another.
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  expect(await banner.count()).toBe(0);
  site.save(ARTICLE, good.replace('type: guide', 'type: guide\ndate: 2024-02-30'));
  await expect.poll(() => banner.textContent()).toContain('not a real date');

  await editToVisible(page, () => site.save(ARTICLE, `${original(ARTICLE)}\nFixed.\n`), 'Fixed.');
  await expect.poll(() => banner.count()).toBe(0);
  expect(await marker(page)).toBe(42);
  expect(errors).toEqual([]);
  await close();
});

test('a new file serves at once; a new slug moves the open page to it; a renamed file keeps it; deleting the file shows the 404 in place', async ({
  onTestFailed,
}) => {
  onTestFailed(() => console.log(`the dev server's last lines:\n${site.log.slice(-60).join('\n')}`));
  const file = 'guide-live-preview-test.md';
  for (const leftover of [file, 'guide-live-preview-renamed.md']) rmSync(join(site.contentDir, leftover), { force: true });
  const source = (slug: string, words: string) =>
    `---\ntitle: "Live preview test"\nslug: ${slug}\ndescription: "Made by the live preview test"\ntype: guide\n---\n\n${words}\n`;
  site.save(file, source('live-preview-test', 'A page that did not exist.'));
  await expect.poll(async () => (await fetch(site.url('/guide/live-preview-test'))).status).toBe(200);

  const { page, errors, close } = await open('/guide/live-preview-test');
  expect(await mainText(page)).toContain('A page that did not exist.');
  await editToVisible(page, () => site.save(file, source('live-preview-moved', 'Moved to a new slug.')), 'Moved to a new slug.');
  expect(new URL(page.url()).pathname).toBe('/guide/live-preview-moved');
  expect((await fetch(site.url('/guide/live-preview-test'))).status).toBe(404);

  // A file renamed, its slug kept: the same page, and its old name no longer redirects to it.
  await editToVisible(
    page,
    () => site.save(file, source('live-preview-moved', 'Before the file is renamed.')),
    'Before the file is renamed.',
  );
  site.rename(file, 'guide-live-preview-renamed.md');
  await expect.poll(async () => (await fetch(site.url('/guide/guide-live-preview-renamed'), { redirect: 'manual' })).status).toBe(301);
  expect((await fetch(site.url('/guide/guide-live-preview-test'), { redirect: 'manual' })).status).toBe(404);
  expect(await mainText(page)).toContain('Before the file is renamed.');
  await editToVisible(page, () => site.remove('guide-live-preview-renamed.md'), 'No article is published at /guide/live-preview-moved.');
  expect(await marker(page)).toBe(42);
  expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
  await close();
});

test('what the dev server changes on the way: the script tag on HTML pages, before </head>; headers and other files as the Worker sent them', async () => {
  const page = await fetch(site.url('/guide/multi-sim'));
  const html = await page.text();
  expect(html).toMatch(/<script src="\/__dev\/live\.js\?version=\d+" async><\/script><\/head>/);
  // The site's own CSP, which allows a same-origin script as it is.
  expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'[ ;]/);
  expect(page.headers.get('x-frame-options')).toBe('DENY');
  const robots = await fetch(site.url('/robots.txt'));
  expect(await robots.text()).not.toContain('__dev');
  const script = await fetch(site.url('/__dev/live.js'));
  expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  // The line is written once the answer has gone, with what the cache stand-in did (MISS, HIT…).
  await expect.poll(() => site.log.some((line) => /^GET \/robots\.txt 200 OK [A-Z]+ \(\d+ ms\)$/.test(line))).toBe(true);
});

// Seven: with a channel that held a connection per tab (Server-Sent Events), the seventh would never load.
test("seven tabs at once all load and listen: the channel takes none of the browser's six connections per host", async () => {
  const context = await browser.newContext();
  context.setDefaultTimeout(0);
  try {
    for (let tab = 1; tab <= 7; tab++) {
      const page = await context.newPage();
      await page.goto(site.url('/guide'));
      await page.locator('html[data-live-preview="connected"]').waitFor({ state: 'attached' });
    }
  } finally {
    await context.close();
  }
});
