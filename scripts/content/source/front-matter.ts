/** Reads a content file's YAML front matter and checks each field, reporting every problem, not the first only. Pure. */
import matter from 'gray-matter';
import { CORE_SCHEMA, load as loadYaml } from 'js-yaml';
import { ENTRY_TYPES, type EntryAttributes, type EntryType } from '../../../contracts/kv-values.ts';
import type { ContentProblem } from './problems.ts';
import { describeYamlError, type YamlErrorLike } from './yaml-errors.ts';

export interface ParsedFile {
  file: string;
  attributes: EntryAttributes;
  /** Markdown after the front matter. */
  body: string;
  /** The whole file, as written: what `<article URL>.md` serves and what the hash covers. */
  source: string;
  draft: boolean;
  /** 1-based line of the file on which `body` starts: positions in the body are offset by it. */
  bodyLine: number;
  /** The file line of each front-matter field, for problems found later (a duplicate slug). */
  fieldLines: Partial<Record<string, number>>;
}

export type ParseResult = { ok: true; value: ParsedFile } | { ok: false; problems: ContentProblem[] };

const KNOWN_FIELDS = new Set(['title', 'slug', 'description', 'type', 'date', 'draft']);
/** URL path segment characters that need no escaping; case is kept (e.g. `DSX`). */
const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A date with a time of day: the time part is checked apart (readTime), the zone is required. */
const ISO_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(.*)$/;
const TIME_OF_DAY = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-](\d{2}):(\d{2}))$/;

export function parseFrontMatter(file: string, source: string): ParseResult {
  let yaml = '';
  /** The file line of each field's key, so that a problem with its value points at it. */
  const fieldLine = (field: string): number | undefined => {
    const index = yaml.split(/\r?\n/).findIndex((line) => line.startsWith(field) && /^\s*:/.test(line.slice(field.length)));
    return index === -1 ? undefined : yamlFirstLine(source, yaml) + index;
  };
  const problem = (field: string, reason: string): ContentProblem => {
    const line = field === 'front matter' ? undefined : fieldLine(field);
    return line === undefined ? { file, field, reason } : { file, field, reason, line };
  };
  if (!source.startsWith('---'))
    return { ok: false, problems: [problem('front matter', 'missing: the file must start with a --- YAML block')] };

  let data: Record<string, unknown>;
  let body: string;
  try {
    // YAML's core schema keeps dates as the text the author wrote (no silent Date rollover),
    // and passing options stops gray-matter from caching results by content.
    const parsed = matter(source, {
      engines: {
        yaml: (text) => {
          yaml = text;
          return loadYaml(text, { schema: CORE_SCHEMA }) as object;
        },
      },
    });
    data = parsed.data;
    body = parsed.content;
  } catch (error) {
    if (error instanceof Error && 'mark' in error) {
      return { ok: false, problems: [describeYamlError(file, yaml, yamlFirstLine(source, yaml), error as YamlErrorLike)] };
    }
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { ok: false, problems: [problem('front matter', `unreadable YAML: ${reason}`)] };
  }

  const problems: ContentProblem[] = [];
  const text = (field: string): string | undefined => {
    const value = data[field];
    if (value === undefined || value === null) return void problems.push(problem(field, 'missing'));
    if (typeof value !== 'string') return void problems.push(problem(field, `must be text, got ${typeof value}`));
    if (value.trim() === '') return void problems.push(problem(field, 'empty'));
    return value.trim();
  };

  for (const field of Object.keys(data)) {
    if (!KNOWN_FIELDS.has(field)) problems.push(problem(field, `unknown field (allowed: ${[...KNOWN_FIELDS].join(', ')})`));
  }

  const title = text('title');
  const description = text('description');
  const slug = text('slug');
  if (slug !== undefined && !SLUG_PATTERN.test(slug)) {
    problems.push(problem('slug', `"${slug}" may hold only letters, digits, '.', '_' and '-', starting with a letter or digit`));
  }

  let type: EntryType | undefined;
  if (data.type !== undefined) {
    if (typeof data.type === 'string' && (ENTRY_TYPES as readonly string[]).includes(data.type)) type = data.type as EntryType;
    else problems.push(problem('type', `unknown type "${String(data.type)}" (allowed: ${ENTRY_TYPES.join(', ')}, or none)`));
  }

  const date = readDate(data.date);
  if (data.date === null) delete data.date;
  if (type === 'news' && data.date === undefined) problems.push(problem('date', 'missing: news entries need an ISO date (YYYY-MM-DD)'));
  else if (data.date !== undefined && date === undefined) problems.push(problem('date', dateProblem(String(data.date))));
  else if (date !== undefined && type !== 'news') problems.push(problem('date', 'only news entries carry a date'));

  if (data.draft !== undefined && typeof data.draft !== 'boolean') problems.push(problem('draft', 'must be true or false'));

  if (problems.length > 0 || title === undefined || description === undefined || slug === undefined) {
    return { ok: false, problems };
  }
  const attributes: EntryAttributes = { title, slug, description };
  if (type) attributes.type = type;
  if (date) attributes.date = date;
  const fieldLines: Partial<Record<string, number>> = {};
  for (const field of Object.keys(data)) fieldLines[field] = fieldLine(field);
  return {
    ok: true,
    value: { file, attributes, body, source, draft: data.draft === true, bodyLine: bodyFirstLine(source, body), fieldLines },
  };
}

const lineOf = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

/** The file line on which gray-matter's YAML text starts: it is a slice of the file after `---`. */
function yamlFirstLine(source: string, yaml: string): number {
  const at = source.indexOf(yaml, 3);
  return at === -1 ? 2 : lineOf(source, at);
}

/** gray-matter's body is the end of the file after the closing `---` line. */
function bodyFirstLine(source: string, body: string): number {
  return source.endsWith(body) ? lineOf(source, source.length - body.length) : 1;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Why a date was refused: not written as YYYY-MM-DD, or written so but not on the calendar. */
function dateProblem(written: string): string {
  const timed = ISO_TIMESTAMP.exec(written.trim());
  if (timed && readDate(timed[1]) !== undefined) return `"${written}" ${timeProblem(timed[2]!)}`;
  const match = ISO_DATE.exec(timed ? timed[1]! : written.trim());
  if (!match) return `"${written}" is not an ISO date (YYYY-MM-DD)`;
  const [, y, m] = match.map(Number) as [number, number, number, number];
  if (m < 1 || m > 12) return `"${written}" is not a real date: there is no month ${m} (months are 01 to 12)`;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `"${written}" is not a real date: ${MONTHS[m - 1]} ${y} has ${days} days`;
}

/** Why the time part of a timestamp whose date is real was refused. */
function timeProblem(time: string): string {
  const match = TIME_OF_DAY.exec(time);
  if (!match) {
    return /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(time)
      ? 'has no time zone: add Z for UTC or an offset such as +02:00 (e.g. 2024-09-24T18:00:00Z)'
      : 'is not an ISO time (e.g. 2024-09-24T18:00:00Z or 2024-09-24T20:00+02:00)';
  }
  const [, h, m, s, , oh, om] = match.map((part) => (part === undefined ? undefined : Number(part)));
  if (h! > 23 || m! > 59 || (s ?? 0) > 59) return `is not a real time: ${time.slice(0, 8).replace(/[Z+-].*$/, '')} is past 23:59:59`;
  if ((oh ?? 0) > 14 || (om ?? 0) > 59) return `is not a real time zone offset: ${time.slice(-6)}`;
  return 'is not an ISO time';
}

/**
 * A date written as YYYY-MM-DD (quoted or not) that exists, or such a date with a valid time of
 * day and zone (ISO 8601, as `new Date` reads it).
 */
function readDate(value: unknown): string | undefined {
  const written = typeof value === 'string' ? value.trim() : undefined;
  const timed = written ? ISO_TIMESTAMP.exec(written) : null;
  if (timed) {
    const match = TIME_OF_DAY.exec(timed[2]!);
    if (!match || readDate(timed[1]) === undefined) return undefined;
    const [, h, m, s, , oh, om] = match.map((part) => (part === undefined ? undefined : Number(part)));
    return h! <= 23 && m! <= 59 && (s ?? 0) <= 59 && (oh ?? 0) <= 14 && (om ?? 0) <= 59 ? written : undefined;
  }
  const iso = written;
  const match = iso ? ISO_DATE.exec(iso) : null;
  if (!match) return undefined;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const check = new Date(Date.UTC(y, m - 1, d));
  // Rejects dates such as 2024-02-30 that Date would silently roll over.
  return check.getUTCMonth() === m - 1 && check.getUTCDate() === d ? iso : undefined;
}
