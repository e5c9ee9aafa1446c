/** The heading font's two faces: their ranges come from the core list alone, never overlap, and together are fontsource's latin. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { fontsourceLatinRange } from '../../../scripts/build/heading-font.ts';
import {
  CORE_CHARACTERS,
  type CodePointRun,
  formatUnicodeRange,
  headingFaces,
  intersect,
  parseUnicodeRange,
  runsOf,
  subtract,
  textOf,
} from '../../../scripts/build/heading-font-ranges.ts';

const codePoints = (runs: CodePointRun[]): number[] => [...textOf(runs)].map((c) => c.codePointAt(0)!);
const covers = (runs: CodePointRun[], char: string): boolean =>
  runs.some(([a, b]) => char.codePointAt(0)! >= a && char.codePointAt(0)! <= b);

describe("fontsource's latin range split in two", () => {
  const latinRange = fontsourceLatinRange();
  const [core, rest] = headingFaces(latinRange);
  const latin = parseUnicodeRange(latinRange);

  test('the core face is ASCII and the listed punctuation that the latin range has', () => {
    expect(core.unicodeRange).toBe(
      'U+0020-007E,U+00A0,U+00A9,U+00AE,U+00B0,U+00B7,U+00D7,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+20AC,U+2122',
    );
    expect(core.runs).toEqual(parseUnicodeRange(core.unicodeRange));
    expect(rest.runs).toEqual(parseUnicodeRange(rest.unicodeRange));
  });

  test('the faces do not overlap and together are exactly the latin range', () => {
    const coreSet = new Set(codePoints(core.runs));
    expect(codePoints(rest.runs).filter((c) => coreSet.has(c))).toEqual([]);
    expect([...codePoints(core.runs), ...codePoints(rest.runs)].sort((a, b) => a - b)).toEqual(codePoints(latin));
    expect(formatUnicodeRange(parseUnicodeRange(`${core.unicodeRange},${rest.unicodeRange}`))).toBe(formatUnicodeRange(latin));
  });

  test('an ASCII heading needs the core face only, "Vídeo 1" the rest face too, the pager arrows neither', () => {
    for (const char of 'Video 1 — “Race Element” 2.0') expect(covers(core.runs, char), char).toBe(true);
    expect(covers(core.runs, 'í')).toBe(false);
    expect(covers(rest.runs, 'í')).toBe(true);
    // fontsource's latin file has no arrows: they come from the fallback font and fetch no face.
    for (const arrow of '←→') {
      expect(CORE_CHARACTERS).toContain(arrow);
      expect(covers(latin, arrow) || covers(rest.runs, arrow) || covers(core.runs, arrow), arrow).toBe(false);
    }
  });

  test('each face is subset to the characters of its own range', () => {
    expect(runsOf(textOf(core.runs))).toEqual(core.runs);
    expect(runsOf(textOf(rest.runs))).toEqual(rest.runs);
  });
});

describe('unicode-range arithmetic', () => {
  test('a core list splits a small range in two', () => {
    const [core, rest] = headingFaces('U+0041-0045,U+00E9', 'BDéx');
    expect(core.unicodeRange).toBe('U+0042,U+0044,U+00E9');
    expect(rest.unicodeRange).toBe('U+0041,U+0043,U+0045');
  });

  test('runs are merged, sorted and spelt as fontsource spells them', () => {
    expect(formatUnicodeRange(parseUnicodeRange('U+0061-007A, U+0041-005A,U+005B,u+ffFD'))).toBe('U+0041-005B,U+0061-007A,U+FFFD');
    expect(runsOf('cab')).toEqual([[0x61, 0x63]]);
  });

  test('intersect and subtract', () => {
    const a: CodePointRun[] = [
      [0, 10],
      [20, 30],
    ];
    const b: CodePointRun[] = [
      [5, 22],
      [30, 40],
    ];
    expect(intersect(a, b)).toEqual([
      [5, 10],
      [20, 22],
      [30, 30],
    ]);
    expect(subtract(a, b)).toEqual([
      [0, 4],
      [23, 29],
    ]);
    expect(subtract(b, a)).toEqual([
      [11, 19],
      [31, 40],
    ]);
  });

  test('a range it cannot read is refused, naming the token', () => {
    expect(() => parseUnicodeRange('U+0000-00FF,U+4??')).toThrow('cannot read "U+4??"');
    expect(() => parseUnicodeRange('U+00FF-0000')).toThrow('"U+00FF-0000" is not a run of code points');
    expect(() => parseUnicodeRange('U+110000')).toThrow('is not a run of code points');
  });
});

describe("fontsource's unicode.json", () => {
  test('without a latin range, the build stops naming the file and the field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'heading-font-'));
    try {
      const file = join(dir, 'unicode.json');
      writeFileSync(file, JSON.stringify({ cyrillic: 'U+0400-045F' }));
      expect(() => fontsourceLatinRange(file)).toThrow(`${file}: field "latin"`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
