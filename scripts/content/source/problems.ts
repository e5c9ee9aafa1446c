/**
 * A content file's problem or warning (a mistake of contracts/maintainer-errors.ts at its place), printed
 * `file:line:column: field: message` with the hint below; a warning stops only a --strict upload.
 */
import { explain, type MaintainerErrorArgs, type MaintainerErrorCode } from '../../../contracts/maintainer-errors.ts';

export interface ContentProblem {
  file: string;
  field: string;
  code: MaintainerErrorCode;
  reason: string;
  hint: string;
  /** 1-based line in the file, counting the front matter. */
  line?: number;
  /** 1-based column, when the line alone is not precise enough. */
  column?: number;
}

/** Where a problem is: the file, the field (`body`, `image` for the markdown), and its line and column when known. */
export interface ProblemPlace {
  file: string;
  field: string;
  line?: number | undefined;
  column?: number | undefined;
}

export function contentProblem<C extends MaintainerErrorCode>(
  place: ProblemPlace,
  code: C,
  ...args: MaintainerErrorArgs<C>
): ContentProblem {
  const { message, hint } = explain(code, ...args);
  const { file, field, line, column } = place;
  return { file, field, code, reason: message, hint, ...(line === undefined ? {} : { line }), ...(column === undefined ? {} : { column }) };
}

export const formatProblem = (p: ContentProblem): string =>
  `${p.file}${p.line === undefined ? '' : `:${p.line}${p.column === undefined ? '' : `:${p.column}`}`}: ${p.field}: ${p.reason}\n  hint: ${p.hint} [${p.code}]`;

export const formatWarning = (p: ContentProblem): string => `warning: ${formatProblem(p)}`;
