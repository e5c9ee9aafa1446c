/** Search at the edge: the API and the /search page, from the index the upload built. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SearchHit } from '../../../contracts/page-payload.ts';
import { searchKeys } from '../../../scripts/content/build/build-search.ts';
import type { LocalWorker } from '../../../tools/local-worker.ts';
import { parsePage } from '../../support/html.ts';
import { startPublishedWorker } from '../../support/worker-runtime.ts';

let worker: LocalWorker;
beforeAll(async () => {
  worker = await startPublishedWorker({ assetsDir: null });
});
afterAll(() => worker?.dispose());

const api = async (q: string) => {
  const res = await worker.fetch(`/api/_analog/search?q=${encodeURIComponent(q)}`);
  return { res, json: (await res.json()) as { query: string; results: SearchHit[]; error?: string } };
};

describe('search API', () => {
  test('the keys under search/ are the root the manifest names and the pieces that root names', async () => {
    const keys = (await worker.kv.list({ prefix: 'search/' })).keys.map((k) => k.name);
    const manifest = JSON.parse((await worker.kv.get('manifest')) ?? '{}');
    const root = (await worker.kv.get(manifest.search)) ?? '';
    expect(keys.sort()).toEqual([manifest.search, ...searchKeys(root)].sort());
  });

  test('answers ranked results with highlighted snippets; "dualsens" finds the DSX guide', async () => {
    const { res, json } = await api('dualsens');
    expect(res.status).toBe(200);
    expect(json.query).toBe('dualsens');
    expect(json.results[0]).toMatchObject({ title: 'Using DSX for Dualsense Active Triggers', href: '/guide/DSX', section: 'guide' });
    expect(json.results[0]!.snippet.some((p) => p.mark && /^dualsense/i.test(p.text))).toBe(true);
  });

  test('an empty query answers no results; an overlong one 400 with a reason', async () => {
    expect((await api('')).json.results).toEqual([]);
    const long = await api('x'.repeat(201));
    expect(long.res.status).toBe(400);
    expect(long.json.error).toMatch(/longer than 200/);
  });

  test('markup in the query is data, never markup in the answer', async () => {
    const { res, json } = await api('<script>alert(1)</script>');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Array.isArray(json.results)).toBe(true);
  });
});

describe('/search page (works without JavaScript)', () => {
  test('renders the results for ?q= inside the layout, not indexed', async () => {
    const res = await worker.fetch('/search?q=setup+hider');
    expect(res.status).toBe(200);
    const doc = parsePage(await res.text());
    expect(doc.root.querySelector('main h1')?.textContent).toBe('Results for “setup hider”');
    expect(doc.root.querySelector('.search-results a')?.getAttribute('href')).toBe('/guide/setup-hider');
    expect(doc.root.querySelectorAll('.search-results mark').length).toBeGreaterThan(0);
    expect(doc.meta('robots')).toBe('noindex');
    expect(doc.root.querySelector('input[name="q"]#search-page-input')?.getAttribute('value')).toBe('setup hider');
  });

  test('every page has a GET search form in the header', async () => {
    const doc = parsePage(await (await worker.fetch('/news')).text());
    const form = doc.root.querySelector('header form[role="search"]');
    expect(form?.getAttribute('action')).toBe('/search');
    expect(form?.getAttribute('method')).toBe('get');
    expect(form?.querySelector('input[name="q"]')).not.toBeNull();
  });

  test('the query is escaped in the page', async () => {
    const html = await (await worker.fetch(`/search?q=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`)).text();
    expect(html).not.toContain('<img src=x');
  });
});
