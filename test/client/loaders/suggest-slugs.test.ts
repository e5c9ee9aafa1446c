/** "Did you mean …": the pure matching behind 404 suggestions (runs in Node). */
import { describe, expect, test } from 'vitest';
import { normalizeSlug, type SlugCandidate, similarity, suggestSlugs } from '../../../client/loaders/suggest-slugs.ts';

/** Some of the real content: slug, title and file name, as the loader passes them. */
const ARTICLES: SlugCandidate[] = [
  ['news', '2023-04-29-signpath', 'Digitally Signed App', 'news-signpath.md'],
  ['news', '2023-10-19-dualsense-active-triggers', 'Active Triggers', 'news-dualsense-active-triggers.md'],
  ['news', 'race-element-2-released', 'Race Element 2.0', 'version-2-released.md'],
  ['guide', 'DSX', 'Using DSX for Dualsense Active Triggers', 'guide-DSX.md'],
  ['guide', 'how-to-get-started', 'Get Started', 'guide-get-started.md'],
  ['guide', 'huds-and-streaming', 'HUDs and Streaming', 'guide-huds-and-streaming.md'],
  ['guide', 'how-to-use-huds', 'Using the HUD Tab', 'guide-using-hud-tab.md'],
  ['guide', 'how-to-use-liveries', 'Using the Liveries Tab', 'guide-using-liveries-tab.md'],
  ['guide', 'multi-sim', 'Multi-Sim', 'guide-multi-sim.md'],
  ['guide', 'setup-hider', 'Setup Hider for Streaming', 'guide-setup-hider.md'],
  ['guide', 'video-guides', 'Video Guides', 'guide-video-guides.md'],
  ['guide', 'features', 'Features', 'features.md'],
].map(([section, slug, title, file]) => ({
  title: title!,
  href: `/${section}/${slug}`,
  names: [slug!, title!],
  aliases: [file!.replace(/\.md$/, '')],
}));

const SECTIONS: SlugCandidate[] = [
  { title: 'News', href: '/news', names: ['news'] },
  { title: 'Guides', href: '/guide', names: ['guide', 'guides'] },
];

const hrefs = (requested: string, candidates = ARTICLES) => suggestSlugs(requested, candidates).map((s) => s.href);

describe('normalising', () => {
  test('lower case, letters and digits only', () => {
    expect(normalizeSlug('Multi_Sim')).toBe('multisim');
    expect(normalizeSlug('multi-sim')).toBe('multisim');
    expect(normalizeSlug('Race Element 2.0')).toBe('raceelement20');
  });
});

describe('similarity', () => {
  test('1 for the same normalised string, 0 for an empty one', () => {
    expect(similarity('multisim', 'multisim')).toBe(1);
    expect(similarity('', 'multisim')).toBe(0);
  });

  test('a prefix or a contained string scores more than its edit distance alone', () => {
    const edits = 1 - 5 / 8; // `dsxguide` → `dsx`
    expect(similarity('dsxguide', 'dsx')).toBeGreaterThan(edits);
    expect(similarity('signpath', '20230429signpath')).toBeGreaterThan(0.6);
  });

  test('two swapped letters count as one slip', () => {
    expect(similarity('nwes', 'news')).toBe(0.75);
  });
});

describe('suggestions', () => {
  test('/guide/multisim offers Multi-Sim first', () => {
    expect(suggestSlugs('multisim', ARTICLES)[0]).toEqual({ title: 'Multi-Sim', href: '/guide/multi-sim' });
  });

  test('/guide/dsx-guide offers the DSX guide first', () => {
    expect(hrefs('dsx-guide')[0]).toBe('/guide/DSX');
  });

  test('/news/signpath offers the SignPath post', () => {
    expect(hrefs('signpath')).toEqual(['/news/2023-04-29-signpath']);
  });

  test('a word of a title, misspelt or cut short, finds the article', () => {
    expect(hrefs('livery')).toEqual(['/guide/how-to-use-liveries']);
    expect(hrefs('hud')).toEqual(expect.arrayContaining(['/guide/how-to-use-huds', '/guide/huds-and-streaming']));
    expect(hrefs('featurs')[0]).toBe('/guide/features');
  });

  test('the file name counts whole', () => {
    expect(hrefs('version-2-released')[0]).toBe('/news/race-element-2-released');
  });

  test('at most three, best first, each once', () => {
    const found = suggestSlugs('triggers', ARTICLES);
    expect(found.length).toBeLessThanOrEqual(3);
    expect(found.map((s) => s.href)).toEqual(['/news/2023-10-19-dualsense-active-triggers', '/guide/DSX']);
    expect(suggestSlugs('guide', ARTICLES, 1)).toHaveLength(1);
  });

  test('nothing that is not reasonably close', () => {
    for (const requested of ['no-such-guide', 'no-such-post', 'xyz', 'page', 'a', '', '---', 'nope']) {
      expect(hrefs(requested), requested).toEqual([]);
    }
  });

  test('a mistyped section name finds the section', () => {
    expect(hrefs('nwes', [...SECTIONS, ...ARTICLES])[0]).toBe('/news');
    expect(hrefs('guides', [...SECTIONS, ...ARTICLES])[0]).toBe('/guide');
  });

  test('a percent-encoded or malformed request is read as text, and only the start of a huge one is read', () => {
    expect(hrefs('Multi%2DSim')[0]).toBe('/guide/multi-sim');
    expect(hrefs('%E0%A4%A')).toEqual([]);
    // Its cost is bounded by what it reads: only its first 80 characters, so it matches an 80-character name
    // exactly (read whole, it would share 80 of 100,000 characters with it and match nothing).
    const long: SlugCandidate[] = [{ title: 'Long', href: '/guide/long', names: ['a'.repeat(80)] }];
    expect(hrefs('a'.repeat(100_000), long)).toEqual(['/guide/long']);
  });
});
