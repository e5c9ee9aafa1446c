/** Which pages the browser fetches ahead of a tap (client/browser/fetch-ahead-rules.ts). */
import { describe, expect, test } from 'vitest';
import { FETCH_AHEAD_LIMIT, mayFetchAhead, pagesToFetchAhead } from '../../../client/browser/fetch-ahead-rules.ts';

describe('mayFetchAhead', () => {
  test('on a fast connection, and where the browser tells nothing of it', () => {
    expect(mayFetchAhead({ effectiveType: '4g', saveData: false })).toBe(true);
    expect(mayFetchAhead({ effectiveType: '3g' })).toBe(true);
    expect(mayFetchAhead(undefined)).toBe(true);
  });

  test('nothing ahead with Save-Data on, whatever the connection, nor on 2G', () => {
    expect(mayFetchAhead({ effectiveType: '4g', saveData: true })).toBe(false);
    expect(mayFetchAhead({ effectiveType: '2g' })).toBe(false);
    expect(mayFetchAhead({ effectiveType: 'slow-2g', saveData: false })).toBe(false);
  });
});

describe('pagesToFetchAhead', () => {
  const header = ['/', '/news', '/guide', '/guide/features'].map((page) => ({ page, inMain: false }));
  const posts = ['/news/a', '/news/b', '/news/a', '/news/c'].map((page) => ({ page, inMain: true }));

  test("the page's own links before the header's, without the page shown or a page twice, at most the limit", () => {
    expect(pagesToFetchAhead([...header, ...posts], '/news', new Set(), 5)).toEqual(['/news/a', '/news/b', '/news/c', '/', '/guide']);
    expect(pagesToFetchAhead([...header, ...posts], '/news', new Set(), FETCH_AHEAD_LIMIT)).toHaveLength(FETCH_AHEAD_LIMIT);
  });

  test('pages asked for already are skipped and count against what is left', () => {
    expect(pagesToFetchAhead(posts, '/news', new Set(['/news/a']), 1)).toEqual(['/news/b']);
    expect(pagesToFetchAhead(posts, '/news', new Set(['/news/a']), 0)).toEqual([]);
  });
});
