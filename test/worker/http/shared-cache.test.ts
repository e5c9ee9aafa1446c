/** The headers of a shared response: the browser's, the shared cache's freshness around scheduled posts, the tags. Unit. */
import { describe, expect, test } from 'vitest';
import { sharedCacheHeaders } from '../../../worker/http/shared-cache.ts';

const NOW = Date.parse('2026-08-01T12:00:00Z');
const HOUR = 3_600_000;
const edge = (nextGoLive: number | null) => sharedCacheHeaders([], nextGoLive, NOW)['Cloudflare-CDN-Cache-Control'];

describe('sharedCacheHeaders', () => {
  test('browsers ask each time; the shared cache keeps it a day, stale a day more while refreshing, a week on errors', () => {
    expect(sharedCacheHeaders(['list:news'], null, NOW)).toEqual({
      'Cache-Control': 'no-cache',
      'Cloudflare-CDN-Cache-Control': 'max-age=86400, stale-while-revalidate=86400, stale-if-error=604800',
      'Cache-Tag': 'site,list:news',
    });
  });

  test('before a scheduled post goes live, neither fresh nor served stale-while-revalidate past that moment', () => {
    expect(edge(NOW + 90 * 60_000)).toBe('max-age=5400, stale-if-error=604800');
    expect(edge(NOW + 500)).toBe('max-age=1, stale-if-error=604800');
    expect(edge(NOW + 30 * HOUR)).toBe('max-age=86400, stale-while-revalidate=21600, stale-if-error=604800');
    expect(edge(NOW + 72 * HOUR)).toBe('max-age=86400, stale-while-revalidate=86400, stale-if-error=604800');
  });

  test('SITE_TAG once and first; a tag the cache would drop keeps the response out of it', () => {
    expect(sharedCacheHeaders(['site', 'search', 'search'], null, NOW)['Cache-Tag']).toBe('site,search');
    for (const bad of ['a,b', 'a b', 'é', '', 'x'.repeat(1025)]) {
      expect(sharedCacheHeaders([bad], null, NOW)['Cloudflare-CDN-Cache-Control'], bad).toBe('no-store');
    }
  });
});
