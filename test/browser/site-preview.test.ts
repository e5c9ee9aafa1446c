/**
 * A whole-site preview session: the printed link starts it under the preview's own path, the banner shows on every
 * page, links and the search form stay in it (whole page loads: no API request of the public site), and "Leave
 * preview" returns to the public page. Chromium.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LOCAL_PREVIEW_SECRET } from '../../contracts/preview-token.ts';
import { uploadContent } from '../../scripts/content/publish/upload.ts';
import type { LocalWorker } from '../../tools/local-worker.ts';
import { type Site, startSite } from '../support/browser.ts';
import { enhanced, marker, setMarker } from '../support/navigation.ts';
import { PREVIEW_SITE, PREVIEW_TITLE, WORDS } from '../support/preview-fixture.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let site: Site<LocalWorker>;
let link: string;

beforeAll(async () => {
  // Its own Worker: the preview is uploaded into its store.
  site = await startSite({});
  const outcome = await uploadContent({
    content: PREVIEW_SITE,
    store: site.worker.store,
    previewName: 'pr-5',
    preview: { origin: site.url('/').replace(/\/$/, ''), secret: LOCAL_PREVIEW_SECRET, days: 7 },
    cards: null,
    diagrams: null,
  });
  if (!outcome.ok || !outcome.preview) throw new Error('the preview fixture does not upload');
  link = outcome.preview.url;
});
afterAll(() => site?.close());

const banner = (page: Page) => page.locator('aside.preview-banner');

test('link, banner, links and search in the preview, leaving to the same page, public', async () => {
  const { page, errors } = await site.open();
  const apiRequests: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) apiRequests.push(pathname);
  });
  await page.goto(link);
  expect(new URL(page.url()).pathname).toBe('/_preview/pr-5');
  await expect
    .poll(() => banner(page).innerText())
    .toMatch(/^Preview pr-5: this is not the public site\. Your preview ends .+\.\s*Leave preview$/);
  const cookies = await page.context().cookies();
  expect(cookies.filter((c) => c.name === 'site-preview').map((c) => c.path)).toEqual(['/_preview/pr-5']);

  await setMarker(page);
  await page.locator('nav.site-nav a[href="/_preview/pr-5/guide"]').click();
  await page.waitForURL((url) => url.pathname === '/_preview/pr-5/guide');
  await expect.poll(() => page.locator('main').innerText()).toContain(PREVIEW_TITLE);
  await enhanced(page);
  expect(await marker(page)).toBeUndefined(); // a whole page load: the in-place router would ask the public API
  expect(await banner(page).getByRole('link', { name: 'Leave preview' }).getAttribute('href')).toBe(
    '/_preview/leave?name=pr-5&to=%2Fguide',
  );

  // Typing shows no results of the public search; the form submits to the preview's search page.
  const box = page.locator('form.search-box input[name="q"]');
  await box.fill(WORDS.added);
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === '/_preview/pr-5/search');
  await expect.poll(() => page.locator('main').innerText()).toContain('The big update');
  expect(apiRequests).toEqual([]);

  await page.goto(site.url('/_preview/pr-5/guide'));
  await banner(page).getByRole('link', { name: 'Leave preview' }).click();
  await page.waitForURL((url) => url.pathname === '/guide');
  await page.waitForLoadState('load');
  expect(await banner(page).count()).toBe(0);
  expect(await page.locator('main').innerText()).not.toContain(PREVIEW_TITLE);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('site-preview');
  expect(errors).toEqual([]);
});

test('the banner fits a 390 px phone and passes axe in both themes', async () => {
  for (const colorScheme of ['dark', 'light'] as const) {
    const { page, context } = await site.open({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      colorScheme,
      bypassCSP: true,
    });
    await page.goto(link);
    await enhanced(page);
    const box = (await banner(page).boundingBox())!;
    expect(box.x, colorScheme).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, colorScheme).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), colorScheme).toBeLessThanOrEqual(390);
    await page.evaluate(AXE_SOURCE);
    const results = await page.evaluate(() =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run('aside.preview-banner', {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] },
        resultTypes: ['violations'],
      }),
    );
    expect(
      (results as AxeResults).violations.map((v) => v.id),
      colorScheme,
    ).toEqual([]);
    await context.close();
  }
});
