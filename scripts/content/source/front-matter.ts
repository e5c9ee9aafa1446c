/**
 * Reads a content file's front matter and validates it with contracts/front-matter.ts: the file, or every problem at
 * its line and column (one per field). Pure.
 */

import { distance } from 'fastest-levenshtein';
import matter from 'gray-matter';
import type * as z from 'zod';
import { type EntryAttributes, frontMatterSchema } from '../../../contracts/front-matter.ts';
import { type ContentProblem, contentProblem } from './problems.ts';
import { describeYamlError, type YamlErrorLike } from './yaml-errors.ts';
import { type FieldOffsets, readYamlFields } from './yaml-fields.ts';

/** 1-based line and column in the file. */
export interface Place {
  line: number;
  column: number;
}

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
  /** Where each front-matter field's value starts, for problems found later (a duplicate slug). */
  fieldPlaces: Partial<Record<string, Place>>;
}

export type ParseResult = { ok: true; value: ParsedFile } | { ok: false; problems: ContentProblem[] };

/** The place of the file's opening `---`: where a missing field is reported. */
const FRONT_MATTER_PLACE: Place = { line: 1, column: 1 };

interface Split {
  yaml: string;
  body: string;
  data: unknown;
  offsets: Map<string, FieldOffsets>;
  /** js-yaml's error when the block is unreadable. */
  error?: YamlErrorLike;
}

/** gray-matter splits the file; js-yaml reads the block (yaml-fields.ts). Passing options stops gray-matter's cache. */
function split(source: string): Split {
  let read: Omit<Split, 'body'> = { yaml: '', data: null, offsets: new Map() };
  const { content } = matter(source, {
    engines: {
      yaml: (yaml) => {
        try {
          read = { yaml, ...readYamlFields(yaml) };
        } catch (error) {
          read = { yaml, data: null, offsets: new Map(), error: error as YamlErrorLike };
        }
        return {};
      },
    },
  });
  return { ...read, body: content };
}

export function parseFrontMatter(file: string, source: string): ParseResult {
  if (!source.startsWith('---')) {
    return { ok: false, problems: [contentProblem({ file, field: 'front matter', ...FRONT_MATTER_PLACE }, 'front-matter-missing')] };
  }
  const { yaml, body, offsets, error, ...parts } = split(source);
  // gray-matter's YAML text is a slice of the file after the opening `---`.
  const yamlStart = source.indexOf(yaml, 3);
  if (error) return { ok: false, problems: [describeYamlError(file, yaml, lineOf(source, yamlStart), error)] };
  const placeOf = (offset: number): Place => ({ line: lineOf(source, yamlStart + offset), column: columnOf(source, yamlStart + offset) });
  const data = parts.data ?? {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    return {
      ok: false,
      problems: [contentProblem({ file, field: 'front matter', ...placeOf(yaml.search(/\S/)) }, 'front-matter-not-fields')],
    };
  }
  // `field:` with nothing after it is YAML's null: the field is written, its value empty.
  const fields = Object.fromEntries(Object.entries(data).map(([key, value]) => [key, value ?? '']));
  const parsed = frontMatterSchema.safeParse(fields);
  if (!parsed.success) {
    const at = (field: string, key: boolean): Place => {
      const found = offsets.get(field);
      return found ? placeOf(key ? found.key : found.value) : FRONT_MATTER_PLACE;
    };
    return { ok: false, problems: problemsOf(file, parsed.error.issues, fields, at) };
  }
  const { draft, ...attributes } = parsed.data;
  const fieldPlaces = Object.fromEntries([...offsets].map(([field, { value }]) => [field, placeOf(value)]));
  return { ok: true, value: { file, attributes, body, source, draft: draft === true, bodyLine: bodyFirstLine(source, body), fieldPlaces } };
}

/**
 * One problem per field, its first issue: each issue's message is a catalogue code (contracts/front-matter.ts).
 * A written field's problem points at its value, an unknown field at its name, a missing one at the opening `---`.
 */
function problemsOf(
  file: string,
  issues: readonly z.core.$ZodIssue[],
  fields: Record<string, unknown>,
  at: (field: string, key: boolean) => Place,
): ContentProblem[] {
  const problems = new Map<string, ContentProblem>();
  for (const issue of issues) {
    const names = issue.code === 'unrecognized_keys' ? issue.keys : [String(issue.path[0])];
    for (const field of names) {
      if (problems.has(field)) continue;
      // Every front-matter code's message takes at most the field's value.
      const code = issue.message as 'field-not-text';
      problems.set(field, contentProblem({ file, field, ...at(field, issue.code === 'unrecognized_keys') }, code, fields[field]));
    }
  }
  return mergeMisspelt(problems, at);
}

/**
 * A required field written with a typo (`titel:`) is one mistake, not an unknown field and a missing one: the
 * unknown name's line says which field it seems meant to be, and the missing field is not reported again.
 */
function mergeMisspelt(problems: Map<string, ContentProblem>, at: (field: string, key: boolean) => Place): ContentProblem[] {
  const unknown = [...problems.values()].filter((p) => p.code === 'field-unknown').map((p) => p.field);
  for (const missing of [...problems.values()].filter((p) => p.code === 'field-missing')) {
    const typo = unknown.find((name) => problems.get(name)?.code === 'field-unknown' && distance(name.toLowerCase(), missing.field) <= 2);
    if (typo === undefined) continue;
    problems.delete(missing.field);
    problems.set(typo, contentProblem({ file: missing.file, field: typo, ...at(typo, true) }, 'field-misspelt', missing.field));
  }
  return [...problems.values()];
}

const lineOf = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;
const columnOf = (text: string, offset: number): number => offset - text.lastIndexOf('\n', offset - 1);

/** gray-matter's body is the end of the file after the closing `---` line. */
function bodyFirstLine(source: string, body: string): number {
  return source.endsWith(body) ? lineOf(source, source.length - body.length) : 1;
}

/** The slug a file's front matter names, even when other fields are wrong: `npm run new` must not take it. */
export function writtenSlug(source: string): string | undefined {
  const slug = (split(source).data as Record<string, unknown> | null)?.slug;
  return typeof slug === 'string' ? slug.trim() : undefined;
}
