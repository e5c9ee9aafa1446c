/**
 * `npm start`'s stand-in for Workers Cache: a page's second load is answered by the cache, a save's publish shows on
 * the next load, odd requests through it are answered, and `edgeCache: false` takes it away. Dev server and workerd.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { diskRenderCache } from '../../../scripts/content/build/render-cache.ts';
import { type DevServer, startDevServer } from '../../../scripts/dev/live/dev-server.ts';
import { createXsrfToken, LOCAL_DEVELOPMENT_SECRET } from '../../../worker/http/xsrf.ts';
import { badRequestCorpus, sendAll } from '../../support/bad-requests.ts';

let folder: string;
let content: string;
let dev: DevServer | undefined;
const log: string[] = [];
const laps = (text: string) =>
  writeFileSync(join(content, 'guide-laps.md'), `---\ntitle: Laps\nslug: laps\ndescription: Lap times\ntype: guide\n---\n${text}\n`);

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'dev-edge-cache-'));
  content = join(folder, 'articles');
  mkdirSync(content);
  laps('Laps, as they were.');
  dev = await start(true);
});
const start = (edgeCache: boolean) =>
  startDevServer({
    contentDir: content,
    port: 0,
    host: '127.0.0.1',
    persistTo: join(folder, edgeCache ? 'state' : 'state-without-cache'),
    log: (line) => log.push(line),
    renderCache: diskRenderCache(join(folder, 'render-cache')),
    diagrams: null,
    cards: null,
    edgeCache,
  });
afterAll(async () => {
  await dev?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Cf-Cache-Status and text of the page at `path`. */
async function load(server: DevServer, path: string): Promise<[string | null, string]> {
  const response = await fetch(new URL(path, server.url));
  expect(response.status, path).toBe(200);
  return [response.headers.get('cf-cache-status'), await response.text()];
}

test('a page’s second load is a HIT (with the live-preview script, and in the log); after a save, the next load shows the new text', async () => {
  const [first, page] = await load(dev!, '/guide/laps');
  expect(first).toBe('MISS');
  expect(page).toContain('Laps, as they were.');
  const [second, again] = await load(dev!, '/guide/laps');
  expect(second).toBe('HIT');
  expect(again).toContain('/__dev/live.js');
  await vi.waitFor(() => expect(log).toContainEqual(expect.stringMatching(/^GET \/guide\/laps 200 OK HIT \(\d+ ms\)$/)));
  const from = log.length;
  laps('Laps, as they are now.');
  await vi.waitFor(() => expect(log.slice(from).some((line) => line.startsWith('Published version'))).toBe(true), {
    timeout: 120_000,
    interval: 50,
  });
  await dev!.settled();
  const [third, changed] = await load(dev!, '/guide/laps');
  expect(third).toBe('MISS');
  expect(changed).toContain('Laps, as they are now.');
});

test('the bad-input corpus through the cache: every request answered, none with a 5xx', async () => {
  const corpus = badRequestCorpus({ token: await createXsrfToken(LOCAL_DEVELOPMENT_SECRET), count: 400 });
  const outcomes = await sendAll(new URL(dev!.url), corpus, 8);
  const failed = outcomes.filter((o) => o.status === 0 || o.status >= 500);
  expect(failed.map((o) => `${o.request.method} ${o.request.target.slice(0, 100)} → ${o.status} ${o.body.slice(0, 80)}`)).toEqual([]);
});

test('a head the Worker refuses reaches it through the cache: a 20 KB cookie gets its 400', async () => {
  const response = await fetch(new URL('/guide/other', dev!.url), { headers: { Cookie: `big=${'x'.repeat(20_000)}` } });
  expect([response.status, response.headers.get('cf-cache-status'), await response.text()]).toEqual([
    400,
    'BYPASS',
    'Cookie header longer than 8192 bytes.',
  ]);
});

test('edgeCache: false: no cache in front, no Cf-Cache-Status', async () => {
  await dev?.close();
  dev = await start(false);
  expect(await load(dev, '/guide/laps')).toEqual([null, expect.stringContaining('Laps, as they are now.')]);
  expect((await load(dev, '/guide/laps'))[0]).toBeNull();
});
