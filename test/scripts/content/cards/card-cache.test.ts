/** The card cache on disk: a miss until set, the bytes back after, and a torn or foreign file is a miss. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { diskCardCache } from '../../../../scripts/content/cards/card-cache.ts';

const dir = mkdtempSync(join(tmpdir(), 'card-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

test('a key is a miss until set, then gives the bytes back, also to another cache on the folder', async () => {
  const cache = diskCardCache(join(dir, 'nested', 'cards'));
  expect(await cache.get('a'.repeat(64))).toBeUndefined();
  await cache.set('a'.repeat(64), PNG);
  expect(await diskCardCache(join(dir, 'nested', 'cards')).get('a'.repeat(64))).toEqual(PNG);
});

test('a file that is not a PNG (cut short, or something else) is a miss', async () => {
  const cache = diskCardCache(dir);
  writeFileSync(join(dir, `${'b'.repeat(64)}.png`), PNG.slice(0, 4));
  writeFileSync(join(dir, `${'c'.repeat(64)}.png`), 'not an image');
  expect(await cache.get('b'.repeat(64))).toBeUndefined();
  expect(await cache.get('c'.repeat(64))).toBeUndefined();
});
