/**
 * The remembered cache answers from memory what it read or wrote, asks again after a miss, and writes
 * through to the cache below. Unit.
 */
import { expect, test } from 'vitest';
import { type KeyedCache, rememberedCache } from '../../../../scripts/content/build/remembered-cache.ts';

/** A cache below that counts the reads that reach it. */
function below(entries: Record<string, string> = {}) {
  const stored = new Map(Object.entries(entries));
  const counted = { reads: 0, stored };
  const cache: KeyedCache<string> = {
    async get(hash) {
      counted.reads++;
      return stored.get(hash);
    },
    async set(hash, value) {
      stored.set(hash, value);
    },
  };
  return { cache, counted };
}

test('a value read or written once is answered from memory; a miss is asked again', async () => {
  const { cache, counted } = below({ a: 'render of a' });
  const remembered = rememberedCache(cache);
  expect(await remembered.get('a')).toBe('render of a');
  expect(await remembered.get('a')).toBe('render of a');
  expect(counted.reads).toBe(1);

  expect(await remembered.get('b')).toBeUndefined();
  expect(await remembered.get('b')).toBeUndefined();
  expect(counted.reads).toBe(3);

  await remembered.set('b', 'render of b');
  expect(await remembered.get('b')).toBe('render of b');
  expect(counted.reads).toBe(3);
  expect(counted.stored.get('b')).toBe('render of b');
});
