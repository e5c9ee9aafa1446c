/** contracts/preview-token.ts in Node: tokens, their checks, which secret a host may use, finding a draft. */
import { describe, expect, test } from 'vitest';
import type { Manifest, ManifestEntry } from '../../contracts/kv-values.ts';
import { findDraft, LOCAL_PREVIEW_SECRET, previewSecret, signPreview, verifyPreview } from '../../contracts/preview-token.ts';

const NOW = new Date('2026-03-01T12:00:00Z');
const IN_A_WEEK = Math.floor(NOW.getTime() / 1000) + 7 * 86_400;

describe('tokens', () => {
  test('a token verifies for its path and secret, and says when it expires', async () => {
    const token = await signPreview('s3cret', '/news/idea', IN_A_WEEK);
    expect(token).toMatch(new RegExp(`^${IN_A_WEEK}\\.[A-Za-z0-9_-]{43}$`));
    expect(await verifyPreview('s3cret', '/news/idea', token, NOW)).toEqual(new Date(IN_A_WEEK * 1000));
  });

  test('refused: another path, another secret, expired, a changed expiry or signature, malformed', async () => {
    const token = await signPreview('s3cret', '/news/idea', IN_A_WEEK);
    const [expires, signature] = token.split('.') as [string, string];
    expect(await verifyPreview('s3cret', '/guide/idea', token, NOW)).toBeNull();
    expect(await verifyPreview('other', '/news/idea', token, NOW)).toBeNull();
    expect(await verifyPreview('s3cret', '/news/idea', token, new Date(IN_A_WEEK * 1000))).toBeNull();
    expect(await verifyPreview('s3cret', '/news/idea', `${Number(expires) + 1}.${signature}`, NOW)).toBeNull();
    expect(
      await verifyPreview('s3cret', '/news/idea', `${expires}.${signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`, NOW),
    ).toBeNull();
    for (const bad of [null, '', 'x', `${expires}.`, `.${signature}`, `${expires}.${signature}.x`, `${expires}.a`, 'x'.repeat(300)]) {
      expect(await verifyPreview('s3cret', '/news/idea', bad, NOW), String(bad)).toBeNull();
    }
  });
});

test('the secret: the configured one anywhere; without it, the development one on localhost only', () => {
  expect(previewSecret('configured', new URL('https://race.elementfuture.com/news/x'))).toBe('configured');
  expect(previewSecret(undefined, new URL('http://localhost:8787/news/x'))).toBe(LOCAL_PREVIEW_SECRET);
  expect(previewSecret(undefined, new URL('http://127.0.0.1:8787/news/x'))).toBe(LOCAL_PREVIEW_SECRET);
  expect(previewSecret(undefined, new URL('https://race.elementfuture.com/news/x'))).toBeNull();
});

test('findDraft: by section and exact slug, among drafts only', () => {
  const entry = (slug: string, type: ManifestEntry['type']): ManifestEntry => ({
    slug,
    type,
    title: slug,
    description: 'd',
    date: null,
    file: `${slug}.md`,
    key: `entry/${slug}`,
    sourceHash: 'h',
    updated: null,
  });
  const manifest: Manifest = {
    version: 1,
    publishedAt: '',
    renderer: '',
    samples: [],
    search: null,
    entries: [entry('public', 'news')],
    drafts: [entry('idea', 'news'), entry('wip', 'guide'), entry('page', null)],
  };
  expect(findDraft(manifest, 'news', 'idea')?.key).toBe('entry/idea');
  expect(findDraft(manifest, 'guide', 'idea')).toBeUndefined();
  expect(findDraft(manifest, 'news', 'Idea')).toBeUndefined();
  expect(findDraft(manifest, 'guide', 'wip')?.key).toBe('entry/wip');
  expect(findDraft(manifest, 'guide', 'page')?.key).toBe('entry/page');
  expect(findDraft(manifest, 'news', 'public')).toBeUndefined();
});
