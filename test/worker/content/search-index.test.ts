/** The search index: built from the real content, loaded back, queried; snippets. */
import { beforeAll, describe, expect, test } from 'vitest';
import { buildEntries } from '../../../scripts/content/build/build-entries.ts';
import { buildSearchIndexValue } from '../../../scripts/content/build/build-search-index.ts';
import { loadSearchIndex, makeSnippet, type SearchEngine } from '../../../worker/content/search-engine.ts';
import { loadFixtureSite } from '../../support/fixture-site.ts';

let engine: SearchEngine;
let key: string;
beforeAll(async () => {
  const built = await buildEntries(await loadFixtureSite());
  if (!built.ok) throw new Error('content does not build');
  const index = buildSearchIndexValue(built.entries);
  key = index.key;
  engine = loadSearchIndex(JSON.parse(index.value));
});

const titles = (q: string) => engine.search(q).map((hit) => hit.title);

describe('ranking', () => {
  test('the key is content-addressed', () => {
    expect(key).toMatch(/^search\/[0-9a-f]{64}$/);
  });

  test.each([
    ['dualsens', 'Using DSX for Dualsense Active Triggers'],
    ['dualsnse', 'Using DSX for Dualsense Active Triggers'],
    ['setup hider', 'Setup Hider for Streaming'],
    ['multisim', 'Multi-Sim'],
    ['liveries', 'Using the Liveries Tab'],
    ['twitch commands', 'Twitch Chat Bot Commands'],
  ])('"%s" ranks %s first (typos and compounds tolerated)', (q, expected) => {
    expect(titles(q)[0]).toBe(expected);
  });

  test('a query matching nothing returns no results, an empty one too', () => {
    expect(titles('xyzzyqwv')).toEqual([]);
    expect(titles('   ')).toEqual([]);
  });

  test('when not every word matches, results that match some still come', () => {
    expect(titles('forza xyzzyqwv').length).toBeGreaterThan(0);
  });

  test('hits carry the canonical link, section and date', () => {
    const [hit] = engine.search('signpath');
    expect(hit).toMatchObject({ href: '/news/2023-04-29-signpath', section: 'news', date: '2023-04-29' });
    const [guide] = engine.search('multisim');
    expect(guide).toMatchObject({ href: '/guide/multi-sim', section: 'guide', date: null });
  });
});

describe('snippets', () => {
  test('mark the matched words inside a window of the text', () => {
    const [hit] = engine.search('websocket');
    const marked = hit!.snippet.filter((p) => p.mark).map((p) => p.text.toLowerCase());
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.every((w) => w.startsWith('websocket'))).toBe(true);
    expect(hit!.snippet.map((p) => p.text).join('').length).toBeLessThan(200);
  });

  test('makeSnippet: window, ellipses and word-start matching', () => {
    const text = `${'filler '.repeat(40)}the DualSense triggers react to braking ${'tail '.repeat(40)}`;
    const parts = makeSnippet(text, ['dualsense', 'braking']);
    expect(parts[0]).toEqual({ text: '… ', mark: false });
    expect(parts.at(-1)).toEqual({ text: ' …', mark: false });
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(['DualSense', 'braking']);
    // Only at word starts: "sense" inside "DualSense" is not marked on its own.
    expect(makeSnippet('DualSense sense', ['sense']).filter((p) => p.mark)).toEqual([{ text: 'sense', mark: true }]);
  });

  test('makeSnippet: regex characters in terms are taken literally', () => {
    expect(makeSnippet('a (b) c', ['(b)']).filter((p) => p.mark)).toEqual([{ text: '(b)', mark: true }]);
    expect(
      makeSnippet('short text', [])
        .map((p) => p.text)
        .join(''),
    ).toBe('short text');
  });
});
