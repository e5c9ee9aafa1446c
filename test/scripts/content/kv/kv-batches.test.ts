/**
 * KV bulk batches: cut at the byte and pair limits, bytes as base64, bad keys and TTLs refused with the key
 * named. Unit.
 */
import { describe, expect, test } from 'vitest';
import {
  type BulkPair,
  chunks,
  describeBatch,
  KV_LIMITS,
  KvLimitError,
  toBulkPair,
  writeBatches,
} from '../../../../scripts/content/kv/kv-batches.ts';

const bodySize = (batch: BulkPair[]) => Buffer.byteLength(JSON.stringify(batch), 'utf8');

describe('writeBatches', () => {
  test('a batch is cut exactly at the byte limit, measured as the JSON body the SDK sends', () => {
    const pairs = Array.from({ length: 4 }, (_, i) => ({ key: `k${i}`, value: 'é'.repeat(10) }));
    const exact = bodySize(pairs.slice(0, 3));
    const limits = { ...KV_LIMITS, bulkWriteBytes: exact };
    const batches = writeBatches(pairs, limits);
    expect(batches.map((b) => b.length)).toEqual([3, 1]);
    expect(bodySize(batches[0]!)).toBe(exact);
    expect(writeBatches(pairs, { ...limits, bulkWriteBytes: exact - 1 }).map((b) => b.length)).toEqual([2, 2]);
  });

  test('at most 10,000 pairs a batch', () => {
    const pairs = Array.from({ length: 20_001 }, (_, i) => ({ key: `k${i}`, value: '' }));
    expect(writeBatches(pairs).map((b) => b.length)).toEqual([10_000, 10_000, 1]);
  });

  test('a pair that alone exceeds the request limit is refused', () => {
    expect(() => writeBatches([{ key: 'big', value: 'x'.repeat(100) }], { ...KV_LIMITS, bulkWriteBytes: 50 })).toThrow(
      new KvLimitError('big alone makes a 126-byte bulk request; the API takes at most 50'),
    );
  });
});

describe('toBulkPair', () => {
  test('text stays text, bytes become base64', () => {
    expect(toBulkPair({ key: 'a', value: 'tëxt' })).toEqual({ key: 'a', value: 'tëxt' });
    expect(toBulkPair({ key: 'b', value: new Uint8Array([255, 0]) })).toEqual({ key: 'b', value: '/wA=', base64: true });
  });

  test('keys over 512 bytes and invalid keys are refused with the key named', () => {
    expect(() => toBulkPair({ key: 'é'.repeat(257), value: '' })).toThrow(/is 514 bytes; Workers KV keys are at most 512/);
    expect(() => toBulkPair({ key: '..', value: '' })).toThrow('".." is not a valid Workers KV key');
  });
});

test('chunks and batch descriptions', () => {
  expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  expect(describeBatch(['manifest'], 0, 1)).toBe('key manifest');
  expect(describeBatch(['entry/a', 'entry/b', 'entry/c'], 1, 3)).toBe('batch 2 of 3 (3 keys, entry/a to entry/c)');
});
