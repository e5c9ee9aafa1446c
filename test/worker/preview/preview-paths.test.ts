/** A preview's URLs (worker/preview/preview-paths.ts): the public path under the prefix, and the links taken inside. Node. */
import { expect, test } from 'vitest';
import { insidePreview, splitPreviewPath } from '../../../worker/preview/preview-paths.ts';

test('the name segment as sent, and the public path after it; the home page is the base itself', () => {
  expect(splitPreviewPath('/_preview/pr-3')).toEqual({ name: 'pr-3', path: '/' });
  expect(splitPreviewPath('/_preview/pr-3/news')).toEqual({ name: 'pr-3', path: '/news' });
  expect(splitPreviewPath('/_preview/pr-3/api/_analog/pages/guide/x')).toEqual({ name: 'pr-3', path: '/api/_analog/pages/guide/x' });
  expect(splitPreviewPath('/_preview/pr%2D3/news')).toEqual({ name: 'pr%2D3', path: '/news' });
  expect(splitPreviewPath('/_preview/leave')).toEqual({ name: 'leave', path: '/' });
  for (const outside of ['/', '/news', '/_preview', '/_previews/pr-3']) expect(splitPreviewPath(outside), outside).toBeNull();
});

test('site-absolute links go inside: pages, feeds, API paths, with their query and hash; home is the base', () => {
  const base = '/_preview/pr-3';
  expect(insidePreview(base, '/news/big-update')).toBe('/_preview/pr-3/news/big-update');
  expect(insidePreview(base, '/search?q=dsx')).toBe('/_preview/pr-3/search?q=dsx');
  expect(insidePreview(base, '/guide/x#setup')).toBe('/_preview/pr-3/guide/x#setup');
  expect(insidePreview(base, '/news/feed.xml')).toBe('/_preview/pr-3/news/feed.xml');
  expect(insidePreview(base, '/api/_analog/samples/a.json')).toBe('/_preview/pr-3/api/_analog/samples/a.json');
  expect(insidePreview(base, '/')).toBe('/_preview/pr-3');
  expect(insidePreview(base, '/?x=1')).toBe('/_preview/pr-3?x=1');
  expect(insidePreview(base, '/#top')).toBe('/_preview/pr-3#top');
});

test('what resolves inside already, other hosts and the preview routes stay', () => {
  const base = '/_preview/pr-3';
  for (const stays of [
    '#main',
    'guide/x',
    '../news',
    '?page=2',
    '',
    'https://github.com/RiddleTime/Race-Element',
    '//evil.example/x',
    '/\\evil.example',
    'mailto:a@b.c',
    '/_preview/leave?name=pr-3&to=%2F',
    '/_preview/pr-3/news',
  ]) {
    expect(insidePreview(base, stays), stays).toBeNull();
  }
});
