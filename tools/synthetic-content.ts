/** Deterministic synthetic articles (800–1500 words, half news, half guides) as a ContentFolder for the real upload. Pure. */
import type { ContentFolder, SourceFile } from '../scripts/content/source/load-content.ts';
import { seededRandom } from './seeded-random.ts';

const WORDS = (
  'race element hud overlay telemetry lap delta tyre pressure fuel strategy setup livery stint pit ' +
  'throttle brake steering wheel pedal track session qualifying sector apex corner braking point ' +
  'shared memory plugin stream broadcast overlay window monitor refresh rate frame update driver ' +
  'standings gap leaderboard weather grip temperature compound wear camber toe damper spring rebound ' +
  'bump ride height wing aero balance differential traction control abs engine map mixture boost ' +
  'sim racing community release version download install configure profile preset trigger vibration ' +
  'dualsense controller feedback force vehicle circuit endurance sprint league server replay analysis'
).split(' ');

const LANGUAGES = ['typescript', 'json', 'csharp', 'shellscript', 'yaml'] as const;

class Writer {
  readonly #next: () => number;
  words = 0;

  constructor(seed: number) {
    this.#next = seededRandom(seed);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.#next() * (max - min + 1));
  }

  word(): string {
    return WORDS[this.int(0, WORDS.length - 1)]!;
  }

  phrase(min: number, max: number): string {
    const n = this.int(min, max);
    this.words += n;
    return Array.from({ length: n }, () => this.word()).join(' ');
  }

  sentence(): string {
    const text = this.phrase(8, 18);
    return `${text[0]!.toUpperCase() + text.slice(1)}.`;
  }

  /** A paragraph with some inline markup: bold, a code span, a link. */
  paragraph(): string {
    const sentences = Array.from({ length: this.int(3, 6) }, () => this.sentence());
    const at = this.int(0, sentences.length - 1);
    const pick = this.int(0, 2);
    if (pick === 0) sentences[at] = `**${this.phrase(2, 3)}** ${sentences[at]}`;
    if (pick === 1) sentences[at] = `${sentences[at]} Set \`${this.word()}_${this.word()}\` first.`;
    if (pick === 2) sentences[at] = `${sentences[at]} See [the ${this.word()} guide](/guide/how-to-get-started).`;
    return sentences.join(' ');
  }

  title(): string {
    const text = this.phrase(3, 6);
    return text.replace(/\b\w/g, (c) => c.toUpperCase());
  }
}

function codeBlock(w: Writer): string {
  const language = LANGUAGES[w.int(0, LANGUAGES.length - 1)]!;
  const name = `${w.word()}${w.word()[0]!.toUpperCase()}${w.word().slice(1)}`;
  const lines: Record<(typeof LANGUAGES)[number], string[]> = {
    typescript: [
      `interface ${name[0]!.toUpperCase()}${name.slice(1)} {`,
      `  lap: number;`,
      `  delta: number; // ${w.phrase(3, 5)}`,
      `}`,
      ``,
      `export function ${name}(laps: number[]): number {`,
      `  const best = Math.min(...laps);`,
      `  return laps.reduce((sum, lap) => sum + (lap - best), 0) / laps.length;`,
      `}`,
    ],
    json: [
      `{`,
      `  "${name}": true,`,
      `  "refreshRate": ${w.int(10, 120)},`,
      `  "overlay": { "x": ${w.int(0, 1920)}, "y": ${w.int(0, 1080)}, "scale": 1.25 },`,
      `  "note": "${w.phrase(3, 6)}"`,
      `}`,
    ],
    csharp: [
      `public sealed class ${name[0]!.toUpperCase()}${name.slice(1)} : AbstractOverlay`,
      `{`,
      `    public override void Render(Graphics g)`,
      `    {`,
      `        // ${w.phrase(3, 6)}`,
      `        g.DrawString(Delta.ToString("F3"), Font, Brushes.White, 0, 0);`,
      `    }`,
      `}`,
    ],
    shellscript: [
      `#!/usr/bin/env bash`,
      `# ${w.phrase(3, 6)}`,
      `set -euo pipefail`,
      `for lap in $(seq 1 ${w.int(5, 40)}); do`,
      `  echo "lap $lap: ${w.word()}"`,
      `done`,
    ],
    yaml: [
      `${name}:`,
      `  enabled: true`,
      `  refresh: ${w.int(10, 120)}`,
      `  position: { x: ${w.int(0, 1920)}, y: ${w.int(0, 1080)} }`,
      `  # ${w.phrase(3, 6)}`,
    ],
  };
  return [`\`\`\`${language}`, ...lines[language], '```'].join('\n');
}

function table(w: Writer): string {
  const rows = Array.from({ length: w.int(3, 6) }, () => `| ${w.title()} | ${w.int(1, 99)} | ${w.phrase(3, 6)} |`);
  return ['| Setting | Value | Notes |', '|---|---:|---|', ...rows].join('\n');
}

function list(w: Writer, ordered: boolean): string {
  return Array.from({ length: w.int(3, 6) }, (_, i) => `${ordered ? `${i + 1}.` : '-'} ${w.sentence()}`).join('\n');
}

/** The markdown body: 800–1500 words in sections, each kind of block at least once. */
function body(w: Writer, targetWords: number): string {
  const blocks: string[] = [w.paragraph(), w.paragraph()];
  let section = 0;
  while (w.words < targetWords) {
    blocks.push(`## ${w.title()}`, w.paragraph());
    if (section === 0) blocks.push(list(w, false));
    if (section === 1) blocks.push(table(w));
    if (section === 2) blocks.push(codeBlock(w));
    if (section === 3) blocks.push(list(w, true));
    blocks.push(`### ${w.title()}`, w.paragraph(), w.paragraph());
    if (section === 4) blocks.push(`> ${w.sentence()}`);
    section++;
  }
  return blocks.join('\n\n');
}

/** ISO date `n` days before 2025-06-30: newer news for smaller numbers. */
function dateBefore(days: number): string {
  return new Date(Date.UTC(2025, 5, 30) - days * 86_400_000).toISOString().slice(0, 10);
}

export interface SyntheticOptions {
  /** Words in the body: the loop stops at the first section boundary past a number drawn here. */
  words?: [min: number, max: number];
}

/** About 800–1500 words: the length of a real guide. */
const ARTICLE_WORDS: [number, number] = [750, 1250];

/** The synthetic file number `index`: even numbers news, odd guides, the same text every time. */
export function syntheticFile(index: number, { words = ARTICLE_WORDS }: SyntheticOptions = {}): SourceFile {
  const w = new Writer(index + 1);
  const news = index % 2 === 0;
  const number = String(index + 1).padStart(4, '0');
  const title = `${w.title()} ${number}`;
  const description = `${w.sentence()}`;
  const slug = `${news ? 'news' : 'guide'}-${number}-${w.word()}`;
  const front = ['---', `title: "${title}"`, `slug: ${slug}`, `description: "${description}"`, `type: ${news ? 'news' : 'guide'}`];
  if (news) front.push(`date: ${dateBefore(Math.floor(index / 2))}`);
  front.push('---', '');
  const text = body(w, w.int(...words));
  return { file: `synthetic-${number}.md`, source: `${front.join('\n')}\n${text}\n` };
}

/**
 * `count` articles, alternately news and guide, with no code samples. Short `words` make
 * content that is quick to render when only the number of entries matters (the CI check).
 */
export function syntheticContent(count: number, options: SyntheticOptions = {}): ContentFolder {
  return { files: Array.from({ length: count }, (_, i) => syntheticFile(i, options)), samples: [] };
}

/** Slug of the newest synthetic news post (index 0): the article the benchmark requests. */
export function syntheticArticlePath(): string {
  const source = syntheticFile(0).source;
  const slug = /^slug: (.+)$/m.exec(source)?.[1];
  return `/news/${slug}`;
}
