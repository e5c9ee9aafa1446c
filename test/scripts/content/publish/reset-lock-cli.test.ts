/**
 * `npm run upload -- --remote --reset-lock`: a stale lock over a recreated namespace stops the upload naming
 * the command, which clears it. Command line against the lock stand-in and the contract server.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MANIFEST_KEY } from '../../../../contracts/kv-keys.ts';
import { manifestSchema, parseStored } from '../../../../contracts/kv-values.ts';
import { type CloudflareKvApi, startKvApi } from '../../../support/cloudflare-kv-api.ts';
import { type PublishLockServer, startPublishLockServer } from '../../../support/publish-lock-server.ts';
import { type CommandOutcome, runRemoteUpload } from '../../../support/upload-command.ts';

let dir: string;
let api: CloudflareKvApi;
let lock: PublishLockServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'reset-lock-cli-'));
  mkdirSync(join(dir, 'articles'));
  writeFileSync(join(dir, 'articles', 'guide-pit.md'), '---\ntitle: Pit\nslug: pit\ndescription: Pit stops\ntype: guide\n---\nBox, box.\n');
  writeFileSync(
    join(dir, 'wrangler.toml'),
    'name = "reset-lock"\nmain = "worker/index.ts"\ncompatibility_date = "2026-04-01"\n\n[[kv_namespaces]]\nbinding = "CONTENT"\nid = "ns"\n',
  );
  [api, lock] = await Promise.all([
    startKvApi({ accountId: 'acc', namespaces: ['ns'], tokens: { token: 'write' } }),
    startPublishLockServer('publish-secret'),
  ]);
});
afterAll(async () => {
  await api?.close();
  await lock?.close();
  rmSync(dir, { recursive: true, force: true });
});

function cli(args: string[]): Promise<CommandOutcome> {
  return runRemoteUpload(['--config', join(dir, 'wrangler.toml'), '--dir', join(dir, 'articles'), ...args], { api, lock });
}

test('a stale lock over a recreated namespace: the upload names it and the command, the command clears it, the upload publishes', async () => {
  lock.seed({ lease: null, version: 3, pending: null, reservedAt: Date.now() - 120_000 });
  const upload = ['--client-diagrams', '--no-image-copies'];

  const refused = await cli(upload);
  expect(refused.code).toBe(1);
  const line = refused.stderr.split('\n')[0]!;
  expect(line).toMatch(
    /^upload-content: stopped: the publish lock refused version 1 \(planned against none, but v3 was reserved since\): nothing was written\. A stale publish lock: it remembers v3, reserved 12\d s ago, which this namespace does not have \(it has no manifest\), so running the upload again gives the same refusal\./,
  );
  expect(line).toContain('clear the lock with `npm run upload -- --remote --reset-lock`');
  expect(api.contents('ns').has(MANIFEST_KEY)).toBe(false);

  // Not without --remote: the local lock remembers no version.
  const local = await cli(['--reset-lock', '--local']);
  expect(local.code).toBe(2);

  const reset = await cli(['--reset-lock']);
  expect(reset.stderr).toBe('');
  expect(reset.code).toBe(0);
  expect(reset.stdout).toContain(
    'The publish lock remembered v3, which this namespace does not have (no manifest); it now remembers none, so the next upload publishes v1.',
  );
  expect(lock.state()).toMatchObject({ lease: null, version: null, pending: null });

  const published = await cli(upload);
  expect(published.stderr).toBe('');
  expect(published.code).toBe(0);
  expect(parseStored(manifestSchema, api.contents('ns').get(MANIFEST_KEY)!, 'manifest').version).toBe(1);

  // Run again once the namespace has the version: refused, nothing changed.
  const again = await cli(['--reset-lock']);
  expect(again.code).toBe(1);
  expect(again.stderr).toContain(
    'upload-content: stopped: the namespace has manifest v1, at or above the v1 the publish lock remembers: the lock is not stale, nothing was changed.',
  );
  expect(lock.state().version).toBe(1);
});
