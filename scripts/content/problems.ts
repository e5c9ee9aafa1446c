/**
 * A problem found in a content file, printed as `file:line:column: field: reason` (the position
 * when known, in the file's own lines, so an editor or terminal can jump to it).
 * Warnings have the same shape: they do not stop an upload unless it runs with `--strict`.
 */
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
