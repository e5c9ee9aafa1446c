/**
 * A front-matter YAML error at its likely cause, with line and column counted from the top of the file.
 * Pure: js-yaml breaks off past an unclosed quote, so the cause is looked for in the lines themselves.
 */
import { type ContentProblem, contentProblem } from './problems.ts';

/** The part of js-yaml's YAMLException read here (0-based positions within the YAML text). */
export interface YamlErrorLike {
  reason?: string;
  mark?: { line: number; column: number };
  message: string;
}

/** A likely cause: 0-based line and column within the YAML text, and the mistake of the catalogue. */
type Cause = { line: number; column: number } & (
  | { code: 'yaml-unclosed-quote'; args: [quote: string] }
  | { code: 'yaml-unclosed-bracket' | 'yaml-special-start'; args: [char: string] }
  | { code: 'yaml-field-twice'; args: [field: string, firstLine: number] }
  | { code: 'yaml-no-colon' | 'yaml-tab' | 'yaml-indented' | 'yaml-text-after-quote' | 'yaml-colon-in-value'; args: [] }
);

/**
 * @param yaml the text js-yaml was given
 * @param firstLine the 1-based file line on which `yaml` starts (its line 0)
 */
export function describeYamlError(file: string, yaml: string, firstLine: number, error: YamlErrorLike): ContentProblem {
  const reason = error.reason ?? error.message.split('\n')[0] ?? 'unreadable';
  const lines = yaml.split(/\r?\n/);
  const at = error.mark ?? { line: 0, column: 0 };
  const cause = likelyCause(lines, at.line, reason, firstLine);
  if (!cause)
    return contentProblem({ file, field: 'front matter', line: firstLine + at.line, column: at.column + 1 }, 'yaml-unreadable', reason);
  const place = { file, field: 'front matter', line: firstLine + cause.line, column: cause.column + 1 };
  if (cause.code === 'yaml-unclosed-quote') {
    // The parser stops where the quote's value ran out, often lines later: say where, so both can be found.
    const parserSaid = cause.line === at.line ? reason : `${reason} at line ${firstLine + at.line}, column ${at.column + 1}`;
    return contentProblem(place, cause.code, cause.args[0], `the YAML parser: ${parserSaid}`);
  }
  return contentProblem(place, cause.code, ...(cause.args as [never, never]));
}

/** `key: value` on one line, the value as written (comments included). */
const FIELD_LINE = /^([A-Za-z_][\w-]*)(\s*:\s*)(.*)$/;

function likelyCause(lines: string[], errorLine: number, reason: string, firstLine: number): Cause | undefined {
  // An unclosed quote swallows the following lines, so the parser stops later: look above too.
  for (let i = 0; i <= Math.min(errorLine, lines.length - 1); i++) {
    const quote = unclosedQuote(lines, i);
    if (quote) {
      return { line: i, column: quote.column, code: 'yaml-unclosed-quote', args: [quote.char] };
    }
    const bracket = unclosedBracket(lines, i);
    if (bracket) {
      return { line: i, column: bracket.column, code: 'yaml-unclosed-bracket', args: [bracket.char] };
    }
    // A line that is not `field: value` makes the parser fail on the line after it.
    const text = lines[i]!;
    if (text.trim() !== '' && !/^\s*#/.test(text) && !/^\s/.test(text) && !text.includes(':')) {
      return { line: i, column: 0, code: 'yaml-no-colon', args: [] };
    }
  }
  const line = lines[errorLine] ?? '';
  if (/^\s*\t/.test(line) || reason.includes('tab characters')) {
    return { line: errorLine, column: 0, code: 'yaml-tab', args: [] };
  }
  if (reason.startsWith('duplicated mapping key')) {
    const key = FIELD_LINE.exec(line)?.[1];
    const first = key === undefined ? -1 : lines.findIndex((l) => FIELD_LINE.exec(l)?.[1] === key);
    if (key !== undefined && first !== -1 && first < errorLine) {
      return { line: errorLine, column: 0, code: 'yaml-field-twice', args: [key, firstLine + first] };
    }
  }
  if (/^\s+\S/.test(line) && FIELD_LINE.test(line.trimStart())) {
    return { line: errorLine, column: 0, code: 'yaml-indented', args: [] };
  }
  const field = FIELD_LINE.exec(line);
  if (field) {
    const [, , separator, value] = field as unknown as [string, string, string, string];
    const valueColumn = field[1]!.length + separator.length;
    const closedQuote = /^(["'])(?:\\.|(?!\1).)*\1\s*([^#\s].*)$/.exec(value);
    if (closedQuote) {
      return { line: errorLine, column: valueColumn, code: 'yaml-text-after-quote', args: [] };
    }
    const colon = value.search(/:\s/);
    if (!/^["'[{]/.test(value) && colon !== -1) {
      return { line: errorLine, column: valueColumn + colon, code: 'yaml-colon-in-value', args: [] };
    }
    const special = /^[@`*&!%|>{[]/.exec(value)?.[0];
    if (special) return { line: errorLine, column: valueColumn, code: 'yaml-special-start', args: [special] };
  }
  return undefined;
}

/**
 * The quote that the value of field line `index` opens and never closes, if any. A quoted value
 * may go on over indented lines (valid YAML), so those count as the value's own.
 */
function unclosedQuote(lines: string[], index: number): { char: string; column: number } | undefined {
  const field = FIELD_LINE.exec(lines[index]!);
  if (!field) return undefined;
  let value = field[3]!;
  const char = value[0];
  if (char !== '"' && char !== "'") return undefined;
  for (let next = index + 1; next < lines.length && /^\s+\S/.test(lines[next]!); next++) value += `\n${lines[next]}`;
  // Double quotes escape with a backslash; single quotes escape themselves by doubling.
  const closed = char === '"' ? /^"(?:\\.|[^"\\])*"/.test(value) : /^'(?:''|[^'])*'(?!')/.test(value);
  return closed ? undefined : { char, column: field[1]!.length + field[2]!.length };
}

/** A `[` or `{` that starts a field's value and is not closed within the value's lines. */
function unclosedBracket(lines: string[], index: number): { char: string; column: number } | undefined {
  const field = FIELD_LINE.exec(lines[index]!);
  const char = field?.[3]?.[0];
  if (!field || (char !== '[' && char !== '{')) return undefined;
  let value = field[3]!;
  for (let next = index + 1; next < lines.length && /^\s+\S/.test(lines[next]!); next++) value += `\n${lines[next]}`;
  const close = char === '[' ? ']' : '}';
  let depth = 0;
  for (const c of value.replace(/"(?:\\.|[^"\\])*"|'(?:''|[^'])*'/g, '')) {
    if (c === char) depth++;
    else if (c === close) depth--;
  }
  return depth > 0 ? { char, column: field[1]!.length + field[2]!.length } : undefined;
}
