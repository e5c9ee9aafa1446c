/**
 * The local state's one guard: `npm run upload` beside `npm start` publishes through its Worker's publish lock, is
 * refused while another holds it (and so is a save's republish), and one Worker at most runs on a state folder. Real
 * dev server and upload command.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { diskRenderCache } from '../../../scripts/content/build/render-cache.ts';
import { LOCAL_PUBLISH_SECRET, takePublishLock } from '../../../scripts/content/publish/publish-lock.ts';
import { claimLocalState } from '../../../scripts/dev/live/dev-origin.ts';
import { type DevServer, startDevServer } from '../../../scripts/dev/live/dev-server.ts';
import { localNamespaceId } from '../../../scripts/local-kv.ts';

const run = promisify(execFile);
let folder: string;
let content: string;
let state: string;
let server: DevServer | undefined;
const log: string[] = [];

const page = (text: string) =>
  writeFileSync(join(content, 'guide-laps.md'), `---\ntitle: Laps\nslug: laps\ndescription: Lap times\ntype: guide\n---\n${text}\n`);

const options = () => ({
  contentDir: content,
  port: 0,
  host: '127.0.0.1',
  persistTo: state,
  log: (line: string) => log.push(line),
  renderCache: diskRenderCache(join(folder, 'render-cache')),
  diagrams: null,
  cards: null,
});

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'local-lock-'));
  content = join(folder, 'articles');
  state = join(folder, 'state');
  mkdirSync(content);
  page('Laps.');
  server = await startDevServer(options());
});
afterAll(async () => {
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** `npm run upload` on the dev server's state; never throws. */
async function upload(): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = ['scripts/upload-content.ts', '--dir', content, '--persist-to', state, '--client-diagrams', '--no-image-copies'];
  return run(process.execPath, args).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

test("beside `npm start`, an upload takes its Worker's lock: refused while another upload holds it, publishing after", async () => {
  const held = await takePublishLock({ origin: server!.url.href, secret: LOCAL_PUBLISH_SECRET, namespace: localNamespaceId() });
  page('Laps, edited.');
  const refused = await upload();
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(
    /^upload-content: stopped: another upload holds the publish lock \(\S+ \(pid \d+, \w+\), until [\d-]+T[\d:.]+Z\); the live version is v1: nothing was written\./m,
  );
  // The dev server's own republish on a save meets the same lock.
  page('Laps, edited again.');
  await vi.waitFor(() => expect(log.join('\n')).toMatch(/upload-content: stopped: another upload holds the publish lock/), {
    timeout: 120_000,
    interval: 100,
  });
  await server!.settled();

  await held.release();
  const published = await upload();
  expect(published.stderr).toBe('');
  expect(published.code).toBe(0);
  // v3 when the dev server's republish of a save ran after the release.
  expect(published.stdout).toMatch(/; manifest v[23] \(\d+ KB\); deleted 0 stale key\(s\)\.\n/);
});

test('one Worker per state folder: npm start and another upload refuse while an upload runs one', async () => {
  await server!.close();
  server = undefined;
  // This process stands for an upload running its own Worker on the state.
  const claim = claimLocalState(state, 'upload');
  if (!('release' in claim)) throw new Error(`the state is held by pid ${claim.pid}`);
  try {
    await expect(startDevServer(options())).rejects.toThrow(
      `an upload (pid ${process.pid}) runs the local Worker on ${state}: start again when it ends`,
    );
    const second = await upload();
    expect(second.code).toBe(1);
    expect(second.stderr).toBe(
      `upload-content: refused: another upload (pid ${process.pid}) runs the local Worker on ${state}: nothing was written. Run the upload again when it is done.\n`,
    );
  } finally {
    claim.release();
  }
  server = await startDevServer(options());
});
