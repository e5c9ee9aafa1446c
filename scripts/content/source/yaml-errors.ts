/**
 * A front-matter YAML error at its likely cause, with line and column counted from the top of the file.
 * Pure: js-yaml breaks off past an unclosed quote, so the cause is looked for in the lines themselves.
 */
import type { ContentProblem } from './problems.ts';

/** The part of js-yaml's YAMLException read here (0-based positions within the YAML text). */
export interface YamlErrorLike {
  reason?: string;
  mark?: { line: number; column: number };
  message: string;
}

interface Cause {
  /** 0-based line and column within the YAML text. */
  line: number;
  column: number;
  text: string;
}

/**
 * @param yaml the text js-yaml was given
 * @param firstLine the 1-based file line on which `yaml` starts (its line 0)
 */
export function describeYamlError(file: string, yaml: string, firstLine: number, error: YamlErrorLike): ContentProblem {
  const reason = error.reason ?? error.message.split('\n')[0] ?? 'unreadable';
  const lines = yaml.split(/\r?\n/);
  const at = error.mark ?? { line: 0, column: 0 };
  const where = (line: number, column: number) => `line ${firstLine + line}, column ${column + 1}`;
  const cause = likelyCause(lines, at.line, reason, firstLine);
  if (!cause) {
    return { file, field: 'front matter', line: firstLine + at.line, column: at.column + 1, reason: `unreadable YAML: ${reason}` };
  }
  const parserSaid = cause.line === at.line ? reason : `${reason} at ${where(at.line, at.column)}`;
  return {
    file,
    field: 'front matter',
    line: firstLine + cause.line,
    column: cause.column + 1,
    reason: `unreadable YAML: ${cause.text} (the YAML parser: ${parserSaid})`,
  };
}

/** `key: value` on one line, the value as written (comments included). */
const FIELD_LINE = /^([A-Za-z_][\w-]*)(\s*:\s*)(.*)$/;

function likelyCause(lines: string[], errorLine: number, reason: string, firstLine: number): Cause | undefined {
  // An unclosed quote swallows the following lines, so the parser stops later: look above too.
  for (let i = 0; i <= Math.min(errorLine, lines.length - 1); i++) {
    const quote = unclosedQuote(lines, i);
    if (quote) {
      return {
        line: i,
        column: quote.column,
        text: `an unclosed quote: the ${quote.char} that opens this value is never closed on its line`,
      };
    }
    const bracket = unclosedBracket(lines, i);
    if (bracket) {
      return {
        line: i,
        column: bracket.column,
        text: `an unclosed ${bracket.char}: a value starting with ${bracket.char} is a YAML ${bracket.char === '[' ? 'list' : 'map'}; close it, or put the value in quotes`,
      };
    }
    // A line that is not `field: value` makes the parser fail on the line after it.
    const text = lines[i]!;
    if (text.trim() !== '' && !/^\s*#/.test(text) && !/^\s/.test(text) && !text.includes(':')) {
      return {
        line: i,
        column: 0,
        text: 'this line is not a "field: value" pair (no colon): add one, or join it to the line above inside quotes',
      };
    }
  }
  const line = lines[errorLine] ?? '';
  if (/^\s*\t/.test(line) || reason.includes('tab characters')) {
    return {
      line: errorLine,
      column: 0,
      text: 'a tab character indents this line: YAML indents with spaces only, and fields start at the beginning of the line',
    };
  }
  if (reason.startsWith('duplicated mapping key')) {
    const key = FIELD_LINE.exec(line)?.[1];
    const first = key === undefined ? -1 : lines.findIndex((l) => FIELD_LINE.exec(l)?.[1] === key);
    if (key !== undefined && first !== -1 && first < errorLine) {
      return { line: errorLine, column: 0, text: `the field "${key}" is written twice (first on line ${firstLine + first}): keep one` };
    }
  }
  if (/^\s+\S/.test(line) && FIELD_LINE.test(line.trimStart())) {
    return { line: errorLine, column: 0, text: 'this line is indented: every field starts at the beginning of its line' };
  }
  const field = FIELD_LINE.exec(line);
  if (field) {
    const [, , separator, value] = field as unknown as [string, string, string, string];
    const valueColumn = field[1]!.length + separator.length;
    const closedQuote = /^(["'])(?:\\.|(?!\1).)*\1\s*([^#\s].*)$/.exec(value);
    if (closedQuote) {
      return {
        line: errorLine,
        column: valueColumn,
        text: `text after the closing quote: put the whole value in quotes (e.g. '${value.replace(/'/g, "''")}')`,
      };
    }
    const colon = value.search(/:\s/);
    if (!/^["'[{]/.test(value) && colon !== -1) {
      return {
        line: errorLine,
        column: valueColumn + colon,
        text: 'a colon followed by a space inside an unquoted value: put the value in quotes',
      };
    }
    const special = /^[@`*&!%|>{[]/.exec(value)?.[0];
    if (special) {
      const why =
        special === '[' || special === '{'
          ? 'starts a YAML list or map that is not closed properly'
          : 'has a special meaning in YAML at the start of a value';
      return { line: errorLine, column: valueColumn, text: `the value starts with ${special}, which ${why}: put the value in quotes` };
    }
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
