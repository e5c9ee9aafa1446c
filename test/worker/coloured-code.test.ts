/**
 * Coloured code on the built site: some article shows coloured tokens, the pages that must have them do, and
 * every token meets WCAG AA contrast in both themes. workerd.
 */

import { parse } from 'node-html-parser';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { visibleManifest } from '../../contracts/scheduled-entries.ts';
import { kvStoreFromBinding } from '../../scripts/content/kv/kv-store.ts';
import { readManifest } from '../../scripts/content/kv/stored-records.ts';
import type { LocalWorker } from '../../tools/local-worker.ts';
import { startPublishedWorker } from '../support/worker-runtime.ts';

let worker: LocalWorker;
beforeAll(async () => {
  worker = await startPublishedWorker({ assetsDir: null });
});
afterAll(() => worker?.dispose());

/** The dark-theme colour in a shiki `style` attribute (`color:#…;--shiki-light:#…`). */
const colourOf = (style: string | undefined): string | undefined => /(?:^|;)color:(#[0-9a-f]+)/i.exec(style ?? '')?.[1]?.toLowerCase();

/** The light theme's colour in the same attribute. */
const lightColourOf = (style: string | undefined): string | undefined =>
  /--shiki-light:(#[0-9a-f]+)/i.exec(style ?? '')?.[1]?.toLowerCase();

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

/** Every token colour below WCAG AA (4.5:1) on its block's background, in either theme. */
function lowContrastTokens(html: string): string[] {
  const root = parse(html, { blockTextElements: { script: true, style: true } });
  const low: string[] = [];
  for (const pre of root.querySelectorAll('pre.shiki')) {
    const style = pre.getAttribute('style') ?? '';
    const darkBg = /background-color:(#[0-9a-f]+)/i.exec(style)?.[1] ?? '';
    const lightBg = /--shiki-light-bg:(#[0-9a-f]+)/i.exec(style)?.[1] ?? '';
    const full = (hex: string) => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex);
    for (const span of pre.querySelectorAll('span.line > span')) {
      const dark = colourOf(span.getAttribute('style'));
      const light = lightColourOf(span.getAttribute('style'));
      if (dark && contrast(full(dark), full(darkBg)) < 4.5) low.push(`${span.textContent} (${dark} on ${darkBg})`);
      if (light && contrast(full(light), full(lightBg)) < 4.5) low.push(`${span.textContent} (${light} on ${lightBg})`);
    }
  }
  return low;
}

/** Tokens of the page's highlighted blocks whose colour is not their block's text colour. */
function colouredTokens(html: string): string[] {
  const tokens: string[] = [];
  // node-html-parser keeps a <pre>'s content as raw text unless told otherwise.
  const root = parse(html, { blockTextElements: { script: true, style: true } });
  for (const pre of root.querySelectorAll('pre.shiki')) {
    const plain = colourOf(pre.getAttribute('style'));
    for (const span of pre.querySelectorAll('span.line > span')) {
      const colour = colourOf(span.getAttribute('style'));
      if (colour && colour !== plain && span.textContent.trim()) tokens.push(span.textContent.trim());
    }
  }
  return tokens;
}

test('articles render coloured code tokens (the batch sample and the ini settings at least), all readable in both themes', async () => {
  // The public entries: the fixture's post scheduled for 2099 is not served yet.
  const manifest = visibleManifest((await readManifest(kvStoreFromBinding(worker.kv)))!, Date.now());
  const coloured = new Map<string, string[]>();
  for (const entry of manifest.entries) {
    const path = `/${entry.type === 'news' ? 'news' : 'guide'}/${entry.slug}`;
    const res = await worker.fetch(path);
    expect(res.status, path).toBe(200);
    const html = await res.text();
    const tokens = colouredTokens(html);
    if (tokens.length > 0) coloured.set(path, tokens);
    expect(lowContrastTokens(html), path).toEqual([]);
  }
  expect(coloured.size, 'no article renders a coloured code token').toBeGreaterThan(0);
  expect(coloured.get('/guide/start-the-app-minimized')).toEqual(expect.arrayContaining(['@echo', 'REM', 'START']));
  expect(coloured.get('/guide/multi-sim')).toEqual(expect.arrayContaining(['WRC.Telemetry.EnableTelemetry', '"127.0.0.1"']));
});
