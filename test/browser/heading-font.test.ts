/**
 * The heading font's two faces in a first load: a page whose headings are ASCII fetches the core file only, a heading
 * with "í" fetches the rest of latin too; the page's stylesheet names both with their ranges. Chromium.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fontsourceLatinRange } from '../../scripts/build/heading-font.ts';
import { type HeadingFace, headingFaces, parseUnicodeRange } from '../../scripts/build/heading-font-ranges.ts';
import { type Site, startSite } from '../support/browser.ts';
import { settled } from '../support/navigation.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

const FACES = headingFaces(fontsourceLatinRange());

interface FirstLoad {
  /** Paths of the woff2 files it fetched. */
  fonts: string[];
  /** The @font-face rules of its stylesheets: family, src path and unicode-range as Chromium reads them. */
  faces: { family: string; path: string; range: string; display: string }[];
  /** The text laid out in the heading font. */
  headingText: string;
}

async function firstLoad(path: string): Promise<FirstLoad> {
  const { context, page, errors } = await site.open();
  const fonts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.woff2')) fonts.push(pathname);
  });
  await page.goto(site.url(path));
  await settled(page);
  const load = { fonts: fonts.sort(), ...(await inPage(page)) };
  expect(errors).toEqual([]);
  await context.close();
  return load;
}

const inPage = (page: Page) =>
  page.evaluate(() => {
    const faces = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule)
      .map(({ style }) => ({
        family: style.getPropertyValue('font-family'),
        path: new URL(/url\("?([^")]+)"?\)/.exec(style.getPropertyValue('src'))?.[1] ?? '', location.href).pathname,
        range: style.getPropertyValue('unicode-range'),
        display: style.getPropertyValue('font-display'),
      }));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let headingText = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent?.checkVisibility() && getComputedStyle(parent).fontFamily.startsWith('"Russo One"')) headingText += node.textContent;
    }
    return { faces, headingText };
  });

/** The face of the build named for `face` (its file is `russo-one-<name>-<hash>.woff2`). */
const fileOf = (load: FirstLoad, face: HeadingFace): string => {
  const found = load.faces.find((f) => f.path.startsWith(`/assets/russo-one-${face.name}-`));
  if (!found) throw new Error(`no @font-face names the ${face.name} file: ${JSON.stringify(load.faces)}`);
  return found.path;
};

describe('the heading font', () => {
  test('the stylesheet names two "Russo One" faces, core and rest of latin, with the ranges of the core list', async () => {
    const load = await firstLoad('/guide/multi-sim');
    expect(load.faces).toHaveLength(2);
    for (const face of FACES) {
      const rule = load.faces.find((f) => f.path === fileOf(load, face))!;
      expect(rule.family).toBe('"Russo One"');
      expect(rule.display).toBe('swap');
      expect(parseUnicodeRange(rule.range), face.name).toEqual(face.runs);
    }
  });

  test.each(['/', '/guide/multi-sim'])('%s, its headings ASCII, fetches the core file only', async (path) => {
    const load = await firstLoad(path);
    expect(load.headingText).toMatch(/^[\x20-\x7e\s]+$/);
    expect(load.fonts).toEqual([fileOf(load, FACES[0])]);
  });

  test('/guide/video-guides, a heading "Vídeo 1", fetches both files', async () => {
    const load = await firstLoad('/guide/video-guides');
    expect(load.headingText).toContain('Vídeo 1');
    expect(load.fonts).toEqual([fileOf(load, FACES[0]), fileOf(load, FACES[1])].sort());
  });
});
