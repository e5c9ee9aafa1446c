/**
 * Images from other hosts: `npm start` copies them into the content folder as `npm run upload` does, serves them
 * re-encoded, and both print the same warning for one that cannot be copied; a save repeats it only for its own file. Real dev server and upload
 * command, a loopback server standing in for the other host.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { diskRenderCache } from '../../../scripts/content/build/render-cache.ts';
import { type DevServer, startDevServer } from '../../../scripts/dev/live/dev-server.ts';
import { type LoopbackServer, listenOnLoopback } from '../../../tools/loopback-server.ts';
import { fixturePath } from '../../support/fixture-site.ts';
import { runUpload } from '../../support/upload-command.ts';

const PNG = readFileSync(fixturePath('media', 'guides-section.png'));
/** The paths asked of the other host, in order: it has the menu and nothing else. */
const asked: string[] = [];
let host: LoopbackServer;
let folder: string;
let content: string;
let server: DevServer | undefined;
const log: string[] = [];

const LINK = '<a href="https://example.com/shots">';
const shots = (closing: string) =>
  writeFileSync(
    join(content, 'guide-shots.md'),
    [
      '---\ntitle: Shots\nslug: shots\ndescription: Shots of the app\ntype: guide\n---',
      'The app, as it looks.',
      '',
      `${LINK}<img src="${host.url.origin}/gone.png" alt="A shot that is gone"></a>`,
      '',
      `![The main menu](${host.url.origin}/menu.png)`,
      '',
      closing,
      '',
    ].join('\n'),
  );
const laps = (text: string) =>
  writeFileSync(join(content, 'guide-laps.md'), `---\ntitle: Laps\nslug: laps\ndescription: Lap times\ntype: guide\n---\n${text}\n`);

beforeAll(async () => {
  host = await listenOnLoopback(
    createServer((request, response) => {
      asked.push(request.url!);
      if (request.url === '/menu.png') response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      else response.writeHead(404).end();
    }),
  );
  folder = mkdtempSync(join(tmpdir(), 'dev-remote-images-'));
  content = join(folder, 'articles');
  mkdirSync(content);
  shots('That is all.');
  laps('Laps.');
  server = await startDevServer({
    contentDir: content,
    port: 0,
    host: '127.0.0.1',
    persistTo: join(folder, 'state'),
    log: (line) => log.push(line),
    renderCache: diskRenderCache(join(folder, 'render-cache')),
    diagrams: null,
    cards: null,
  });
});
afterAll(async () => {
  await server?.close();
  await host?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The warning lines of printed text, each with its hint line, in order. */
const warnings = (lines: readonly string[]): string[] => {
  const all = lines.join('\n').split('\n');
  return all.filter((line, i) => line.startsWith('warning: ') || (line.startsWith('  hint: ') && all[i - 1]?.startsWith('warning: ')));
};

/** Saves through `save` and waits for its publish to end; the lines it printed. */
async function saved(save: () => void): Promise<string[]> {
  const from = log.length;
  save();
  await vi.waitFor(
    () => expect(log.slice(from).some((line) => /^(Published version|Nothing new to publish|Not published)/.test(line))).toBe(true),
    {
      timeout: 120_000,
      interval: 50,
    },
  );
  await server!.settled();
  return log.slice(from);
}

test('npm start copies what it can into media/remote/ and warns as `npm run upload` does, line for line, about what it cannot', async () => {
  const copy = join('remote', host.url.host.replace(':', '_'), 'menu.png');
  const column = LINK.length + 1;
  expect(warnings(log)).toEqual([
    `warning: guide-shots.md:9:${column}: image: ${host.url.origin}/gone.png is not copied (the host answered 404): the Worker fetches it from ${host.url.host} for the page until an upload that can reach it keeps a copy in media/remote/`,
    '  hint: Upload again from a machine that reaches the host, or save the image into content/media/ and link that. [remote-image-not-copied]',
  ]);
  expect(log).toContain(
    `  copied ${host.url.origin}/menu.png → media/${copy} (${(PNG.length / 1024).toFixed(1)} KB): commit it with the article`,
  );
  expect(readFileSync(join(content, 'media', copy)).equals(PNG)).toBe(true);
  // The copy lands in the watched folder: its publish finds the copy the first one used, and writes nothing.
  await vi.waitFor(() => expect(log.some((line) => /^media\b.* changed: publishing/.test(line))).toBe(true), {
    timeout: 120_000,
    interval: 50,
  });
  await server!.settled();
  expect(log.at(-1)).toMatch(/^Nothing new to publish \(\d+ ms\): version 1 stays\.$/);

  const upload = await runUpload(['--dir', content, '--persist-to', join(folder, 'state'), '--client-diagrams']);
  expect(upload.stderr).toBe('');
  expect(upload.code).toBe(0);
  expect(warnings(upload.stdout.split('\n'))).toEqual(warnings(log));
  // The upload found npm start's copy: only the image without one was asked for again.
  expect([...asked].sort()).toEqual(['/gone.png', '/gone.png', '/menu.png']);
  expect(existsSync(join(content, 'media', copy))).toBe(true);
});

test('npm start serves the copy re-encoded: each AVIF and WebP file the page names answers with its type', async () => {
  const page = await (await fetch(new URL('/guide/shots', server!.url))).text();
  const sources = [...page.matchAll(/<source type="(image\/(?:avif|webp))" srcset="([^"]+)"/g)];
  expect(sources.map((m) => m[1])).toEqual(['image/avif', 'image/webp']);
  for (const [, type, srcset] of sources) {
    for (const candidate of srcset!.split(', ')) {
      const file = await fetch(new URL(candidate.split(' ')[0]!, server!.url));
      expect([file.status, file.headers.get('content-type')], candidate).toEqual([200, type]);
      await file.arrayBuffer();
    }
  }
});

test('a save of another file repeats no warning and asks no host; a save of the file that shows the image warns again', async () => {
  const first = warnings(log).slice(0, 2);
  const before = asked.length;
  const other = await saved(() => laps('Laps, edited.'));
  expect(warnings(other)).toEqual([]);
  expect(other.join('\n')).toMatch(
    / 1 warning\(s\): 0 above, 1 printed before for files this save did not touch \(--strict stops on them\)\./,
  );
  expect(asked.length).toBe(before);

  const own = await saved(() => shots('That is all, for now.'));
  expect(warnings(own)).toEqual(first);
  expect(asked.slice(before)).toEqual(['/gone.png']);
});
