/** A problem found in a content file, printed as `file: field: reason`. */
export interface ContentProblem {
  file: string;
  field: string;
  reason: string;
}

export const formatProblem = (p: ContentProblem): string => `${p.file}: ${p.field}: ${p.reason}`;
