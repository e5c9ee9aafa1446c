/**
 * The heading font's two faces as CSS unicode-ranges: a core face (ASCII and common punctuation) and the rest of
 * fontsource's latin subset. Pure: the core list and the latin range in, both faces' ranges and characters out.
 */

/** An inclusive run of code points. */
export type CodePointRun = readonly [first: number, last: number];

/** U+0020–007E. */
function printableAscii(): string {
  return String.fromCodePoint(...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i));
}

/**
 * What nearly every heading needs, so nearly every page loads the core face only. The pager's arrows (← →,
 * client/styles.css `.pager-label`) are listed so they never pull the rest face; a code point the latin range lacks
 * goes to neither face.
 */
export const CORE_CHARACTERS = `${printableAscii()}\u00a0’‘“”–—…•·©®™€°×←→`;

const TOKEN = /^U\+([0-9A-F]{1,6})(?:-([0-9A-F]{1,6}))?$/i;

/** Sorted, merged runs: no two overlap or touch. */
function normalise(runs: CodePointRun[]): CodePointRun[] {
  const sorted = [...runs].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [first, last] of sorted) {
    const previous = merged.at(-1);
    if (previous && first <= previous[1] + 1) previous[1] = Math.max(previous[1], last);
    else merged.push([first, last]);
  }
  return merged;
}

/** A CSS unicode-range value (`U+0000-00FF,U+0131`) as runs; throws naming the token it cannot read. No wildcards. */
export function parseUnicodeRange(value: string): CodePointRun[] {
  return normalise(
    value.split(',').map((raw) => {
      const token = raw.trim();
      const match = TOKEN.exec(token);
      if (!match) throw new Error(`unicode-range: cannot read "${token}" in "${value}"`);
      const first = Number.parseInt(match[1]!, 16);
      const last = match[2] === undefined ? first : Number.parseInt(match[2], 16);
      if (last < first || last > 0x10ffff) throw new Error(`unicode-range: "${token}" is not a run of code points`);
      return [first, last] as const;
    }),
  );
}

const hex = (n: number): string => n.toString(16).toUpperCase().padStart(4, '0');

/** Runs as a CSS unicode-range value, in fontsource's spelling. */
export const formatUnicodeRange = (runs: CodePointRun[]): string =>
  runs.map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`)).join(',');

/** The code points of a string as runs. */
export const runsOf = (text: string): CodePointRun[] => normalise([...text].map((c) => [c.codePointAt(0)!, c.codePointAt(0)!] as const));

/** The code points in both. */
export function intersect(a: CodePointRun[], b: CodePointRun[]): CodePointRun[] {
  const out: CodePointRun[] = [];
  for (const [af, al] of a)
    for (const [bf, bl] of b) {
      const first = Math.max(af, bf),
        last = Math.min(al, bl);
      if (first <= last) out.push([first, last]);
    }
  return normalise(out);
}

/** The code points of `a` that are not in `b`. */
export function subtract(a: CodePointRun[], b: CodePointRun[]): CodePointRun[] {
  const out: CodePointRun[] = [];
  for (const [first, last] of normalise(a)) {
    let next = first;
    for (const [bf, bl] of normalise(b)) {
      if (bl < next || bf > last) continue;
      if (bf > next) out.push([next, bf - 1]);
      next = bl + 1;
    }
    if (next <= last) out.push([next, last]);
  }
  return out;
}

/** Every code point of the runs as one string: the text a face is subset to. */
export const textOf = (runs: CodePointRun[]): string =>
  runs.map(([first, last]) => String.fromCodePoint(...Array.from({ length: last - first + 1 }, (_, i) => first + i))).join('');

export interface HeadingFace {
  /** Names the emitted file: `russo-one-<name>`. */
  name: 'core' | 'latin-rest';
  runs: CodePointRun[];
  unicodeRange: string;
}

/** The two faces of fontsource's latin `range`: the core characters it covers, and the rest of it. */
export function headingFaces(latinRange: string, core = CORE_CHARACTERS): [HeadingFace, HeadingFace] {
  const latin = parseUnicodeRange(latinRange);
  const coreRuns = intersect(runsOf(core), latin);
  const rest = subtract(latin, coreRuns);
  return [
    { name: 'core', runs: coreRuns, unicodeRange: formatUnicodeRange(coreRuns) },
    { name: 'latin-rest', runs: rest, unicodeRange: formatUnicodeRange(rest) },
  ];
}
