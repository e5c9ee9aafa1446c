/**
 * `npm run upload` as a writer meets it: the options table, --help, a bad option, and an upload whose output
 * holds only its own lines. Unit and child process.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { KVNamespace } from '@cloudflare/workers-types';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getPlatformProxy } from 'wrangler';
import { historyKey } from '../../contracts/kv-keys.ts';
import { remoteImagePointer } from '../../scripts/content/markdown/remote-images.ts';
import { parseUploadArgs, UPLOAD_OPTIONS, usage } from '../../scripts/upload-cli.ts';
import { type LoopbackServer, listenOnLoopback } from '../../tools/loopback-server.ts';

const run = promisify(execFile);

/** Runs the upload command; resolves with its exit code and both streams. */
async function upload(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/upload-content.ts', ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('options', () => {
  test('--help lists every option the parser accepts, with its help', () => {
    const text = usage();
    for (const [name, spec] of Object.entries(UPLOAD_OPTIONS)) {
      expect(text).toContain(`--${name}`);
      expect(text).toContain(spec.help);
    }
    expect(text).toContain('-h, --help');
    // What a clean-up keeps (history.ts keptHistory), in the words --history prints too.
    expect(text).toContain(
      "--keep <n>               versions kept (default: 10): the newest <n> made by an upload or a rollback, and the newest 3 of `npm start`'s saves;",
    );
  });

  test('parses flags and defaults', () => {
    const parsed = parseUploadArgs(['--strict', '--dir', 'elsewhere']);
    expect(parsed).toMatchObject({
      ok: true,
      args: { strict: true, dir: 'elsewhere', config: 'wrangler.toml', 'dry-run': false, help: false },
    });
  });

  test('an unknown option points to --help; contradictions are refused', () => {
    expect(parseUploadArgs(['--bogus'])).toEqual({
      ok: false,
      error: "Unknown option '--bogus' (npm run upload -- --help lists the options)",
    });
    expect(parseUploadArgs(['--history', '--rollback'])).toMatchObject({
      ok: false,
      error: 'choose one of --verify, --history, --rollback, --purge, --preview and --remove-preview',
    });
    expect(parseUploadArgs(['--purge', '--rollback'])).toMatchObject({ ok: false, error: expect.stringContaining('choose one of') });
    expect(parseUploadArgs(['--purge', '--dry-run'])).toMatchObject({
      ok: false,
      error: expect.stringContaining('--purge have no dry run'),
    });
    expect(parseUploadArgs(['--verify', '--dry-run'])).toMatchObject({ ok: false, error: expect.stringContaining('--verify') });
  });
});

const UNTIL = 'until an upload that can reach it keeps a copy in media/remote/';

describe('the command', () => {
  let dir: string;
  // The other host the article's image is on: it has no such file.
  let host: LoopbackServer;
  let image: string;
  beforeAll(async () => {
    host = await listenOnLoopback(createServer((_, response) => response.writeHead(404).end()));
    image = new URL('a.png', host.url).href;
    dir = mkdtempSync(join(tmpdir(), 'upload-cli-test-'));
    mkdirSync(join(dir, 'articles'));
    writeFileSync(
      join(dir, 'articles', 'guide-a.md'),
      `---\ntitle: A\nslug: a\ndescription: About a\ntype: guide\n---\nText with <img src="${image}" onerror="x()">.\n`,
    );
  });
  afterAll(() => {
    void host?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const notCopied = () =>
    `image: ${image} is not copied (the host answered 404): the Worker fetches it from ${new URL(image).host} for the page ${UNTIL}`;

  test('--help prints the usage and exits 0', async () => {
    const { code, stdout } = await upload(['--help']);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(usage());
  });

  test('a bad option exits 2 with one line', async () => {
    const { code, stdout, stderr } = await upload(['--nope']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe("upload-content: Unknown option '--nope' (npm run upload -- --help lists the options)\n");
  });

  test('--history --remote without credentials prints only why, and no heading of a list it cannot read', async () => {
    const { CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID, ...env } = process.env;
    const refused = await run(process.execPath, ['scripts/upload-content.ts', '--history', '--remote'], { env }).then(
      () => ({ code: 0, stdout: 'exit 0', stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/^upload-content: --remote needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN in the environment\n$/);
  });

  test('a local upload (its own Worker, for its publish lock) prints its own lines only, and wrangler dev reads what it wrote', async () => {
    const state = join(dir, 'state');
    const { code, stdout, stderr } = await upload(['--dir', join(dir, 'articles'), '--persist-to', state]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.split('\n').filter(Boolean)).toEqual([
      `Publishing ${join(dir, 'articles')} to the local state…`,
      // The other host has no such image: it is not copied, and the page shows it through the Worker.
      `Copying 1 image(s) from other hosts into ${join(dir, 'articles', 'media', 'remote')}…`,
      // Each stage's progress: one item each, so its summary alone (progress.ts).
      expect.stringMatching(/^\[image copies\] 1 image in \d+\.\d s, [\d,–]+\/s$/),
      expect.stringMatching(/^\[render\] 1 entry in \d+\.\d s, [\d,–]+\/s$/),
      expect.stringMatching(/^\[cards\] 1 card in \d+\.\d s, [\d,–]+\/s(, 1 from the cache)?$/),
      `warning: guide-a.md:7:11: ${notCopied()}`,
      '  hint: Upload again from a machine that reaches the host, or save the image into content/media/ and link that. [remote-image-not-copied]',
      'warning: guide-a.md:7:11: body: removed onerror="x()" on <img>: event handler attributes are not allowed (scripts never run in articles)',
      '  hint: Use markdown instead of this HTML: the site keeps only HTML that cannot run code or break the page. [html-removed]',
      'written   guide-a.md → a',
      `written   ${image} → ${remoteImagePointer(image).path} (fetched by the Worker)`,
      // Drawn, or from the card cache of an earlier run.
      expect.stringMatching(/^cards {5}1 social card\(s\): wrote 1, 0 unchanged; drew [01], [01] from the cache$/),
      expect.stringMatching(/^\[KV writes\] \d+ values in \d+\.\d s, [\d,–]+\/s$/),
      // The first version: every page the cache in front of its Worker might hold goes; that Worker, gone once the
      // upload is done, purges nothing again later.
      'purged now: 2 tag(s) (manifest, site) from the cache in front of the Worker',
      expect.stringMatching(
        /^1 entries: wrote 1, 0 unchanged; 0 samples; manifest v1 \(\d+ KB\); deleted 0 stale key\(s\)\. 2 warning\(s\) above \(--strict stops on them\)\.$/,
      ),
    ]);
    // What `wrangler dev` binds: every binding of wrangler.toml over the same state folder.
    const proxy = await getPlatformProxy<{ CONTENT: KVNamespace }>({ configPath: 'wrangler.toml', persist: { path: join(state, 'v3') } });
    try {
      // The root, and the version's whole manifest in its history record.
      const root = JSON.parse((await proxy.env.CONTENT.get('manifest')) ?? 'null') as { format: number; version: number };
      expect(root.format).toBe(2);
      const record = JSON.parse((await proxy.env.CONTENT.get(historyKey(root.version))) ?? 'null') as {
        manifest: { entries: { slug: string }[] };
      };
      expect(record.manifest.entries.map((e) => e.slug)).toEqual(['a']);
    } finally {
      await proxy.dispose();
    }
  });

  test('--strict stops on the warning and writes nothing', async () => {
    const state = join(dir, 'strict-state');
    const { code, stdout } = await upload(['--dir', join(dir, 'articles'), '--persist-to', state, '--strict']);
    expect(code).toBe(1);
    expect(stdout).toContain(
      'guide-a.md:7:11: body: removed onerror="x()" on <img>: event handler attributes are not allowed (scripts never run in articles) (--strict)\n',
    );
    expect(stdout).toContain(`guide-a.md:7:11: ${notCopied()} (--strict)\n`);
    expect(stdout).toContain('2 problem(s) found: nothing was written.');
  });
});
