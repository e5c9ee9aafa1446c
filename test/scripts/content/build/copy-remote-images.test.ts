/**
 * Copies of images shown from other hosts, against a local server standing in for them (images, active
 * SVG, missing files, web pages, hangs, oversized bodies). Unit.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KVNamespace } from '@cloudflare/workers-types';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseStored, storedEntrySchema } from '../../../../contracts/kv-values.ts';
import { copyRemoteImages } from '../../../../scripts/content/build/copy-remote-images.ts';
import { kvStoreFromBinding } from '../../../../scripts/content/kv/kv-store.ts';
import { readManifest } from '../../../../scripts/content/kv/stored-records.ts';
import { remoteImagePointer } from '../../../../scripts/content/markdown/remote-images.ts';
import { uploadContent } from '../../../../scripts/content/publish/upload.ts';
import { loadContentFolder } from '../../../../scripts/content/source/load-content.ts';
import { formatProblem } from '../../../../scripts/content/source/problems.ts';
import { createMiniflare, type LocalMiniflare } from '../../../../tools/local-worker.ts';
import { type LoopbackServer, listenOnLoopback } from '../../../../tools/loopback-server.ts';
import { fixturePath } from '../../../support/fixture-site.ts';

const PNG = readFileSync(fixturePath('media', 'guides-section.png'));
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 60"><rect width="300" height="60"/></svg>';

/** The paths asked of the stand-in, in order. */
const asked: string[] = [];

/** The other hosts, stood in for by one server: an image, an SVG, an active SVG, a web page, a torn PNG, a hang, 5 MB. */
function answer(request: IncomingMessage, response: ServerResponse): void {
  asked.push(request.url!);
  if (request.url === '/shots/menu.png') response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  else if (request.url === '/logo') response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
  else if (request.url === '/active.svg')
    response.writeHead(200).end('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>x()</script></svg>');
  else if (request.url === '/page.png') response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>Not here');
  else if (request.url === '/torn.png') response.writeHead(200, { 'content-type': 'image/png' }).end(PNG.subarray(0, 2000));
  else if (request.url === '/slow.png')
    return; // never answers
  else if (request.url === '/huge.png') {
    // 5 MB without a Content-Length: the download is stopped past 4 MB.
    response.writeHead(200, { 'content-type': 'image/png' });
    for (let i = 0; i < 5; i++) response.write(Buffer.alloc(1024 * 1024));
    response.end();
  } else response.writeHead(404).end();
}

let hosts: LoopbackServer;
beforeAll(async () => {
  hosts = await listenOnLoopback(createServer(answer));
});
afterAll(() => hosts.close());
/** Where the stand-in listens: `http://127.0.0.1:<port>`, and its host with the port. */
const origin = () => hosts.url.origin;
const host = () => hosts.url.host;

/** A content folder on disk whose one guide shows every kind of answer. */
function contentFolder(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'remote-images-')), 'content');
  mkdirSync(dir);
  const body = [
    `![The main menu](${origin()}/shots/menu.png)`,
    '',
    `<a href="https://signpath.io"><img src="${origin()}/logo" width="150" alt="SignPath"></a>`,
    '',
    `<img src="${origin()}/missing.png" alt="Gone">`,
    `<img src="${origin()}/active.svg" alt="Active">`,
    `<img src="${origin()}/page.png" alt="A page">`,
    `<img src="${origin()}/torn.png" alt="Torn">`,
    `<img src="${origin()}/slow.png" alt="Slow">`,
    `<img src="${origin()}/huge.png" alt="Huge">`,
  ].join('\n');
  writeFileSync(join(dir, 'guide-a.md'), `---\ntitle: A\nslug: a\ndescription: About a\ntype: guide\n---\n${body}\n`);
  return dir;
}

describe('copyRemoteImages', () => {
  let dir: string;
  beforeAll(() => {
    dir = contentFolder();
  });
  afterAll(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  test('copies each image into media/remote/, named by host and path and by the kind its bytes hold', async () => {
    const folder = await loadContentFolder(dir);
    const lines: string[] = [];
    const outcome = await copyRemoteImages(dir, folder, { timeoutMs: 2000, log: (line) => lines.push(line) });
    const safeHost = host().replace(':', '_');
    expect(outcome.copied.sort()).toEqual([`remote/${safeHost}/logo.svg`, `remote/${safeHost}/shots/menu.png`]);
    expect(readFileSync(join(dir, 'media', 'remote', safeHost, 'shots', 'menu.png')).equals(PNG)).toBe(true);
    expect(readFileSync(join(dir, 'media', 'remote', safeHost, 'logo.svg'), 'utf8')).toBe(SVG);
    expect(folder.media?.map((m) => m.name).sort()).toEqual(outcome.copied);
    expect(lines[0]).toBe(`Copying 8 image(s) from other hosts into ${join(dir, 'media', 'remote')}…`);
    expect(lines).toContain(`  copied ${origin()}/logo → media/remote/${safeHost}/logo.svg (0.1 KB): commit it with the article`);
  });

  test('an image that cannot be copied is a warning naming file, line, URL and why', async () => {
    const folder = await loadContentFolder(dir);
    const before = asked.length;
    const { copied, warnings } = await copyRemoteImages(dir, folder, { timeoutMs: 2000 });
    // The two copies of the first run are found on disk: only the six failures are tried again.
    expect(copied).toEqual([]);
    expect(asked.slice(before).sort()).toEqual(['/active.svg', '/huge.png', '/missing.png', '/page.png', '/slow.png', '/torn.png']);
    const tail = `until an upload that can reach it keeps a copy in media/remote/`;
    expect(warnings.map((w) => formatProblem(w).split('\n')[0]).sort()).toEqual([
      `guide-a.md:11:1: image: ${origin()}/missing.png is not copied (the host answered 404): the Worker fetches it from ${host()} for the page ${tail}`,
      `guide-a.md:12:1: image: ${origin()}/active.svg is not copied (the file holds a <script> element): the Worker fetches it from ${host()} for the page ${tail}`,
      `guide-a.md:13:1: image: ${origin()}/page.png is not copied (the file is no image the site serves (png, jpg, webp, avif, gif, svg)): the Worker fetches it from ${host()} for the page ${tail}`,
      // sharp's words for a file cut short, whatever they are.
      expect.stringMatching(
        new RegExp(
          `^guide-a\\.md:14:1: image: ${origin()}/torn\\.png is not copied \\(the file is not a readable PNG image \\(.+\\)\\): the Worker`,
        ),
      ),
      `guide-a.md:15:1: image: ${origin()}/slow.png is not copied (no answer within 2 s): the Worker fetches it from ${host()} for the page ${tail}`,
      `guide-a.md:16:1: image: ${origin()}/huge.png is not copied (it is over 4 MB, the limit of images from other hosts): the Worker fetches it from ${host()} for the page ${tail}`,
    ]);
  });

  test('a dry run fetches and uses the images but writes no file', async () => {
    const dry = contentFolder();
    const folder = await loadContentFolder(dry);
    const outcome = await copyRemoteImages(dry, folder, { timeoutMs: 2000, write: false });
    expect(outcome.copied).toHaveLength(2);
    expect(folder.media).toHaveLength(2);
    expect(existsSync(join(dry, 'media'))).toBe(false);
    rmSync(join(dry, '..'), { recursive: true, force: true });
  });
});

describe('an upload of a folder (as `npm run upload` makes it)', () => {
  let miniflare: LocalMiniflare;
  beforeAll(() => {
    miniflare = createMiniflare({ modules: true, script: 'export default { fetch() { return new Response("") } }', kvNamespaces: ['KV'] });
  });
  afterAll(() => miniflare?.dispose());

  test('stores the copies as the site’s media and the article points at them; the rest are shown through the Worker', async () => {
    const dir = contentFolder();
    const store = kvStoreFromBinding((await miniflare.mf.getKVNamespace('KV')) as unknown as KVNamespace);
    const lines: string[] = [];
    const outcome = await uploadContent({
      content: dir,
      store,
      cards: null,
      diagrams: null,
      remoteImages: { timeoutMs: 2000 },
      log: (l) => lines.push(l),
    });
    expect(outcome.ok).toBe(true);
    expect(lines.filter((l) => l.startsWith('warning: guide-a.md'))).toHaveLength(6);
    expect(lines.at(-1)).toMatch(/6 warning\(s\) above/);

    const manifest = (await readManifest(store))!;
    const entry = parseStored(storedEntrySchema, (await store.get(manifest.entries[0]!.key))!, 'entry');
    const sources = [...entry.html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]);
    expect(sources[0]).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    // A copy is re-encoded like any image of media/: AVIF and WebP first, each stored.
    const avif = /<picture><source type="image\/avif" srcset="\/(media\/[0-9a-f]{64}\.avif) 400w, /.exec(entry.html);
    expect(avif).not.toBeNull();
    expect(manifest.media).toContain(avif![1]);
    expect(await store.get(avif![1]!)).not.toBeNull();
    expect(sources[1]).toMatch(/^\/media\/[0-9a-f]{64}\.svg$/);
    const uncopied = ['missing.png', 'active.svg', 'page.png', 'torn.png', 'slow.png', 'huge.png'].map((name) =>
      remoteImagePointer(`${origin()}/${name}`),
    );
    expect(sources.slice(2)).toEqual(uncopied.map((p) => p.path));
    // The Worker finds each one's URL under its key, which the manifest names so clean-ups keep it.
    for (const { key, url } of uncopied) {
      expect(JSON.parse((await store.get(key))!)).toEqual({ url });
      expect(manifest.media).toContain(key);
    }
    expect(lines).toContain(`written   ${uncopied[0]!.url} → ${uncopied[0]!.path} (fetched by the Worker)`);
    expect(entry.html).toContain('width="150" alt="SignPath" loading="lazy" decoding="async" height="30"');
    for (const src of sources.slice(0, 2)) expect(await store.get(src!.slice(1)), src).not.toBeNull();
    rmSync(join(dir, '..'), { recursive: true, force: true });
  });
});
