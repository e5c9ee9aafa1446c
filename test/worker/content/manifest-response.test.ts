/** manifestResponse and manifestText: the manifest's cached answer, and the reader's reading of it. Unit. */
import { describe, expect, test } from 'vitest';
import { ContentError } from '../../../contracts/content-error.ts';
import { CACHE_TAG_HEADER, EDGE_CACHE_CONTROL_HEADER, edgeCacheControl, MANIFEST_TAG, SITE_TAG } from '../../../contracts/edge-cache.ts';
import { manifestProblem, manifestResponse, manifestText } from '../../../worker/content/manifest-response.ts';

const MANIFEST = JSON.stringify({ version: 3, publishedAt: 't', renderer: 'r', entries: [], samples: [] });

describe('manifestResponse', () => {
  test('the text, kept at the edge as pages are and tagged so that a publish, or a purge of the site, empties it', async () => {
    const res = manifestResponse(MANIFEST);
    expect(res.status).toBe(200);
    expect(res.headers.get(EDGE_CACHE_CONTROL_HEADER)).toBe(edgeCacheControl(null));
    expect(res.headers.get(CACHE_TAG_HEADER)?.split(',')).toEqual([MANIFEST_TAG, SITE_TAG]);
    expect(await res.text()).toBe(MANIFEST);
  });

  test('nothing published is a 404, a failed KV read a 503 with its reason: neither kept', async () => {
    const none = manifestResponse(null);
    const failed = manifestResponse(new ContentError('unavailable', 'Reading manifest from KV failed: no answer within 3000 ms'));
    expect([none.status, failed.status]).toEqual([404, 503]);
    for (const res of [none, failed]) expect(res.headers.get(EDGE_CACHE_CONTROL_HEADER)).toBe('no-store');
    expect(await failed.text()).toMatch(/no answer within 3000 ms/);
  });
});

describe('manifestProblem', () => {
  const valid = { version: 1, publishedAt: 't', renderer: 'r', entries: [], samples: [] };
  test('null for a manifest that parses and validates', () => {
    expect(manifestProblem(JSON.stringify(valid))).toBeNull();
  });

  test('a broken one: the key, what is wrong (zod path and message) and the commands; answered 503 and not kept', () => {
    const fix = '`npm run upload -- --remote`, or make the last good version live with `npm run upload -- --remote --rollback`.';
    expect(manifestProblem('{"version"')).toBe(`The manifest (KV key \`manifest\`) is not valid JSON. Publish again with ${fix}`);
    expect(manifestProblem(JSON.stringify({ ...valid, samples: [{ path: 'a.bat' }] }))).toBe(
      `The manifest (KV key \`manifest\`) is malformed at samples.0.hash: Invalid input: expected string, received undefined. Publish again with ${fix}`,
    );
    const res = manifestResponse(JSON.stringify({ ...valid, version: -1 }));
    expect(res.status).toBe(503);
    expect(res.headers.get(EDGE_CACHE_CONTROL_HEADER)).toBe('no-store');
    expect(res.headers.get(CACHE_TAG_HEADER)).toBeNull();
  });
});

describe('manifestText', () => {
  test('reads back what manifestResponse answered: the text, null for none, a ContentError naming status and reason', async () => {
    expect(await manifestText(manifestResponse(MANIFEST))).toBe(MANIFEST);
    expect(await manifestText(manifestResponse(null))).toBeNull();
    const failed = manifestText(manifestResponse(new ContentError('unavailable', 'KV is down')));
    await expect(failed).rejects.toThrow(new ContentError('unavailable', 'Reading the manifest failed (503): KV is down'));
    await expect(failed).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
