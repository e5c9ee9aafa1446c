/**
 * Social cards at upload: keys by content hash, drawn once then cached, alike cards shared. Unit, with the
 * real satori and sharp.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { EntryAttributes } from '../../../../contracts/kv-values.ts';
import { type BuiltEntry, sha256 } from '../../../../scripts/content/build/build-entries.ts';
import { buildCards, type CardMaker, cardHash } from '../../../../scripts/content/cards/build-cards.ts';
import { diskCardCache } from '../../../../scripts/content/cards/card-cache.ts';
import { type CardInputs, cardInputs } from '../../../../scripts/content/cards/card-design.ts';
import { satoriCardMaker } from '../../../../scripts/content/cards/card-render.ts';

const GUIDE: CardInputs = { title: 'Get Started', section: 'Guide', date: null };
const DIGEST = sha256('design and fonts');

describe('a card key', () => {
  test('is the same for the same inputs and digest', () => {
    expect(cardHash({ ...GUIDE }, DIGEST)).toBe(cardHash(GUIDE, DIGEST));
    expect(cardHash(GUIDE, DIGEST)).toMatch(/^[0-9a-f]{64}$/);
  });

  test('changes with the title, the section, the date and the design or fonts', () => {
    const keys = [
      cardHash(GUIDE, DIGEST),
      cardHash({ ...GUIDE, title: 'Get Started!' }, DIGEST),
      cardHash({ ...GUIDE, section: 'News' }, DIGEST),
      cardHash({ ...GUIDE, section: 'News', date: 'June 12, 2024' }, DIGEST),
      cardHash(GUIDE, sha256('another font')),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  test('does not mistake one field for another (no ambiguous joining)', () => {
    expect(cardHash({ title: 'a', section: 'Guide', date: 'b' }, DIGEST)).not.toBe(
      cardHash({ title: 'a\0b', section: 'Guide', date: null }, DIGEST),
    );
  });
});

describe('card inputs of an article', () => {
  test('news shows its date as pages do; a scheduled time shows its calendar day', () => {
    expect(cardInputs({ title: 'SetupLinks', type: 'news', date: '2024-06-12' })).toEqual({
      title: 'SetupLinks',
      section: 'News',
      date: 'June 12, 2024',
    });
    expect(cardInputs({ title: 'Soon', type: 'news', date: '2026-12-01T18:00:00Z' }).date).toBe('December 1, 2026');
  });

  test('guides and untyped pages (served under /guide) are Guide, with no date', () => {
    expect(cardInputs({ title: 'Get Started', type: 'guide' })).toEqual(GUIDE);
    expect(cardInputs({ title: 'Features' })).toEqual({ title: 'Features', section: 'Guide', date: null });
  });
});

/** A built entry carrying only what cards read that matters: file and attributes. */
function entry(file: string, attributes: Omit<EntryAttributes, 'slug' | 'description'>): BuiltEntry {
  const value = {
    attributes: { ...attributes, slug: file.replace('.md', ''), description: 'd' },
    file,
    markdown: '',
    html: '',
    toc: [],
    hasDiagrams: false,
    readingMinutes: 1,
  };
  return { hash: sha256(file), sourceHash: sha256(file), updated: null, value, text: '' };
}

/** The real maker, counting what it draws. */
function counting(maker: CardMaker): CardMaker & { drawings: CardInputs[] } {
  const drawings: CardInputs[] = [];
  const render = (inputs: CardInputs) => {
    drawings.push(inputs);
    return maker.render(inputs);
  };
  return { ...maker, drawings, render };
}

const dir = mkdtempSync(join(tmpdir(), 'card-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('building the cards of an upload', () => {
  const articles = [
    entry('guide-get-started.md', { title: 'Get Started', type: 'guide' }),
    entry('news-setuplink.md', { title: 'SetupLinks Are Added!', type: 'news', date: '2024-06-12' }),
    // The same card as the guide above: drawn once, stored once.
    entry('guide-get-started-again.md', { title: 'Get Started', type: 'guide' }),
  ];

  test('draws each different card once, names it by its key, and keeps it in the cache', async () => {
    const maker = counting(await satoriCardMaker(diskCardCache(dir)));
    const { cards, drawn } = await buildCards(articles, maker);
    expect(drawn).toBe(2);
    expect(maker.drawings.map((d) => d.title)).toEqual(['Get Started', 'SetupLinks Are Added!']);
    const guide = cards.get('guide-get-started.md')!;
    expect(guide.hash).toBe(cardHash(GUIDE, maker.digest));
    expect(guide.key).toBe(`media/${guide.hash}.png`);
    expect(guide.card).toEqual({ url: `/media/${guide.hash}.png`, width: 1200, height: 630, alt: 'Race Element: Get Started' });
    expect(cards.get('guide-get-started-again.md')!.key).toBe(guide.key);
    expect(cards.get('news-setuplink.md')!.card.alt).toBe('Race Element: SetupLinks Are Added!');
  });

  test('a second run with the same cache draws nothing and gives the same bytes; a changed title draws one', async () => {
    const first = await buildCards(articles, await satoriCardMaker(diskCardCache(dir)));
    const maker = counting(await satoriCardMaker(diskCardCache(dir)));
    const again = await buildCards(articles, maker);
    expect(again.drawn).toBe(0);
    expect(maker.drawings).toEqual([]);
    for (const [file, card] of again.cards)
      expect(Buffer.from(card.bytes).equals(Buffer.from(first.cards.get(file)!.bytes)), file).toBe(true);

    const retitled = [entry('guide-get-started.md', { title: 'Getting Started', type: 'guide' }), ...articles.slice(1)];
    const changed = await buildCards(retitled, maker);
    expect(maker.drawings.map((d) => d.title)).toEqual(['Getting Started']);
    expect(changed.cards.get('guide-get-started.md')!.key).not.toBe(again.cards.get('guide-get-started.md')!.key);
    expect(changed.cards.get('news-setuplink.md')!.key).toBe(again.cards.get('news-setuplink.md')!.key);
  });
});
