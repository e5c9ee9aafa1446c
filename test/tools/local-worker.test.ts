/**
^ * tools/local-worker.ts: Miniflare's local storage lives in a folder of ours, which is gone
 * once dispose() resolves, and the process's TMPDIR is left as it was.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createMiniflare } from '../../tools/local-worker.ts';

let parent: string | undefined;
afterEach(() => {
  if (parent) rmSync(parent, { recursive: true, force: true });
});

test('the instance stores under its own folder, removed when dispose() resolves, twice safely', async () => {
  parent = mkdtempSync(join(tmpdir(), 'local-miniflare-test-'));
  const before = process.env.TMPDIR;
  const { mf, dispose } = createMiniflare(
    { modules: true, script: 'export default { fetch() { return new Response("") } }', kvNamespaces: ['KV'] },
    parent,
  );
  expect(process.env.TMPDIR).toBe(before);
  await mf.ready;
  const kv = await mf.getKVNamespace('KV');
  await kv.put('key', 'value');
  const [folder] = readdirSync(parent);
  expect(folder).toMatch(/^race-element-miniflare-/);
  // Miniflare's own temporary folder, with the KV data, is inside ours.
  expect(readdirSync(join(parent, folder!)).some((name) => name.startsWith('miniflare-'))).toBe(true);
  await Promise.all([dispose(), dispose()]);
  expect(existsSync(join(parent, folder!))).toBe(false);
});

test('options Miniflare refuses: its error, no folder left behind, TMPDIR as it was', () => {
  parent = mkdtempSync(join(tmpdir(), 'local-miniflare-test-'));
  const before = process.env.TMPDIR;
  expect(() => createMiniflare({ modules: true, script: 1 } as never, parent)).toThrow(/Unexpected options/);
  expect(readdirSync(parent)).toEqual([]);
  expect(process.env.TMPDIR).toBe(before);
});
