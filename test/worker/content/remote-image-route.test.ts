/**
 * Images from other hosts without a kept copy: served through /media/remote/, fetched once and kept in
 * the cache, 502 with a reason on failure, only URLs an upload stored. Real upload, workerd.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { REMOTE_IMAGE_CACHE_CONTROL } from '../../../contracts/media.ts';
import { remoteImagePointer } from '../../../scripts/content/markdown/remote-images.ts';
import { uploadContent } from '../../../scripts/content/publish/upload.ts';
import { type LocalWorker, startLocalWorker } from '../../../tools/local-worker.ts';
import { type LoopbackServer, listenOnLoopback } from '../../../tools/loopback-server.ts';
import { fixturePath } from '../../support/fixture-site.ts';
import { parsePage } from '../../support/html.ts';

const PNG = readFileSync(fixturePath('media', 'guides-section.png'));
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 60"><rect width="300" height="60"/></svg>';

let server: Server;
let origin: string;
const asked: string[] = [];
let worker: LocalWorker;
let lines: string[];
let listening: LoopbackServer | undefined;

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(request.url!);
    if (request.url === '/shot.png') response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else if (request.url === '/logo.svg') response.writeHead(200, { 'content-type': 'image/svg+xml; charset=utf-8' }).end(SVG);
    else if (request.url === '/page.png') response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>Not here');
    else response.writeHead(404).end();
  });
  listening = await listenOnLoopback(server);
  origin = listening.url.origin;

  worker = await startLocalWorker({ assetsDir: null });
  const body = ['shot.png', 'logo.svg', 'gone.png', 'page.png'].map((name) => `![${name}](${origin}/${name})`).join('\n\n');
  lines = [];
  const outcome = await uploadContent({
    content: {
      files: [{ file: 'guide-a.md', source: `---\ntitle: A\nslug: a\ndescription: About a\ntype: guide\n---\n${body}\n` }],
      samples: [],
    },
    store: worker.store,
    cards: null,
    diagrams: null,
    log: (line) => lines.push(line),
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});
afterAll(async () => {
  await worker?.dispose();
  await listening?.close();
});

const pathOf = (name: string) => remoteImagePointer(`${origin}/${name}`).path;

test('the page names only its own paths for the images, and the upload says so', async () => {
  const res = await worker.fetch('/guide/a');
  expect(res.status).toBe(200);
  const sources = parsePage(await res.text())
    .root.querySelectorAll('main img')
    .map((img) => img.getAttribute('src'));
  expect(sources).toEqual(['shot.png', 'logo.svg', 'gone.png', 'page.png'].map(pathOf));
  expect(lines).toContain(`written   ${origin}/shot.png → ${pathOf('shot.png')} (fetched by the Worker)`);
});

test('the path serves the image from its host, kept in the data centre’s cache: the host is asked once', async () => {
  const before = asked.length;
  for (let i = 0; i < 3; i++) {
    const res = await worker.fetch(pathOf('shot.png'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe(REMOTE_IMAGE_CACHE_CONTROL);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  }
  expect(asked.slice(before)).toEqual(['/shot.png']);

  const svg = await worker.fetch(pathOf('logo.svg'));
  expect(svg.status).toBe(200);
  expect(svg.headers.get('content-type')).toBe('image/svg+xml');
  // Opened on its own, an SVG runs nothing: the site's CSP allows no inline script.
  expect(svg.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
  expect(await svg.text()).toBe(SVG);
});

test('a host that fails gets a 502 naming it and why, never kept: the next request asks again', async () => {
  const host = new URL(origin).host;
  for (const [name, reason] of [
    ['gone.png', 'the host answered 404'],
    ['page.png', 'it sent text/html, not an image the site serves'],
  ] as const) {
    const before = asked.length;
    for (let i = 0; i < 2; i++) {
      const res = await worker.fetch(pathOf(name));
      expect(res.status, name).toBe(502);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toBe(`The image from ${host} could not be fetched: ${reason}.`);
    }
    expect(asked.slice(before)).toEqual([`/${name}`, `/${name}`]);
  }
});

test('only URLs an upload stored are fetched: any other name is a 404 that asks no host', async () => {
  const before = asked.length;
  const unknown = remoteImagePointer(`${origin}/shot.png?not-published`).path;
  for (const path of [unknown, '/media/remote/not-a-hash', `/media/remote/${'0'.repeat(64)}.png`]) {
    const res = await worker.fetch(path);
    expect(res.status, path).toBe(404);
    expect(await res.text()).toMatch(/^No image is published at \/media\/remote\//);
  }
  expect(asked.slice(before)).toEqual([]);
});
