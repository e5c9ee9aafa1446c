/**
 * What `npm start` tells the open pages after each republish: the version, the last save's problems, pages that moved.
 * Pure.
 */
import type { Manifest } from '../../../contracts/kv-values.ts';
import { entryPath } from '../../../contracts/manifest-lookup.ts';

export interface LiveState {
  /**
   * The manifest version the site serves (null: nothing published yet). A page that sees it
   * change shows itself again from fresh data.
   */
  version: number | null;
  /** Why the last save is not published, as the terminal printed it; empty when it is. */
  problems: string[];
  /** Path → new path of the pages whose entry took another slug or section in that version. */
  moved: Record<string, string>;
}

/** Where each file's page was in `before` and is in `after`, for the files whose page moved. */
export function movedPaths(before: Manifest | null, after: Manifest): Record<string, string> {
  const paths = (manifest: Manifest) => new Map([...manifest.entries, ...manifest.drafts].map((e) => [e.file, entryPath(e)]));
  const now = paths(after);
  const moved: Record<string, string> = {};
  for (const [file, path] of before ? paths(before) : []) {
    const next = now.get(file);
    if (next !== undefined && next !== path) moved[path] = next;
  }
  return moved;
}
