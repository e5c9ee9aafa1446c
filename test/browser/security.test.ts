/**
 * Hostile markdown uploaded through the real upload code runs nothing, and the CSP stops inline script even past
 * the sanitiser (every page's own load is own-files.test.ts's sweep). Chromium.
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { entryKey, MANIFEST_KEY } from '../../contracts/kv-keys.ts';
import { readManifest } from '../../scripts/content/kv/stored-records.ts';
import type { LocalWorker } from '../../tools/local-worker.ts';
import { type Site, startSite } from '../support/browser.ts';

const ATTACK_SLUG = 'hostile-article';
/** One line per attack; each would push its name to window.__pwned if it ran. */
const ATTACKS = [
  '<script>window.__pwned.push("script")</script>',
  '<img src="x" onerror="window.__pwned.push(\'onerror\')">',
  '<svg onload="window.__pwned.push(\'svg\')"><circle r="1"/></svg>',
  '<a id="js-link" href="javascript:window.__pwned.push(\'javascript-link\')">javascript link</a>',
  '[markdown javascript link](javascript:window.__pwned.push("md-link"))',
  '<a id="data-link" href="data:text/html,<script>parent.__pwned.push(\'data-link\')</script>">data link</a>',
  '<img src="data:image/svg+xml,<svg xmlns=\'http://www.w3.org/2000/svg\' onload=\'window.__pwned.push(1)\'/>" alt="data image">',
  '<iframe src="https://evil.example/frame.html"></iframe>',
  '<iframe srcdoc="<script>parent.__pwned.push(\'srcdoc\')</script>"></iframe>',
  '<style>body { display: none !important }</style>',
  '<div style="display:none" id="styled">styled</div>',
  '<details open ontoggle="window.__pwned.push(\'ontoggle\')">details</details>',
  '<object data="javascript:window.__pwned.push(\'object\')"></object>',
  '<form action="javascript:window.__pwned.push(\'form\')"><button id="form-button">send</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__pwned.push(\'meta\')">',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned.push(\'mxss\')">',
];
const ATTACK_MARKDOWN = `---
title: "A Hostile Article"
slug: ${ATTACK_SLUG}
description: "Every attack at once"
type: guide
---

Visible text before the attacks.

${ATTACKS.join('\n\n')}

Visible text after the attacks.
`;

/** Installed before any page script: records CSP violations and gives attacks a target. */
const WATCH = `
  window.__pwned = [];
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || '') + ' ' + (e.sample || ''));
  }, true);
`;

let site: Site<LocalWorker>;
beforeAll(async () => {
  site = await startSite({ extraEntries: [{ file: 'guide-hostile.md', source: ATTACK_MARKDOWN }] });
});
afterAll(() => site?.close());

interface Watched {
  page: Page;
  errors: string[];
  dialogs: string[];
  cspConsole: string[];
  close(): Promise<void>;
}

async function watchedPage(): Promise<Watched> {
  const { context, page, errors } = await site.open();
  await page.addInitScript(WATCH);
  const dialogs: string[] = [];
  const cspConsole: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspConsole.push(message.text());
  });
  return { page, errors, dialogs, cspConsole, close: () => context.close() };
}

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned: string[] }).__pwned);
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

describe('hostile markdown, uploaded through the real upload code', () => {
  test('loaded directly: nothing runs, nothing is hidden, no CSP violation', async () => {
    const w = await watchedPage();
    try {
      await w.page.goto(site.url(`/guide/${ATTACK_SLUG}`));
      await w.page.waitForLoadState('networkidle');
      const article = w.page.locator('main');
      await expect.poll(() => article.textContent()).toContain('Visible text after the attacks.');
      expect(await w.page.locator('main h1').textContent()).toBe('A Hostile Article');
      // The page is still shown: no injected <style> or style attribute hid it.
      expect(await w.page.locator('body').isVisible()).toBe(true);
      expect(await w.page.locator('#user-content-styled').isVisible()).toBe(true);
      expect(await w.page.locator('main iframe, main script, main style, main object, main form, main svg').count()).toBe(0);
      // Click what is left of the links and the button: nothing may run.
      for (const selector of ['#user-content-js-link', '#user-content-data-link', 'text=markdown javascript link']) {
        const link = w.page.locator(selector).first();
        if ((await link.count()) > 0) await link.click();
      }
      await w.page.waitForTimeout(300);
      expect(w.page.url()).toBe(site.url(`/guide/${ATTACK_SLUG}`));
      expect(await pwned(w.page)).toEqual([]);
      expect(w.dialogs).toEqual([]);
      expect(await violations(w.page)).toEqual([]);
      expect(w.cspConsole).toEqual([]);
      // What is left of `<img src="x" onerror=…>` is an image at a relative URL that does not exist.
      expect(w.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    } finally {
      await w.close();
    }
  });

  test('reached by client-side navigation (HTML swapped in by the router): nothing runs either', async () => {
    const w = await watchedPage();
    try {
      await w.page.goto(site.url('/guide'));
      await w.page.waitForLoadState('networkidle');
      await w.page.locator(`a[href="/guide/${ATTACK_SLUG}"]`).first().click();
      await w.page.waitForURL(`**/guide/${ATTACK_SLUG}`);
      await expect.poll(() => w.page.locator('main h1').textContent()).toBe('A Hostile Article');
      await w.page.waitForTimeout(300);
      expect(await pwned(w.page)).toEqual([]);
      expect(w.dialogs).toEqual([]);
      expect(await violations(w.page)).toEqual([]);
    } finally {
      await w.close();
    }
  });
});

describe('the CSP, the second wall', () => {
  test('an entry that bypassed the sanitiser still runs no inline script or handler: the CSP blocks and reports it', async () => {
    const store = site.worker.store;
    const manifest = (await readManifest(store))!;
    const target = manifest.entries.find((e) => e.slug === ATTACK_SLUG)!;
    const stored = JSON.parse((await store.get(target.key))!) as { html: string };
    // Written straight to KV, as if the sanitiser had a hole.
    const bypass = entryKey('sanitiser-bypass');
    await store.put(
      bypass,
      JSON.stringify({ ...JSON.parse((await store.get(target.key))!), html: `${stored.html}${ATTACKS.slice(0, 3).join('')}` }),
    );
    const bypassed = {
      ...manifest,
      version: manifest.version + 1,
      entries: manifest.entries.map((e) => (e === target ? { ...e, key: bypass } : e)),
    };
    await store.put(MANIFEST_KEY, JSON.stringify(bypassed));
    // The isolate keeps a manifest for up to 5 s.
    await expect
      .poll(async () => (await site.worker.fetch(`/guide/${ATTACK_SLUG}`)).text(), { interval: 500 })
      .toContain('<script>window.__pwned.push("script")</script>');
    const w = await watchedPage();
    try {
      await w.page.goto(site.url(`/guide/${ATTACK_SLUG}`));
      await w.page.waitForLoadState('networkidle');
      // The markup is in the page: only the CSP stands between it and the visitor.
      expect(await w.page.locator('main script').count()).toBeGreaterThan(0);
      await expect.poll(() => violations(w.page)).not.toEqual([]);
      expect((await violations(w.page)).every((v) => v.startsWith('script-src'))).toBe(true);
      expect(await pwned(w.page)).toEqual([]);
    } finally {
      await w.close();
      await store.put(MANIFEST_KEY, JSON.stringify(manifest));
    }
  });
});
