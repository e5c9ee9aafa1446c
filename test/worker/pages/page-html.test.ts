/** The page-HTML API the browser's router navigates with, in workerd: the same page as the document's. */
import { beforeAll, describe, expect, test } from 'vitest';
import type { PageFragment } from '../../../contracts/page-fragment.ts';
import { type SiteWorker, sharedWorker } from '../../support/shared-worker.ts';

let worker: SiteWorker;
beforeAll(async () => {
  worker = sharedWorker();
});

const ROOT_OPEN = '<div id="root">';
const ROOT_CLOSE = '</div><script type="application/json"';

/** What the served document holds inside #root, and the build its payload names. */
async function servedPage(path: string): Promise<{ root: string; build: string; title: string }> {
  const html = await (await worker.fetch(path)).text();
  const start = html.indexOf(ROOT_OPEN);
  const end = html.indexOf(ROOT_CLOSE);
  expect(start, `${path} has #root`).toBeGreaterThan(0);
  const payload = html.slice(end + ROOT_CLOSE.length);
  return {
    root: html.slice(start + ROOT_OPEN.length, end),
    build: /"build":"([^"]+)"/.exec(payload)?.[1] ?? '',
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
  };
}

describe('page-HTML API', () => {
  test.each([
    ['/', 'home'],
    ['/news', 'newsIndex'],
    ['/guide', 'guideIndex'],
    ['/news/race-element-2-released', 'article'],
    ['/guide/multi-sim', 'article'],
    ['/setup?link=QUJD', 'setup'],
    ['/search?q=dsx', 'search'],
  ])('%s answers the HTML the document renders inside #root, its meta and build (%s)', async (path, kind) => {
    const url = new URL(path, 'http://x');
    const res = await worker.fetch(`/api/_analog/page-html${url.pathname === '/' ? '' : url.pathname}${url.search}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const fragment = (await res.json()) as PageFragment;
    const served = await servedPage(path);
    expect(fragment.kind).toBe(kind);
    expect(fragment.status).toBe(200);
    expect(fragment.html).toBe(served.root);
    expect(fragment.build).toBe(served.build);
    expect(fragment.build).toMatch(/^[0-9a-z]+$/);
    expect(fragment.meta.title.replace(/&/g, '&amp;')).toBe(served.title);
  });

  test('a missing slug answers 404 with the not-found page', async () => {
    const res = await worker.fetch('/api/_analog/page-html/guide/nope');
    expect(res.status).toBe(404);
    const fragment = (await res.json()) as PageFragment;
    expect(fragment).toMatchObject({ kind: 'notFound', status: 404 });
    expect(fragment.html).toContain('No Content Found');
  });

  test('an old or differently cased slug redirects to the canonical path of the API', async () => {
    const res = await worker.fetch('/api/_analog/page-html/guide/dsx', { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toMatch(/\/api\/_analog\/page-html\/guide\/DSX$/);
  });

  test('markup travels only as JSON escapes: the body holds no raw angle bracket', async () => {
    const text = await (await worker.fetch('/api/_analog/page-html/guide/multi-sim')).text();
    expect(text).not.toMatch(/[<>]/);
    expect((JSON.parse(text) as PageFragment).html).toContain('<h1');
  });
});
