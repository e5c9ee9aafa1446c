/** A content file's problem or warning, printed `file:line:column: field: reason`; a warning stops only a --strict upload. */
export interface ContentProblem {
  file: string;
  field: string;
  reason: string;
  /** 1-based line in the file, counting the front matter. */
  line?: number;
  /** 1-based column, when the line alone is not precise enough. */
  column?: number;
}

export const formatProblem = (p: ContentProblem): string =>
  `${p.file}${p.line === undefined ? '' : `:${p.line}${p.column === undefined ? '' : `:${p.column}`}`}: ${p.field}: ${p.reason}`;

export const formatWarning = (p: ContentProblem): string => `warning: ${formatProblem(p)}`;
