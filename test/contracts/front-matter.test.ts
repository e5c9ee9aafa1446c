/**
 * The one front-matter schema: what it accepts and, for each mistake, the catalogue code it answers with. Unit, pure.
 */
import { describe, expect, test } from 'vitest';
import { entryAttributesSchema, frontMatterSchema } from '../../contracts/front-matter.ts';
import { MAINTAINER_ERRORS } from '../../contracts/maintainer-errors.ts';

const guide = { title: 'A guide', slug: 'a-guide', description: 'How to do it', type: 'guide' };
const news = { title: 'Big news', slug: 'big-news', description: 'Something happened', type: 'news', date: '2024-09-24' };

/** `field: code` of each issue, in order. */
const codes = (value: unknown): string[] => {
  const result = frontMatterSchema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((i) => `${String(i.path[0] ?? (i.code === 'unrecognized_keys' ? i.keys : ''))}: ${i.message}`);
};

describe('accepted', () => {
  test('a guide, news, an untyped page, a draft; text is trimmed', () => {
    expect(frontMatterSchema.parse({ ...guide, title: '  A guide ' })).toEqual(guide);
    expect(frontMatterSchema.parse(news)).toEqual(news);
    expect(frontMatterSchema.parse({ title: 'Features', slug: 'features', description: 'All of them' })).toEqual({
      title: 'Features',
      slug: 'features',
      description: 'All of them',
    });
    expect(frontMatterSchema.parse({ ...guide, draft: true }).draft).toBe(true);
  });

  test('news dates: a calendar day, or a time of day with its zone, kept as written', () => {
    for (const date of [
      '2024-02-29',
      '2024-09-24T18:00:00Z',
      '2024-09-24T20:00+02:00',
      '2024-09-24T18:00:00.000Z',
      '2024-09-24T13:30:00-04:30',
    ]) {
      expect(frontMatterSchema.parse({ ...news, date }).date).toBe(date);
    }
  });
});

describe('each mistake is one issue whose message is a catalogue code', () => {
  test.each([
    ['missing title', { ...guide, title: undefined }, ['title: field-missing']],
    ['title not text', { ...guide, title: 3 }, ['title: field-not-text']],
    ['empty title', { ...guide, title: '  ' }, ['title: field-empty']],
    ['bad slug', { ...guide, slug: 'a/b' }, ['slug: slug-invalid']],
    ['empty description', { ...guide, description: '' }, ['description: description-empty']],
    ['description = title', { ...guide, description: 'a GUIDE' }, ['description: description-is-title']],
    ['unknown type', { ...guide, type: 'blog' }, ['type: type-unknown']],
    ['unknown type with a date: no knock-on', { ...news, type: 'nwes' }, ['type: type-unknown']],
    ['news without a date', { ...news, date: undefined }, ['date: date-missing']],
    ['a date on a guide', { ...guide, date: '2024-09-24' }, ['date: date-not-news']],
    ['a date not on the calendar', { ...news, date: '2023-02-29' }, ['date: date-invalid']],
    ['a time without its zone', { ...news, date: '2024-09-24T18:00:00' }, ['date: date-invalid']],
    ['draft not a boolean', { ...guide, draft: 'yes' }, ['draft: draft-not-boolean']],
    ['an unknown field', { ...guide, author: 'R' }, ['author: field-unknown']],
  ])('%s', (_, value, expected) => {
    expect(codes(value)).toEqual(expected);
    for (const code of expected) expect(Object.keys(MAINTAINER_ERRORS)).toContain(code.split(': ')[1]);
  });
});

test("the reader's stored attributes follow each field's rule, without draft; the rules between fields are the upload's", () => {
  expect(entryAttributesSchema.parse(news)).toEqual(news);
  expect(entryAttributesSchema.safeParse({ ...news, slug: 'a b' }).success).toBe(false);
  expect(entryAttributesSchema.safeParse({ ...guide, draft: true }).success).toBe(false);
  // Stored under older rules, it still reads: its page is served, not failed.
  expect(entryAttributesSchema.safeParse({ ...news, description: news.title }).success).toBe(true);
  expect(frontMatterSchema.safeParse({ ...news, description: news.title }).success).toBe(false);
});
