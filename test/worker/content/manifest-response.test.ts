/** manifestResponse and manifestText: the manifest's cached answer, and the reader's reading of it. Unit. */
import { describe, expect, test } from 'vitest';
import { ContentError } from '../../../contracts/content-error.ts';
import { CACHE_TAG_HEADER, EDGE_CACHE_CONTROL_HEADER, edgeCacheControl, MANIFEST_TAG, SITE_TAG } from '../../../contracts/edge-cache.ts';
import { manifestResponse, manifestText } from '../../../worker/content/manifest-response.ts';

describe('manifestResponse', () => {
  test('the text, kept at the edge as pages are and tagged so that a publish, or a purge of the site, empties it', async () => {
    const res = manifestResponse('{"version":3}');
    expect(res.status).toBe(200);
    expect(res.headers.get(EDGE_CACHE_CONTROL_HEADER)).toBe(edgeCacheControl(null));
    expect(res.headers.get(CACHE_TAG_HEADER)?.split(',')).toEqual([MANIFEST_TAG, SITE_TAG]);
    expect(await res.text()).toBe('{"version":3}');
  });

  test('nothing published is a 404, a failed KV read a 503 with its reason: neither kept', async () => {
    const none = manifestResponse(null);
    const failed = manifestResponse(new ContentError('unavailable', 'Reading manifest from KV failed: no answer within 3000 ms'));
    expect([none.status, failed.status]).toEqual([404, 503]);
    for (const res of [none, failed]) expect(res.headers.get(EDGE_CACHE_CONTROL_HEADER)).toBe('no-store');
    expect(await failed.text()).toMatch(/no answer within 3000 ms/);
  });
});

describe('manifestText', () => {
  test('reads back what manifestResponse answered: the text, null for none, a ContentError naming status and reason', async () => {
    expect(await manifestText(manifestResponse('{"version":3}'))).toBe('{"version":3}');
    expect(await manifestText(manifestResponse(null))).toBeNull();
    const failed = manifestText(manifestResponse(new ContentError('unavailable', 'KV is down')));
    await expect(failed).rejects.toThrow(new ContentError('unavailable', 'Reading the manifest failed (503): KV is down'));
    await expect(failed).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
