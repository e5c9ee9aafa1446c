/**
 * Draft preview links name the origin `npm start` serves on, from the dev server's own publish and from
 * `npm run upload` beside it; with none running, the upload prints paths, which open once it runs. Real dev server, links opened.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { diskRenderCache } from '../../../scripts/content/build/render-cache.ts';
import { linkOrigin, runningDevServer } from '../../../scripts/dev/live/dev-origin.ts';
import { type DevServer, startDevServer } from '../../../scripts/dev/live/dev-server.ts';
import { runUpload } from '../../support/upload-command.ts';

let folder: string;
let content: string;
let state: string;
let server: DevServer | undefined;
const log: string[] = [];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'draft-links-'));
  content = join(folder, 'articles');
  state = join(folder, 'state');
  mkdirSync(content);
  writeFileSync(join(content, 'guide-laps.md'), '---\ntitle: Laps\nslug: laps\ndescription: Lap times\ntype: guide\n---\nLaps.\n');
  writeFileSync(
    join(content, 'news-soon.md'),
    '---\ntitle: Coming soon\nslug: coming-soon\ndescription: Not yet\ntype: news\ndate: 2026-01-05\ndraft: true\n---\nSecret plans.\n',
  );
  server = await start();
});
const start = () =>
  startDevServer({
    contentDir: content,
    port: 0,
    host: '127.0.0.1',
    persistTo: state,
    log: (line) => log.push(line),
    renderCache: diskRenderCache(join(folder, 'render-cache')),
    diagrams: null,
    cards: null,
  });
afterAll(async () => {
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

const draftLink = (lines: readonly string[]): URL => {
  const line = lines.find((l) => l.startsWith('draft     news-soon.md → '));
  if (!line) throw new Error(`no draft line in:\n${lines.join('\n')}`);
  return new URL(/→ (\S+)/.exec(line)![1]!);
};

async function opens(link: URL): Promise<void> {
  const response = await fetch(link);
  expect(response.status, link.href).toBe(200);
  expect(await response.text()).toContain('Secret plans.');
}

test("the dev server's publish prints links to its own port and host, and they open the draft", async () => {
  const link = draftLink(log);
  expect(link.origin).toBe(server!.url.origin);
  expect(link.port).not.toBe('8787');
  await opens(link);
});

/** `npm run upload` on the test's state, with these arguments too; its lines. */
async function upload(...args: string[]): Promise<string[]> {
  const { code, stdout, stderr } = await runUpload([
    '--dir',
    content,
    '--persist-to',
    state,
    '--client-diagrams',
    '--no-image-copies',
    ...args,
  ]);
  expect(code, stderr).toBe(0);
  return stdout.split('\n');
}

test('`npm run upload` to the same state while it runs signs for that origin too', async () => {
  expect(await runningDevServer(state)).toBe(server!.url.origin);
  const link = draftLink(await upload());
  expect(link.origin).toBe(server!.url.origin);
  await opens(link);
});

test('with no `npm start` running, the upload prints paths, said to open on its address, and they do once it runs', async () => {
  await server!.close();
  server = undefined;
  expect(await runningDevServer(state)).toBeNull();
  const opensLater = ", on `npm start`'s address once it runs)";
  const draft = (await upload()).find((l) => l.startsWith('draft     news-soon.md → '));
  expect(draft).toMatch(
    /^draft {5}news-soon\.md → \/news\/coming-soon\?preview=\S+ \(not public; this link works until [\d-]+ [\d:]+ UTC, on/,
  );
  expect(draft).toContain(opensLater);
  const preview = (await upload('--preview', 'local-look')).find((l) => l.startsWith('preview   local-look → '));
  expect(preview).toMatch(/^preview {3}local-look → \/_preview\/local-look\?token=\S+ \(works until [\d-]+ [\d:]+ UTC, on/);
  expect(preview).toContain(opensLater);

  // The tokens sign the path alone: the next `npm start`, on another port, opens both.
  server = await start();
  const path = (line: string) => /→ (\S+)/.exec(line)![1]!;
  await opens(new URL(path(draft!), server.url));
  const session = await fetch(new URL(path(preview!), server.url), { redirect: 'manual' });
  expect(session.status).toBe(303);
  expect(session.headers.get('set-cookie')).toMatch(/^site-preview=local-look\./);
});

test('a wildcard address is named localhost in links; others as they are', () => {
  expect(linkOrigin('0.0.0.0', 8795)).toBe('http://localhost:8795');
  expect(linkOrigin('::', 8795)).toBe('http://localhost:8795');
  expect(linkOrigin('localhost', 8787)).toBe('http://localhost:8787');
  expect(linkOrigin('127.0.0.1', 8800)).toBe('http://127.0.0.1:8800');
  expect(linkOrigin('::1', 8800)).toBe('http://[::1]:8800');
});
